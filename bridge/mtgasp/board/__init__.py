"""The input model: a board (``model``) loaded from YAML or JSON and validated with precise
locations (``load``), written back (``write``); the events and numbers a question names
(``events``, ``values``, ``numbers``).

May import: ``cards`` (names, faces, which cards are never permanents), ``solve`` and the
foundation modules. Never ``facts``, an answer, an output or a command.
"""
