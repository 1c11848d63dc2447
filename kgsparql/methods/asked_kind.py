"""The asked noun: the word that says what kind of thing the answer is ("*which films* …", "in *which
country* …", "*what city* is X in"), read as a relation's name only where the answers are not that kind.

"Which country is Siemens from?" names ``in country`` with "country", and "in which city is the museum
that holds Guernica" names ``capital city``: the noun names the answer's kind, which a label of the KG
also holds, and abstention read it as a relation the question asks for and the topic lacks. A noun
after "which" / "what" (or "what kind of") names a relation only when the question asks for that
relation, and that shows in the answers: the chain's ends hold the label the noun names, on the side the
noun names (Japan is some company's ``home country``; Madrid some country's ``capital city``: the noun is
the label's head word, so its values are of that kind; "which *paintings*" and ``painted by``: the noun
is not the head, so its holders are), and the label is no rival of the chain. "Which country is the
ICE 3 from?" answered with its maker keeps ``home country`` a rival: Siemens holds it, but as a company,
not as a country. "What language is Casablanca in?" answered with genres keeps
its rival ``original language``: no genre holds it. "What is the country of origin of X" has no
asked noun (the noun follows "what is the"), so it still names ``country of origin``.

The kind is read from the KG (the relations the ends hold, either direction), the noun from English
question words; no relation of any KG is named here.

The other way round, "who is the *CEO* of Valve" names its relation in so many words (``framed_relation``):
where no relation word of the question names the chain at all (alignment 0) on a small KG with no trained
prior, a chain only the whole question's likeness recognised (``founder``) is some other relation, and
the question asks for one the KG lacks here."""
from __future__ import annotations

import re
from typing import Mapping, Sequence

from ..errors import KGSparqlError
from ..meaning import without_direction
from ..rank.base import tokenize

__all__ = ["AskedNouns", "asked_noun", "noun_labels", "chain_ends", "ends_of_kind", "framed_relation", "headed_by"]

_ASKED = re.compile(r"\b(?:which|what)\s+(?:(?:kinds?|types?|sorts?)\s+of\s+)?([a-z][a-z-]+)\b", re.I)
# "what is the N of X", "who was the N of X": the question names the relation it asks for, N
_FRAME = re.compile(r"^\s*(?:what|who|which)\s+(?:is|was|are|were)\s+the\s+([^?]+?)\s+of\s+\S", re.I)
_NO_RELATION = frozenset("name names title titles kind kinds type types sort sorts part parts one ones".split())
# words after "which" / "what" that ask nothing about the answer's kind (verbs, pronouns, determiners)
_NOT_NOUNS = frozenset("is was are were be been did does do has have had can could will would should may might "
                       "must shall the a an of in on at to by for from with this that these those it its he she "
                       "they one ones else other others".split())


def asked_noun(question: str) -> str | None:
    """The noun the question names its answer's kind with, as written: "Which *films* did X direct",
    "In which *country* is X", "What kind of *music* …", "how many *copies*" is left out (a count asks no
    kind of KG entity). None when "which" / "what" is followed by a verb ("what is the N of X")."""
    found = _ASKED.search(question)
    if not found or found.group(1).lower() in _NOT_NOUNS:
        return None
    return found.group(1)


def framed_relation(question: str) -> str | None:
    """N in "what is the N of X" / "who was the N of X": the relation the question names in so many
    words ("the *CEO* of", "the *school colors* of"); None for another shape or for a noun that names
    no relation ("what is the *name* of", "the *kind* of")."""
    found = _FRAME.match(question)
    if not found or found.group(1).lower() in _NO_RELATION:
        return None
    return found.group(1)


def noun_labels(evidence: Mapping[str, Mapping[str, float]], noun: str | None, own: set[str]) -> set[str]:
    """The labels of the KG that the asked ``noun`` alone names among the question's relation words
    (``evidence``: word -> {label: strength}), other than the chain's ``own``."""
    if not noun:
        return set()
    named = {without_direction(label) for label in evidence.get(noun, {})}
    elsewhere = {without_direction(label) for word, e in evidence.items() if word != noun for label in e}
    return named - elsewhere - own


