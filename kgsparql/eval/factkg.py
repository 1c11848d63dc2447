"""FactKG (Kim et al., ACL 2023) as the FactGenius copies in ``<data>/factkg`` hold it: claims with
a True/False label and, per claim, DBpedia triples picked by an LLM (SOURCE.md there).

``load_factkg`` reads the claims; ``factkg_store`` builds ONE DBpedia-shaped store from the union of
the evidence triples of the whole file (``dbr:`` resources, ``dbo:`` relations, ``rdfs:label`` from
the resource name, ``dbo:wikiPageRedirects`` from a name without its "(qualifier)", quoted tails as
literals), so that a claim is verified by retrieval through the ``dbpedia`` adapter and never by
reading its own evidence column. This is easier than the paper's setting (the full DBpedia): the
KG holds little beyond what some claim is about (docs/verify.md)."""
from __future__ import annotations

import csv
import hashlib
import re
import tempfile
import urllib.parse
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pyoxigraph

from ..errors import InputError
from .kb import MARKER, KBSource, ensure_store

__all__ = ["FactClaim", "factkg_reading", "load_factkg", "factkg_store", "parse_evidence", "VARIANTS", "SPLITS", "write_ntriples",
           "sample_claims", "seeded_order", "store_checksum"]

VARIANTS = ("llm_v1", "llm_v1_singleStage")
SPLITS = {"test": "test.csv", "dev": "val.csv"}
DBR, DBO = "http://dbpedia.org/resource/", "http://dbpedia.org/ontology/"
_RDFS_LABEL = pyoxigraph.NamedNode("http://www.w3.org/2000/01/rdf-schema#label")
_REDIRECT = pyoxigraph.NamedNode(DBO + "wikiPageRedirects")
_TYPE = pyoxigraph.NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")
_OBJECT = pyoxigraph.NamedNode("http://www.w3.org/2002/07/owl#ObjectProperty")
_DATATYPE = pyoxigraph.NamedNode("http://www.w3.org/2002/07/owl#DatatypeProperty")
_ITEM = re.compile(r"^(?P<h>.+?) >- (?P<r>[^\s]+) -> (?P<t>.+)$")
_QUALIFIER = re.compile(r"^(.+?)_\([^()]*\)$")


@dataclass(frozen=True)
class FactClaim:
    id: str
    claim: str
    label: bool                       # FactKG's gold: True = supported by DBpedia
    evidence: tuple[tuple[str, str, str], ...]   # used only to build the store, never to verify


def parse_evidence(text: str) -> list[tuple[str, str, str]]:
    """``A >- rel -> B | C >- rel -> "literal"`` -> [(A, rel, B), (C, rel, '"literal"')]; items
    that do not read as a triple are skipped."""
    out = []
    for item in text.split(" | "):
        m = _ITEM.match(item.strip())
        if m:
            out.append((m.group("h").strip(), m.group("r").strip().lstrip("~"), m.group("t").strip()))
    return out


def load_factkg(data_dir: Path, split: str = "test", variant: str = "llm_v1") -> list[FactClaim]:
    if split not in SPLITS:
        raise InputError(f"factkg has the splits {', '.join(SPLITS)}, not {split!r}")
    if variant not in VARIANTS:
        raise InputError(f"factkg has the variants {', '.join(VARIANTS)}, not {variant!r}")
    path = Path(data_dir) / "factkg" / variant / SPLITS[split]
    if not path.is_file():
        raise InputError(f"no factkg data: {path} is missing")
    claims = []
    with open(path, encoding="utf-8", newline="") as fh:
        for n, row in enumerate(csv.DictReader(fh)):
            sentence = row.get("Sentence") or ""
            claim, _, evidence = sentence.partition(" Evidence: ")
            claims.append(FactClaim(f"{split}-{n}", claim.removeprefix("Claim: ").strip(),
                                    (row.get("Label") or "").strip() == "True", tuple(parse_evidence(evidence))))
    return claims


def _seeded(seed: int):
    return lambda i: hashlib.sha256(f"{seed}:{i}".encode()).hexdigest()


def sample_claims(claims: list[FactClaim], limit: int | None, seed: int = 0) -> list[FactClaim]:
    """``limit`` claims picked by a seeded hash of their ids (all of them without a limit), in file order."""
    if limit is None:
        return claims
    if limit < 1:
        raise InputError("--limit must be at least 1")
    chosen = set(sorted((c.id for c in claims), key=_seeded(seed))[:limit])
    return [c for c in claims if c.id in chosen]


