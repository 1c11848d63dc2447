"""Relation chains as answers: execute a chain from the topic entities against the KG
(``follow_chain``), and enumerate the chains a retrieved subgraph realises (``chain_ends``).

Both follow one of three answer conventions (``walks``):

- ``simple``: paths never visit a node twice;
- ``revisit`` (the default, MetaQA's): walks never come back to a topic entity, but other nodes may
  repeat ("the films written by the writer of X were directed by whom" is answered from X's writers'
  other films, and the writer may have directed one of them);
- ``return`` (PathQuestion's): walks may come back to anything, the topic included, which then
  counts as an answer."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Mapping, Sequence

from ..config import WALKS
from ..errors import InputError
from ..types import Entity, Path, Relation
from .subgraph import Subgraph

__all__ = ["WALKS", "ChainResult", "follow_chain", "chain_ends", "check_walks"]

Chain = tuple[Relation, ...]


def check_walks(walks: str) -> str:
    if walks not in WALKS:
        raise InputError(f"walks must be one of {', '.join(WALKS)}, not {walks!r}")
    return walks


@dataclass(frozen=True)
class ChainResult:
    answers: tuple[Entity, ...]      # end entities, best first
    paths: tuple[Path, ...]          # supporting paths, ordered like their end entities
    support: Mapping[Entity, int]    # paths reaching each answer

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(e.name for e in self.answers))


def follow_chain(adapter, sources: Sequence[Entity], chain: Sequence[Relation], *, walks: str = "revisit",
                 scores: Mapping[Entity, float] | None = None, limit: int = 20_000) -> ChainResult:
    """Follow ``chain`` from ``sources`` through the adapter (batched, one query per hop). End
    entities are ranked by how many paths reach them, then ``scores`` (e.g. PageRank), then name."""
    check_walks(walks)
    paths = adapter.paths_from(list(sources), list(chain), limit=limit, walks=walks)
    if walks == "simple":
        paths = [p for p in paths if p.end not in sources]
    support = Counter(p.end for p in paths)
    scores = scores or {}
    ends = sorted(support, key=lambda e: (-support[e], -scores.get(e, 0.0), e.name, e.id))
    rank = {e: i for i, e in enumerate(ends)}
    paths.sort(key=lambda p: (rank[p.end], tuple(e.id for e in p.entities)))
    return ChainResult(tuple(ends), tuple(paths), dict(support))


def chain_ends(sub: Subgraph, sources: Sequence[Entity], max_len: int, *, walks: str = "revisit",
               max_chains: int = 5000) -> dict[Chain, set[Entity]]:
    """Every relation chain of 1..``max_len`` hops the subgraph realises from ``sources``, with the
    set of entities it ends at (computed on sets, so walks cost no more than paths). A set does not
    remember the path to each node, so ``simple`` is computed as ``revisit`` (never back to a source)."""
    check_walks(walks)
    start = set(sources)
    layer: dict[Chain, set[Entity]] = {(): start}
    out: dict[Chain, set[Entity]] = {}
    for _ in range(max_len):
        nxt: dict[Chain, set[Entity]] = {}
        for chain, nodes in layer.items():
            for node in nodes:
                for t in sub.neighbours(node):
                    if walks != "return" and t.tail in start:
                        continue
                    nxt.setdefault(chain + (t.relation,), set()).add(t.tail)
        layer = dict(list(nxt.items())[:max_chains])
        out.update(layer)
    return {c: ends for c, ends in out.items() if ends}
