"""The subcommands of ``mtgasp``: one module per command, each with the same three parts.

- ``NAME``, ``HELP``: the command word and its one-line summary;
- ``configure(parser)``: add the command's arguments and description;
- ``run(args) -> str``: answer, returning what to print (text, or JSON with ``--json``).

``cli.py`` lists the modules in ``COMMANDS``; adding a command is one module and one line there.
``batch`` and ``prove`` keep their command in their own package (``batch/command.py``,
``prove/command.py``): they run these commands on many boards.

May import: ``output``, ``answers``, ``facts``, ``board``, ``cards``, ``solve`` and the foundation
modules. Never ``batch`` or ``prove``.
"""
