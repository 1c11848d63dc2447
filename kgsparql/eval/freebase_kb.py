"""A Freebase-shaped KB from the evidence triples of WebQSP and CWQ (``<data>/webqsp``, ``<data>/cwq``).

The evidence is ``[head, relation, tail]`` with names for named entities and raw mids for CVT nodes.
It is written as Freebase RDF: IRIs under ``http://rdf.freebase.com/ns/``; a named endpoint becomes
``ns:<mid>`` with ``ns:type.object.name "…"@en``, where the mid is the one the data gives for that
name (WebQSP answer names beside their mids, CWQ topic entities and single answers; then, for a
WebQSP topic mid named nowhere, the one named head of its gold chain's first relation), else a stable
minted id ``ns:m.x<12 hex of sha256(name)>`` (a real mid never starts with ``m.x``); a raw mid stays
an unnamed node, which the ``freebase`` adapter walks as a CVT. A head name with a comma was split at
its first comma upstream, so that the rest of the name went in front of the relation
(``["Martin Luther King", "Jr.,people.person.education", …]``): such a triple is mended into
``["Martin Luther King, Jr.", "people.person.education", …]`` (``mend``). A relation that is still
not a Freebase id (``domain.type.property``) is dropped and counted. Both datasets' name↔mid pairs
are used for either KB: the mids are Freebase's."""
from __future__ import annotations

import hashlib
import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Iterable

import pyoxigraph

from ..errors import InputError
from .split_names import is_mid, is_relation_id, mend

__all__ = ["FB", "FreebaseKB", "read_jsonl", "is_relation_id", "is_mid", "mid_iri", "mend"]

FB = "http://rdf.freebase.com/ns/"
_NAME = pyoxigraph.NamedNode(FB + "type.object.name")
def mid_iri(mid: str) -> str:
    return FB + mid


def read_jsonl(path: Path) -> list[dict]:
    """The JSON objects of a question file, one a line."""
    rows = []
    try:
        with open(path, encoding="utf-8") as fh:
            for no, line in enumerate(fh, 1):
                if line.strip():
                    try:
                        rows.append(json.loads(line))
                    except ValueError:
                        raise InputError(f"{path}:{no}: not a JSON line") from None
    except FileNotFoundError:
        raise InputError(f"missing benchmark file {path}") from None
    return rows


def _pairs(webqsp: Iterable[dict], cwq: Iterable[dict]) -> Iterable[tuple[str, str]]:
    """Every (name, mid) pairing the data states."""
    for row in webqsp:
        names, mids = list(dict.fromkeys(row.get("answers") or [])), list(dict.fromkeys(row.get("answer_mids") or []))
        if len(names) == len(mids):             # aligned by position (RoG order); mostly right, outvoted when not
            yield from zip(names, mids)
    for row in cwq:
        yield from ((name, mid) for mid, name in (row.get("topic_entity") or {}).items())
        mids = row.get("answer_mids") or []
        if len(mids) == 1 and row.get("answer_name"):
            yield row["answer_name"], mids[0]


def _inferred_topics(webqsp: Iterable[dict]) -> Iterable[tuple[str, str]]:
    """(name, topic mid) for WebQSP questions whose topic is named nowhere: the one named head of the
    evidence triples along the first relation of the question's gold chain (the chain starts at the topic)."""
    for row in webqsp:
        mid, chain = row.get("topic_entity_mid"), row.get("gold_relations") or []
        triples = (mend(*triple) for triple in row.get("evidence_triples") or [])
        heads = {h for h, r, _ in triples if chain and r == chain[0] and not is_mid(h)}
        if mid and len(heads) == 1:
            yield heads.pop(), mid


def _name_to_mid(pairs: Iterable[tuple[str, str]], cvts: set[str], out: dict[str, str] | None = None) -> dict[str, str]:
    """Each name's most stated mid (ties: the smaller mid); a mid goes to one name only. Names and
    mids already in ``out`` keep theirs."""
    votes: dict[str, Counter] = defaultdict(Counter)
    for name, mid in pairs:
        if is_mid(mid) and mid not in cvts:
            votes[name][mid] += 1
    ranked = sorted(((-n, mid, name) for name, c in votes.items() for mid, n in c.items()))
    out = dict(out or {})
    taken: set[str] = set(out.values())
    for _, mid, name in ranked:
        if name not in out and mid not in taken:
            out[name] = mid
            taken.add(mid)
    return out


def _minted(name: str) -> str:
    return "m.x" + hashlib.sha256(name.encode("utf-8")).hexdigest()[:12]


@dataclass
class FreebaseKB:
    """The KB of one question file: its triples (names / raw mids), the name → mid table, what was dropped."""

    triples: list[tuple[str, str, str]]
    mids: dict[str, str]                                 # name -> mid (given or minted)
    dropped: Counter = field(default_factory=Counter)    # relation -> triples dropped

    @classmethod
    def build(cls, rows: list[dict], webqsp: list[dict], cwq: list[dict]) -> "FreebaseKB":
        triples, dropped = set(), Counter()
        for row in rows:
            for h, r, t in (mend(*triple) for triple in row.get("evidence_triples") or []):
                if is_relation_id(r):
                    triples.add((h, r, t))
                else:
                    dropped[r] += 1
        ends = {e for h, _, t in triples for e in (h, t)}
        cvts = {e for e in ends if is_mid(e)}
        given = _name_to_mid(_inferred_topics(webqsp), cvts, _name_to_mid(_pairs(webqsp, cwq), cvts))
        mids = {e: given.get(e) or _minted(e) for e in sorted(ends - cvts)}
        return cls(sorted(triples), mids, dropped)

    def iri(self, end: str) -> str:
        return mid_iri(end if is_mid(end) and end not in self.mids else self.mids[end])

    def holds(self, names: Iterable[str], mids: Iterable[str]) -> bool:
        """Some of these names is an entity's name here, or some mid an entity here."""
        return any(n in self.mids for n in names) or bool(set(mids) & self.known_mids)

    @cached_property
    def known_mids(self) -> set[str]:
        return set(self.mids.values()) | {e for h, _, t in self.triples for e in (h, t) if is_mid(e)}

    def write_ntriples(self, out: Path) -> dict:
        """The KB as N-Triples (sorted: the same data gives the same bytes); returns its counts."""
        lines = set()
        for h, r, t in self.triples:
            lines.add(f"<{self.iri(h)}> <{FB}{r}> <{self.iri(t)}> .")
        for name, mid in self.mids.items():
            lines.add(f"<{mid_iri(mid)}> {_NAME} {pyoxigraph.Literal(name, language='en')} .")
        out.write_text("".join(sorted(line + "\n" for line in lines)), encoding="utf-8")
        return {"triples": len(lines), "named_entities": len(self.mids),
                "dropped_triples": sum(self.dropped.values()), "dropped_relations": len(self.dropped)}
