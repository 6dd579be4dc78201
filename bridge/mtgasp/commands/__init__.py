"""The subcommands of ``mtgasp``: one module per command, each with the same three parts.

- ``NAME``, ``HELP``: the command word and its one-line summary;
- ``configure(parser)``: add the command's arguments and description;
- ``run(args) -> str``: answer, returning what to print (text, or JSON with ``--json``).

``cli.py`` lists the modules in ``COMMANDS``; adding a command is one module and one line there.
"""
