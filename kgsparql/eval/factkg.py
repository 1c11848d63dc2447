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
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError

__all__ = ["FactClaim", "factkg_reading", "load_factkg", "parse_evidence", "VARIANTS", "SPLITS", "sample_claims",
           "seeded_order"]

VARIANTS = ("llm_v1", "llm_v1_singleStage")
SPLITS = {"test": "test.csv", "dev": "val.csv"}
DBR, DBO = "http://dbpedia.org/resource/", "http://dbpedia.org/ontology/"
_ITEM = re.compile(r"^(?P<h>.+?) >- (?P<r>[^\s]+) -> (?P<t>.+)$")


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


def factkg_reading(settings, verifier: str | None = None, **options):
    """``settings`` with FactKG's reading of its KG in the verifier's own table
    (``[verifiers.<name>]``): its labels take DBpedia's recorded relations as complete, so RefKG
    checks claims with ``closed_world`` on (docs/verify.md). The user's table and ``options`` (e.g. a
    ``head``) come on top."""
    name = verifier or "refkg"
    reading = {"closed_world": True} if name == "refkg" else {}
    table = {**reading, **(settings.table("verifier", name) or {}), **options}
    return settings.replace(tables={**settings.tables, "verifiers": {**settings.tables.get("verifiers", {}), name: table}})
