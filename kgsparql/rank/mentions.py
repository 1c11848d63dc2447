"""How many times a question mentions each relation, from English question grammar alone (no KG's
relation names): the alignment ranker uses it to read a question's hop count.

A KG's relation often has several names (Wikidata's ``screenwriter`` is also "writer", "screenplay
by", "written by"), so two words of one phrase can name the same relation once: "who **wrote** the
**screenplay** for X", "X was **written** by which **writers**". They name it twice, once per hop,
when the first word opens a phrase about other entities ("the films **written** by the **writer**
of X", "what else did the **director** of X **direct**"):

- the answer-type word (the noun right after "which" / "what") is the same mention as another word
  naming the same relation: it names the relation's end, not another hop;
- two words naming the same relation with only function words between them are one mention,
  unless the first follows a noun it describes ("films written by the writer of X").

A question that asks for entities like its topic ("which **other** films", "who acted
**alongside** X", "movies that **share** actors with X") is answered by a walk out along a relation
and back along it: ``asks_for_like`` says so."""
from __future__ import annotations

import re

from .base import STOPWORDS

__all__ = ["SAME_KIND_WORDS", "WHEN", "YEAR", "asks_for_date", "asks_for_like", "like_through_phrase", "answer_type_word", "one_mention_each", "distances", "in_order"]

# English words that ask for entities of the same kind as the topic (not any KG's vocabulary)
SAME_KIND_WORDS = frozenset("other others else also alongside share shares shared sharing same together "
                            "co another fellow".split())
_WH = frozenset({"which", "what"})
YEAR = re.compile(r"\byears?\b", re.I)
WHEN = re.compile(r"^\s*(?:\w+\s+){0,2}?when\b|\bwhen\s+(?:was|were|did|is|does|do|will|had|has)\b"
                  r"|\bwhen\s*\?*\s*$", re.I)
_WORD = re.compile(r"[^\W_]+")


def _tokens(question: str) -> list[str]:
    return _WORD.findall(question.lower())


def asks_for_date(question: str) -> bool:
    """Whether the question asks when, or in what year ("when was X released", "X came out when?")."""
    return bool(YEAR.search(question) or WHEN.search(question))


def asks_for_like(question: str) -> bool:
    """Whether the question asks for entities of the topic's own kind ("which other films"), or for
    its peers by a word made for them ("teammates", "classmates": a compound on "mate")."""
    return any(w in SAME_KIND_WORDS or (len(w) > 6 and w.endswith(("mate", "mates"))) for w in _tokens(question))


_PHRASE_HEADS = frozenset("of with alongside by".split())


def like_through_phrase(question: str, mask: str = "x") -> bool:
    """Whether the question asks for entities like the topic that it names inside a prepositional
    phrase ("what else did the writer *of X* write", "which films share actors *with X*") or as a
    possessive ("what films did *X's director* also make"): the answer goes out from the topic and
    back, not to the phrase's head. "What other films did X direct", whose topic is the subject,
    does not."""
    words = _tokens(question)
    return asks_for_like(question) and any(
        w == mask and ((i and words[i - 1] in _PHRASE_HEADS) or words[i + 1:i + 2] == ["s"])
        for i, w in enumerate(words))


def answer_type_word(question: str) -> str | None:
    """The first content word after "which" / "what" (only function words between): "which
    **writers**", "what **films**"; None when there is none."""
    words = _tokens(question)
    for i, w in enumerate(words):
        if w in _WH:
            rest = [x for x in words[i + 1:i + 4] if x not in STOPWORDS and x not in SAME_KIND_WORDS]
            return rest[0] if rest else None
    return None


def one_mention_each(question: str, evidence: dict[str, dict[str, float]]) -> dict[str, dict[str, float]]:
    """``evidence`` (word -> {relation label: strength}) without the words that repeat a mention of
    a relation another word already makes (module docstring)."""
    words = _tokens(question)
    position = {w: i for i, w in reversed(list(enumerate(words)))}
    out = dict(evidence)
    wanted = answer_type_word(question)
    if wanted in out and any(set(out[wanted]) & set(e) for w, e in out.items() if w != wanted):
        del out[wanted]
    for word in sorted(out, key=lambda w: position.get(w, 0)):
        if word not in out or word not in position:
            continue
        i = position[word]
        j = next((k for k in range(i + 1, len(words)) if words[k] not in STOPWORDS), None)
        follower = words[j] if j is not None else None
        if follower in out and follower != word and set(out[word]) & set(out[follower]) \
                and not _describes_a_noun(words, i):
            merged = {k: max(out[word].get(k, 0.0), out[follower].get(k, 0.0)) for k in {*out[word], *out[follower]}}
            out[word] = merged
            del out[follower]
    return out


def _describes_a_noun(words: list[str], i: int) -> bool:
    """The word at ``i`` comes right after a content word ("films **written** by"): it opens a
    phrase describing that noun, so what follows is about other entities."""
    return i > 0 and words[i - 1] not in STOPWORDS and words[i - 1] != "x"


def distances(question: str) -> dict[str, int]:
    """Each content word's distance, in content words, from the topic mention ``x`` (the nearest
    occurrence); empty when the question has no mention."""
    content = [w for w in _tokens(question) if w not in STOPWORDS]
    marks = [i for i, w in enumerate(content) if w == "x"]
    if not marks:
        return {}
    out: dict[str, int] = {}
    for i, w in enumerate(content):
        out[w] = min(out.get(w, 99), min(abs(i - m) for m in marks))
    return out


def in_order(path: list[str], evidence: dict[str, dict[str, float]], far: dict[str, int]) -> bool:
    """Whether the hops of ``path`` (labels) meet the words naming them nearest the topic first, the
    way English nests phrases ("who wrote the movies X acted in": ``cast member`` then
    ``screenwriter``). Hops with the same label, or no placed word, do not count."""
    if len(set(path)) < 2:
        return True
    seen = []
    for label in path:
        placed = [far[w] for w, e in evidence.items() if label in e and w in far]
        if placed and path.count(label) == 1:
            seen.append(min(placed))
    return all(a <= b for a, b in zip(seen, seen[1:]))
