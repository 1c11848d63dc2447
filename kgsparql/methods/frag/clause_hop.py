"""The hop that leaves the topic is the one the relative clause around it names: "in which city is
the university that *employs* X" leaves X along ``works at``, not ``educated at``, although
"university" reads nearer the latter; "who heads the university where X *works*", "the studio where
X was *recorded*", "the band *formed* in X" likewise. Among the candidates as long as the best one
that differ from it only in that first hop, the one whose first hop reads clearly nearer the clause's
verb (MiniLM) goes first, its score kept.

The clause comes from English grammar ("the N that/which/who V ... X", "the N where X V", "the N
V-ed by/in X", "Ns V-ed in X"); the hops' words from the KG. No relation or phrasing of any KG is
named here."""
from __future__ import annotations

from typing import Sequence

from ...linking.topics import MASK
from ...rank.base import STOPWORDS, tokenize

__all__ = ["clause_hop_first", "clause_words"]

_RELATIVE = {"that", "which", "who", "whom", "whose", "where"}
_ARTICLE = {"the", "a", "an"}
_FRAME = {"is", "are", "was", "were", "be", "been", "did", "does", "do", "has", "have", "had", "s"}
_IRREGULAR = {"born", "made", "built", "written", "known", "held", "run", "sung", "drawn", "shown", "grown",
              "taken", "given", "sold", "led", "won"}     # English participles without -ed


def _verbs(words) -> list[str]:
    return [w for w in words if w not in STOPWORDS and w not in _FRAME and w not in _RELATIVE]


def clause_words(masked: str) -> str:
    """The verb of the relative clause or participle phrase right before the topic ("the university
    that *employs* X", "the game *directed* by X", "museums *located* in X") or, where a relative word
    alone stands there, right after it ("the university where X *works*"); empty where the topic is
    held by a preposition alone ("the capital of X", "the band behind X") or by nothing."""
    words = tokenize(masked)
    at = next((i for i, w in enumerate(words) if w == MASK.lower()), None)
    if at is None:
        return ""
    before, j = [], at - 1
    if j >= 0 and words[j] in _ARTICLE:
        j -= 1
    while j >= 0 and len(before) < 4 and words[j] not in _ARTICLE:
        before.insert(0, words[j])
        if words[j] in _RELATIVE:
            break
        j -= 1
    if before and before[0] in _RELATIVE and j > 0:     # not the question's own "who wrote X"
        verbs = _verbs(before[1:]) or _verbs(words[at + 1:])[:1]
    elif before and before[0] in _RELATIVE:
        return ""
    else:
        verbs = [w for w in before if w.endswith(("ed", "ing")) or w in _IRREGULAR][-1:]
    return " ".join(verbs)


def clause_hop_first(encoder, masked: str, ranked: Sequence[tuple[tuple, float]], verbalize,
                     depth: int = 6, min_share: float = 0.4, lead: float = 0.08) -> list:
    """``ranked`` (chain, score) best first, with the candidate (among the first ``depth``, scoring at
    least ``min_share`` of the best, as long as it and differing only in the first hop) whose first
    hop reads ``lead`` nearer the clause's verb than the best's first hop does, first."""
    ranked = list(ranked)
    if encoder is None or len(ranked) < 2 or ranked[0][1] <= 0:
        return ranked
    first, top = ranked[0]
    rivals = [c for c, s in ranked[1:depth] if len(c) == len(first) and len(c) > 1 and c[1:] == first[1:]
              and c[0] != first[0] and s >= min_share * top]
    verb = clause_words(masked) if rivals else ""
    if not verb:
        return ranked
    labels = list(dict.fromkeys(verbalize(c[0]) for c in (first, *rivals)))
    vectors = encoder.embed([verb, *labels])
    near = {label: float(v @ vectors[0]) for label, v in zip(labels, vectors[1:])}
    best = max(rivals, key=lambda c: near[verbalize(c[0])])
    if near[verbalize(best[0])] - near[verbalize(first[0])] < lead:
        return ranked
    at = next(i for i, (c, _) in enumerate(ranked) if c == best)
    return [ranked[at], *ranked[:at], *ranked[at + 1:]]
