"""Per-query verifiers for the data-driven scenario cases in tests/cases/.

A case names its ``query``; the runner imports ``checks.<query>`` and calls its
``verify(board, args, expect)``, which asserts and returns nothing.
"""