def seeded_order(claims: list[FactClaim], seed: int = 0) -> list[FactClaim]:
    """The claims in the order ``sample_claims`` picks them: the first n are its sample of n."""
    key = _seeded(seed)
    return sorted(claims, key=lambda c: key(c.id))


def store_checksum(store: Path) -> str:
    """The checksum of the inputs a store was built from (its marker file)."""
    return (Path(store) / MARKER).read_text().strip()


def _resource(name: str) -> pyoxigraph.NamedNode | None:
    try:
        return pyoxigraph.NamedNode(DBR + urllib.parse.quote(name.replace(" ", "_"), safe="_()',.-!:;*@$&=+~/"))
    except ValueError:
        return None


def _node(text: str):
    """A resource for a DBpedia name, a literal for a quoted value."""
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return pyoxigraph.Literal(text[1:-1].replace("\\n", "\n"))
    return _resource(text)


def _label(name: str) -> pyoxigraph.Literal:
    return pyoxigraph.Literal(name.replace("_", " "), language="en")


def write_ntriples(claims: list[FactClaim], out: Path) -> int:
    """The evidence of every claim as N-Triples (sorted, so the file and its checksum are stable),
    each relation declared an ``owl:ObjectProperty`` or ``owl:DatatypeProperty`` as DBpedia's
    ontology does (the adapter's ``schema_relations`` reads the KG's vocabulary from them)."""
    lines: set[str] = set()
    triples = [item for c in claims for item in c.evidence]
    resources = {h for h, _, _ in triples} | {t for _, _, t in triples if not t.startswith('"')}
    for c in claims:
        for h, r, t in c.evidence:
            head, tail = _resource(h), _node(t)
            try:
                rel = pyoxigraph.NamedNode(DBO + urllib.parse.quote(r, safe="_-"))
            except ValueError:
                continue
            if head is None or tail is None:
                continue
            lines.add(f"{head} {rel} {tail} .")
            lines.add(f"{rel} {_TYPE} {_OBJECT if isinstance(tail, pyoxigraph.NamedNode) else _DATATYPE} .")
            for name, node in ((h, head), (t, tail)):
                if isinstance(node, pyoxigraph.NamedNode):
                    lines.update(_names(name, node, resources))
    out.write_text("".join(sorted(line + "\n" for line in lines)), encoding="utf-8")
    return len(lines)


def _names(name: str, node, resources: set[str]) -> list[str]:
    """The label of a resource, and DBpedia's redirect from its name without the qualifier, unless
    that name is a resource of its own ("HBO" is not a redirect to "HBO (Asia)")."""
    found = [f"{node} {_RDFS_LABEL} {_label(name)} ."]
    short = _QUALIFIER.match(name)
    redirect = _resource(short.group(1)) if short and short.group(1) not in resources else None
    if redirect is not None:        # DBpedia's redirect page: "Paris" for "Paris_(Texas)"-like names
        found += [f"{redirect} {_RDFS_LABEL} {_label(short.group(1))} .", f"{redirect} {_REDIRECT} {node} ."]
    return found


@contextmanager
def _kb_file(claims: list[FactClaim], name: str) -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="kgsparql-factkg-") as tmp:
        path = Path(tmp) / f"{name}.nt"
        write_ntriples(claims, path)
        yield path


def factkg_store(claims: list[FactClaim], name: str, home: str | Path, base_iri: str, *, quiet: bool = False) -> Path:
    """The store of these claims' evidence under ``<home>/stores/<name>``, built once."""
    with _kb_file(claims, name) as path:
        return ensure_store(KBSource(name, path, "nt"), home, base_iri, quiet=quiet)


def factkg_reading(settings, verifier: str | None = None, **options):
    """``settings`` with FactKG's reading of its KG in the verifier's own table
    (``[verifiers.<name>]``): its labels take DBpedia's recorded relations as complete, so RefKG
    checks claims with ``closed_world`` on (docs/verify.md). The user's table and ``options`` (e.g. a
    ``head``) come on top."""
    name = verifier or "refkg"
    reading = {"closed_world": True} if name == "refkg" else {}
    table = {**reading, **(settings.table("verifier", name) or {}), **options}
    return settings.replace(tables={**settings.tables, "verifiers": {**settings.tables.get("verifiers", {}), name: table}})
