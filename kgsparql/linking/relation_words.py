"""The words a KG names its relations with, read from its own vocabulary (``adapter.schema_relations``,
verbalised): ``country``, ``languages``, ``government`` in Freebase, ``directed``, ``starred`` in MetaQA.

A span of the question made only of such words more likely asks for a relation than names the
topic: in ``what country borders slovakia`` the genre *Country* and *Slovakia* both match a label
exactly, but ``country`` is also how the KG names relations (``country``, ``countries spoken in``).
The linker (``scoring``) gives a span with some other content word a small edge. Words are compared
case-folded, with a plural ``s`` dropped; no list of words is kept anywhere but the KG's own."""
from __future__ import annotations

from ..errors import KGSparqlError
from .text import is_content, tokens
from .vocabulary import loaded_relation_vocabulary

__all__ = ["relation_words", "names_relation", "word_form"]

VOCABULARY_LIMIT = 20000     # as [plugins.abstention] vocabulary_limit, so one read serves both


def word_form(word: str) -> str:
    """``Countries`` -> ``countrie``, ``states`` -> ``state``: case folded, one plural ``s`` dropped."""
    w = word.casefold()
    return w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w


def relation_words(kg, settings, models) -> frozenset[str]:
    """The content words of the KG's verbalised relations (``word_form``), read once per KG; empty
    when the KG does not give its vocabulary."""
    adapter = kg.adapter
    try:
        relations = loaded_relation_vocabulary(kg, settings, models, VOCABULARY_LIMIT)
    except KGSparqlError:
        return frozenset()
    words = set()
    for relation in relations:
        for tok in tokens(adapter.verbalize(relation).replace("_", " ").replace(".", " ")):
            if is_content(tok.text) and tok.text.isalpha():
                word = tok.text.casefold()
                words.add(word_form(word))
                if word.endswith("ies"):              # countries -> country
                    words.add(word[:-3] + "y")
    return frozenset(words)


def names_relation(words: list[str], vocabulary: frozenset[str]) -> bool:
    """Are all content words of ``words`` relation words of the KG?"""
    content = [w for w in words if is_content(w)]
    return bool(content) and all(word_form(w) in vocabulary for w in content)
