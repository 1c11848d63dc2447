"""Deciding a sub-claim "A is linked to B by the relations R" from the KG: the relation paths that
connect A and B (``adapter.paths``, CVT-aware) are the decomposition without an LLM.

- supported: every relation word of the claim is covered by a path whose hops are relations the
  words name (a longer path may add unnamed hops); any path at all when no word names a relation;
- contradicted: not supported, and the KG records R for A or B (so the link would be there: a
  functional-looking relation then holds a different value, shown as counter-evidence), or, when
  no relation is named, no path of at most ``max_hops`` hops joins two entities the KG knows, or
  (closed world) the claim names a relation of the KG neither of them holds (``verify/unheld.py``);
- unknown: the KG records none of R for either entity."""
from __future__ import annotations

from ..types import Path
from .linked import Mentioned
from .result import CONTRADICTED, SUPPORTED, UNKNOWN, SubClaim
from .relation_words import RelationWord, named_labels

__all__ = ["PairChecker"]

COUNTER_EVIDENCE = 5       # triples shown to contradict a sub-claim
CLEAR = 0.65               # a word names a relation clearly: by its stem (1.0) or an embedding this close


class PairChecker:
    """Checks entity pairs against the KG; paths of a pair are fetched once per claim."""

    def __init__(self, adapter, relation_counts, max_hops: int = 2, unheld=()):
        self.adapter = adapter
        self.unheld = unheld                   # claim words naming a relation neither entity holds (verify/unheld.py)
        self.counts = relation_counts          # [RelationCount] around the claim's entities
        self.max_hops = max_hops
        self._paths: dict[tuple, list[Path]] = {}

    def label(self, relation) -> str:
        return relation.label or self.adapter.verbalize(relation)

    def paths(self, a: Mentioned, b: Mentioned) -> list[Path]:
        key = (a.entity, b.entity)
        if key not in self._paths:
            self._paths[key] = self.adapter.paths(a.entity, b.entity, max_hops=self.max_hops, limit=200)
        return self._paths[key]

    def links(self) -> tuple:
        """(hops of the shortest path or 0, the relation labels on the paths) of each pair checked."""
        return tuple((min((len(p) for p in paths), default=0), {self.label(r) for p in paths for r in p.relations})
                     for paths in self._paths.values())

    def check(self, a: Mentioned, b: Mentioned, words: list[RelationWord]) -> SubClaim:
        # a word that clearly names a relation neither entity holds means that one, not the label of
        # theirs it resembles loosely ("the writer of F is Y" is no *producer* link)
        words = [w for w in words if w.strength >= CLEAR or w.word not in {u.word for u in self.unheld}]
        named = named_labels(words)
        text = f"{a.entity.name} —{' / '.join(sorted(named)) or 'linked to'}→ {b.entity.name}"
        paths = self.paths(a, b)
        if named:
            fitting = [p for p in paths if _fits({self.label(r) for r in p.relations}, len(p), words)]
            covered = {self.label(r) for p in fitting for r in p.relations} & named
            if covered and all(_has_link(w, words, covered) for w in words if w.strength >= CLEAR):
                # every word that names a relation clearly has its link; a word tied to a label
                # only loosely may have named another one
                return SubClaim(text, SUPPORTED, tuple((p, True) for p in _shortest(fitting)),
                                f"the KG links {a.entity.name} and {b.entity.name} by {', '.join(sorted(covered))}",
                                (a.entity, b.entity))
            if all(w.strength < CLEAR for w in words) and any(len(p) == 1 for p in paths) and not self.unheld:
                # words tied to labels only loosely, none of them here, and none naming another
                # relation clearly: the direct link the KG has is what the claim says
                return SubClaim(text, SUPPORTED, tuple((p, True) for p in paths if len(p) == 1)[:3],
                                f"the KG links {a.entity.name} and {b.entity.name}", (a.entity, b.entity))
            if self.unheld and all(w.strength < CLEAR for w in words) and paths:
                return self._unheld(text, a, b, paths)
            missing = frozenset().union(*(w.labels for w in words if not w.labels & covered))
            return self._not_supported(text, a, b, missing, fitting)
        if paths and self.unheld:
            return self._unheld(text, a, b, paths)
        if paths:
            return SubClaim(text, SUPPORTED, tuple((p, True) for p in _shortest(paths)),
                            f"the KG links {a.entity.name} and {b.entity.name}", (a.entity, b.entity))
        known = {rc.entity for rc in self.counts}
        if a.entity in known and b.entity in known:
            return SubClaim(text, CONTRADICTED, (), f"no path of at most {self.max_hops} hops joins "
                            f"{a.entity.name} and {b.entity.name}", (a.entity, b.entity))
        return SubClaim(text, UNKNOWN, (), f"the KG holds nothing about {a.entity.name if a.entity not in known else b.entity.name}",
                        (a.entity, b.entity))

    def _unheld(self, text: str, a: Mentioned, b: Mentioned, paths: list[Path]) -> SubClaim:
        """Closed world: the claim names a relation neither entity holds, so the link it states is not
        there; the links the KG has instead are the counter-evidence."""
        said = ", ".join(sorted(named_labels(self.unheld)))
        return SubClaim(text, CONTRADICTED, tuple((p, False) for p in _shortest(paths)),
                        f"the claim names {said}, which neither {a.entity.name} nor {b.entity.name} holds; "
                        f"the KG links them otherwise", (a.entity, b.entity))

    def _not_supported(self, text: str, a: Mentioned, b: Mentioned, missing: frozenset[str], partial) -> SubClaim:
        held = [rc for rc in self.counts if rc.entity in (a.entity, b.entity) and self.label(rc.relation) in missing]
        if not held:
            return SubClaim(text, UNKNOWN, tuple((p, True) for p in partial),
                            f"the KG records no {', '.join(sorted(missing))} for {a.entity.name} or {b.entity.name}",
                            (a.entity, b.entity))
        counter = self._counter_evidence(held, {a.entity: a.entity, b.entity: b.entity})
        shown = "; ".join(f"{t.fact()[0].name} {self.label(t.relation)} {t.fact()[2].name}" for t in counter[:3])
        why = f"the KG has {shown}" if shown else f"no {', '.join(sorted(missing))} link joins them"
        return SubClaim(text, CONTRADICTED, tuple((Path((t,)), False) for t in counter), why, (a.entity, b.entity))

    def _counter_evidence(self, held, labelled) -> list:
        """The values the KG does hold for the named relation, from the entity with fewest (the
        functional-looking side: a film's director rather than a director's films)."""
        best = min(held, key=lambda rc: rc.count)
        entity = labelled.get(best.entity, best.entity)
        return self.adapter.neighbors([entity], best.relation, limit=COUNTER_EVIDENCE)[:COUNTER_EVIDENCE]


def _has_link(word: RelationWord, words: list[RelationWord], covered: set[str]) -> bool:
    """The word names a covered label, or is part of the same mention as a word that does (they
    name one label together: "name" and "leader" both name *leader name*)."""
    if word.labels & covered:
        return True
    return any(other.labels & covered and other.labels & word.labels for other in words if other is not word)


def _fits(labels: set[str], hops: int, words: list[RelationWord]) -> bool:
    """A path fits the named relations when it uses only them, or has a label of each word that
    names one clearly (of each word, when none does) and more hops than those labels ("appeared in a
    film directed by X" names only *directed*; "a leader in Rome" names *leader name* of Italy)."""
    named = named_labels(words)
    if labels <= named:
        return True
    clear = [w for w in words if w.strength >= CLEAR] or words
    return all(w.labels & labels for w in clear) and hops > len(labels & named)


def _shortest(paths: list[Path], keep: int = 3) -> list[Path]:
    return sorted(paths, key=len)[:keep]
