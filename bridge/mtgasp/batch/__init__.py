"""Many boards, one query (``mtgasp batch``, ``command``): a process pool (``pool``) or a Dask
cluster (``on_dask``) each answering as the command would (``run``); the activations query
asked of many boards in one grounding (``worlds``, ``ground``); a long-lived ``checker``.

May import: ``commands`` (a batch answers as a subcommand does), ``answers``, ``facts``,
``board``, ``cards``, ``solve`` and the foundation modules. Never ``prove``.
"""
