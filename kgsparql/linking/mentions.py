"""Grouping scored readings of a question into its entity mentions: readings whose spans overlap
are one mention, a span of relation words only comes last."""
from __future__ import annotations

from ..types import Entity
from .matching import Reading
from .relation_words import names_relation
from .result import Candidate, Mention
from .text import Token

__all__ = ["group_mentions"]


def group_mentions(text: str, toks: list[Token], scored: list[tuple[Reading, float]], relation_vocab,
                   max_mentions: int, max_candidates: int) -> list[Mention]:
    """Scored readings, best first, grouped into non-overlapping mentions, each with its best
    ``max_candidates`` entities; at most ``max_mentions`` mentions."""
    groups: list[tuple[int, int, dict[Entity, float]]] = []
    for r, s in scored:  # best first: a reading joins the first group whose span overlaps its own
        for lo, hi, cands in groups:
            if r.i < hi and lo < r.j:
                cands.setdefault(r.entity, s)
                break
        else:
            groups.append((r.i, r.j, {r.entity: s}))
    # a span of relation words only is the topic only when nothing else is found
    groups.sort(key=lambda g: names_relation([t.text for t in toks[g[0]:g[1]]], relation_vocab))
    mentions = []
    for lo, hi, cands in groups[: max_mentions]:
        start, end = toks[lo].start, toks[hi - 1].end
        best = sorted(cands.items(), key=lambda p: -p[1])[: max_candidates]
        candidates = [Candidate(e, round(s, 6)) for e, s in best]
        mentions.append(Mention(text[start:end], start, end, candidates))
    return mentions
