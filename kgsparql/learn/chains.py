"""Relation chains as stable string keys (``<iri>|<via>|<0/1 inverse>`` joined by ``;``) so a
classifier can name them."""
from __future__ import annotations

from typing import Sequence

from ..types import Relation

__all__ = ["chain_key", "parse_chain_key"]


def chain_key(chain: Sequence[Relation]) -> str:
    return ";".join(f"{r.iri}|{r.via or ''}|{int(r.inverse)}" for r in chain)


def parse_chain_key(key: str) -> tuple[Relation, ...]:
    out = []
    for part in key.split(";"):
        iri, via, inv = part.rsplit("|", 2)
        out.append(Relation(iri, None, inv == "1", via or None))
    return tuple(out)
