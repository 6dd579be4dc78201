"""The subcommands of ``mtgasp``: one module per command, each with the same two parts.

- ``configure(parser)``: add the command's arguments and description;
- ``run(args) -> str``: answer, returning what to print (text, or JSON with ``--json``).

``cli.py`` lists each command's word, one-line summary and module in ``COMMANDS`` (a module is
imported only when its command runs); adding a command is one module and one line there.
``batch`` and ``prove`` keep their command in their own package (``batch/command.py``,
``prove/command.py``): they run these commands on many boards.

May import: ``output``, ``answers``, ``facts``, ``board``, ``cards``, ``solve`` and the foundation
modules. Never ``batch`` or ``prove``.
"""
