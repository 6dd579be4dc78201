"""The Oracle-text compiler: ``compile_card(record)`` turns a card's Oracle text into the facts of
its abilities in the vocabulary of ``asp/README.md``, one ability at a time, by the templates of the
grammar ``oracle.lark``; what no template covers is kept as ``not_modelled/4``
(docs/oracle-compiler.md)."""

from .compiler import KEYWORDS, Ability, CompiledCard, compile_card

__all__ = ["KEYWORDS", "Ability", "CompiledCard", "compile_card"]
