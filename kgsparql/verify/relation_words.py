"""Which KG relations the claim's words name, and which entity pair each word belongs to.

The relation labels are the KG's own (``adapter.verbalize`` of the relations around the linked
entities); the ``alignment`` ranker says which claim word names which label (stems, then MiniLM).
When no single word names one, the claim as a whole may still mean one ("X had a screenplay
credit"): ``kgsparql.meaning.RelationMatcher``, the matcher every question-answering method uses,
ranks the labels against the whole claim, and the best is taken when it scores the matcher's
``min_score`` and leads the next label by its ``margin`` (a loose word: its strength is the score).
A word belongs to the pair of the hub and the non-hub entity nearest to it in the text, the
following one on a tie ("directed by X and starred Y": *directed* goes to X, *starred* to Y)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..rank.base import tokenize
from .linked import Mentioned

__all__ = ["RelationWord", "relation_words", "meant_word", "named_labels", "assign_words", "is_type_noun",
           "introduces_name"]


@dataclass(frozen=True)
class RelationWord:
    word: str
    position: int                  # character offset in the claim
    labels: frozenset[str]         # the KG relation labels it names
    strength: float = 1.0          # 1.0 when the word's stem is in a label, else its embedding cosine


def named_labels(words) -> frozenset[str]:
    """Every label the claim's relation words name."""
    return frozenset().union(*(w.labels for w in words)) if words else frozenset()


def relation_words(aligner, claim: str, masked_claim: str, labels: list[str], matcher=None) -> list[RelationWord]:
    """The claim's words that name one of ``labels``, with their positions in ``claim``; with a
    ``matcher`` and no such word, the label the whole claim means (``meant_word``)."""
    if not labels:
        return []
    evidence = aligner.evidence(masked_claim, sorted(set(labels)))
    out = []
    lowered = claim.lower()
    for word, named in evidence.items():
        named = _compound_labels(word, named)
        m = re.search(rf"(?<![^\W_]){re.escape(word)}(?![^\W_])", lowered)
        out.append(RelationWord(word, m.start() if m else 0, frozenset(named), max(named.values())))
    if not out and matcher is not None:
        out = meant_word(matcher, claim, masked_claim, sorted(set(labels)))
    return sorted(out, key=lambda w: w.position)


def _compound_labels(word: str, named: dict[str, float]) -> dict[str, float]:
    """A compound word names the label that is the compound, not the label of its head ("youthclub"
    names *youthclubs*, not *clubs*), when the KG has both."""
    whole = _squashed(word)
    if not any(_squashed(label) == whole for label in named):
        return named
    return {label: s for label, s in named.items()
            if not (len(_squashed(label)) < len(whole) and whole.endswith(_squashed(label)))}


def _squashed(text: str) -> str:
    """Letters only, lower case, a plural "s" dropped ("Youth clubs" -> "youthclub")."""
    letters = re.sub(r"[^a-z]", "", text.lower())
    return letters[:-1] if letters.endswith("s") and len(letters) > 3 else letters


def meant_word(matcher, claim: str, masked_claim: str, labels: list[str]) -> list[RelationWord]:
    """The label the whole claim means, by ``RelationMatcher``, placed at the claim word closest
    to it in meaning; empty when no label leads clearly."""
    ranked = matcher.rank(masked_claim, labels)
    if len(ranked) < 2:
        return []
    (label, score), (_, second) = ranked[0], ranked[1]
    if score < matcher.options.min_score or score - second < matcher.options.margin:
        return []
    words = [w for w in dict.fromkeys(tokenize(masked_claim, stopwords=True)) if w != "x"]
    if not words:
        return []
    word = max(words, key=lambda w: float(matcher.name_scores(w, [label])[0]))
    m = re.search(rf"(?<![^\W_]){re.escape(word)}(?![^\W_])", claim.lower())
    return [RelationWord(word, m.start() if m else 0, frozenset({label}), float(score))]


_DETERMINER = re.compile(r"(?:^|\W)(?:the|a|an|this|that)\s+$", re.I)
_QUOTES = " \t\"'“”‘’"


def is_type_noun(claim: str, word: RelationWord, mentioned: list[Mentioned]) -> bool:
    """The word is a noun set before a name with a determiner ("the film English Without Tears",
    "the city Lahore"): it says what the named thing is, not how it is linked to another."""
    end = word.position + len(word.word)
    if not _DETERMINER.search(claim[:word.position]):
        return False
    return any(m.start >= end and not claim[end:m.start].strip(_QUOTES) for m in mentioned)


# English verbs that give a thing its name ("a child called X", "a predecessor named X", "known as X"),
# in the participle
_NAMING = frozenset("named called titled dubbed nicknamed known".split())
_BEFORE_NAME = re.compile(r"^(?:\s+as)?(?:\s+the)?\s*$", re.I)


def introduces_name(claim: str, word: RelationWord, mentioned: list[Mentioned]) -> bool:
    """The word is a naming participle written right before a name, "as" and "the" aside ("He had a
    predecessor named William Hague", "Darlington, which is known as the Kingdom of England"): it
    introduces the name, the noun before it names the relation. "known" does so with "as" only."""
    end = word.position + len(word.word)
    if word.word not in _NAMING:
        return False
    between = [claim[end:m.start].strip(_QUOTES) for m in mentioned if m.start >= end]
    return any(_BEFORE_NAME.match(" " + b) and (word.word != "known" or b.lower().startswith("as")) for b in between)


def _distance(claim: str, word: RelationWord, m: Mentioned) -> tuple[int, int, int]:
    """Content words between the word and the mention (function words do not count), then the
    side (the entity that follows the word wins a tie), then characters."""
    if word.position >= m.end:
        between = claim[m.end:word.position]
        return len(tokenize(between, stopwords=True)), 1, len(between)
    if word.position < m.start:
        between = claim[word.position + len(word.word):m.start]
        return len(tokenize(between, stopwords=True)), 0, len(between)
    return 0, 0, 0


def assign_words(claim: str, words: list[RelationWord], hub: Mentioned,
                 others: list[Mentioned]) -> dict[Mentioned, list[RelationWord]]:
    """Each relation word goes to the non-hub entity nearest to it."""
    out: dict[Mentioned, list[RelationWord]] = {m: [] for m in others}
    for w in words:
        if others:
            out[min(others, key=lambda m: _distance(claim, w, m))].append(w)
    return out
