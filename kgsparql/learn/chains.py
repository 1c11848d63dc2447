"""Relation chains as stable string keys (``<iri>|<via>|<flag>`` joined by ``;``) so a classifier can
name them. The flag is 0/1 for forwards/inverse, 2/3 for a star hop (``Relation.star``) forwards/inverse."""
from __future__ import annotations

from typing import Sequence

from ..types import Relation

__all__ = ["chain_key", "parse_chain_key"]


def chain_key(chain: Sequence[Relation]) -> str:
    return ";".join(f"{r.iri}|{r.via or ''}|{int(r.inverse) + 2 * int(r.star)}" for r in chain)


def parse_chain_key(key: str) -> tuple[Relation, ...]:
    out = []
    for part in key.split(";"):
        iri, via, inv = part.rsplit("|", 2)
        out.append(Relation(iri, None, inv in ("1", "3"), via or None, inv in ("2", "3")))
    return tuple(out)