def chain_ends(adapter, topics: Sequence, chain: Sequence, limit: int = 200, sample: int = 40) -> list:
    """The entities ``chain`` reaches from ``topics`` (up to ``sample``), one adapter step per hop;
    empty where a step fails."""
    layer = list(topics)
    try:
        for hop in chain:
            if not layer:
                return []
            layer = sorted({t.tail for t in adapter.neighbors(layer, hop, limit=limit)}, key=lambda e: e.id)[:sample]
    except KGSparqlError:
        return []
    return layer


def headed_by(label: str, noun: str) -> bool:
    """Whether ``noun`` is ``label``'s head word, singular or plural ("city" and ``headquarters city``,
    "countries" and ``country of origin``)."""
    return _singular(_head(label)) == _singular(noun)


def _singular(word: str) -> str:
    word = word.lower()
    return word[:-3] + "y" if word.endswith("ies") else word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _head(label: str) -> str:
    """A label's head word: the last content word, or the one before "of" ("country of origin")."""
    before = label.split(" of ")[0] if " of " in label else label
    words = tokenize(before, stopwords=True) or tokenize(label, stopwords=True)
    return words[-1] if words else ""


def ends_of_kind(adapter, ends: Sequence, labels: set[str], noun: str) -> set[str]:
    """Of ``labels``, those the ``ends`` hold on the side the ``noun`` names: as values where the noun is
    the label's head word ("city" and ``headquarters city``), as holders otherwise ("paintings" and
    ``painted by``). One adapter step per side asked."""
    sides = {label: "in" if headed_by(label, noun) else "out" for label in labels}
    found: set[str] = set()
    for side in sorted(set(sides.values())):
        try:
            held = {without_direction(adapter.verbalize(rc.relation)) for rc in adapter.relations(list(ends), side)}
        except KGSparqlError:
            continue
        found |= {label for label, s in sides.items() if s == side and label in held}
    return found


class AskedNouns:
    """Mixed into ``RelationMatch``: needs its ``options``, ``kinds`` (a ``KindRelations``) and
    ``few_relations()``."""

    def _kind_nouns(self, masked: str, evidence: dict, own: set, topics: Sequence, chain: Sequence,
                    parts: dict) -> frozenset[str]:
        """The labels the asked noun alone names ("*which country* is X from" and ``in country``) that the
        chain's ends hold, on the side the noun names: it names the kind of the answer, which they are, not a
        relation the topic lacks (``methods/asked_kind.py``). Read on a KG of at most
        ``outside_max_relations`` relations where no trained prior speaks (one adapter step per hop and one
        for the ends' relations, only where the noun names such a label). Records ``parts["asked_kind"]``."""
        kinds = getattr(self, "kinds", None)
        noun = asked_noun(masked)
        labels = noun_labels(evidence, noun.lower() if noun else None, own)
        if not (labels and self.options.asked_kind and kinds is not None and topics and chain) \
                or "prior" in parts or not self.few_relations():
            return frozenset()
        ends = chain_ends(kinds.adapter, topics, chain)
        held = frozenset(ends_of_kind(kinds.adapter, ends, labels, noun)) if ends else frozenset()
        if held:
            parts["asked_kind"] = 1.0
        return held

    def _framed(self, masked: str, parts: dict) -> str | None:
        """The relation "what is the N of X" names in so many words, where no relation word of the question
        names the chain (alignment 0) on a small KG with no trained prior (``methods/asked_kind.py``).
        Records ``parts["framed"]``."""
        if not self.options.framed_relation or parts.get("alignment", 0.0) > 0.0 or "prior" in parts \
                or not self.few_relations():
            return None
        named = framed_relation(masked)
        if named:
            parts["framed"] = 1.0
        return named
