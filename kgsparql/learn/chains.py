"""Relation chains as stable string keys (``<iri>|<via>|<flag>`` joined by ``;``) so a classifier can
name them. The flag is 0/1 for forwards/inverse, 2/3 for a star hop (``Relation.star``) forwards/inverse, 4/5 for a
sink hop (``Relation.sink``)."""
from __future__ import annotations

from typing import Sequence

from ..types import Relation

__all__ = ["chain_key", "parse_chain_key"]


def chain_key(chain: Sequence[Relation]) -> str:
    return ";".join(f"{r.iri}|{r.via or ''}|{int(r.inverse) + 2 * int(r.star) + 4 * int(r.sink)}" for r in chain)


def parse_chain_key(key: str) -> tuple[Relation, ...]:
    out = []
    for part in key.split(";"):
        iri, via, inv = part.rsplit("|", 2)
        flag = int(inv)
        out.append(Relation(iri, None, bool(flag & 1), via or None, bool(flag & 2), bool(flag & 4)))
    return tuple(out)
