"""The MetaQA KB in Wikidata's RDF shape, for testing that nothing depends on MetaQA's vocabulary.

    python benchmarks/wikidata_shape.py kb_dedup.txt.gz metaqa-wd.nt     # then: kgsparql load metaqa-wd.nt

Every ``head|relation|tail`` line becomes what the Wikidata dump holds for such a fact:
- items ``wd:Q<n>`` with an English ``rdfs:label`` (one item per MetaQA name, as in the KB), and
  ``wdt:P31`` (instance of) film / human where the relation says so;
- the truthy claim ``wd:Qh wdt:Pn wd:Qt`` and beside it the statement ``wd:Qh p:Pn wds:S . wds:S
  ps:Pn wd:Qt`` with a rank, so every fact is reachable both ways (as on WDQS);
- years become ``publication date`` values, ``xsd:dateTime`` at January 1st (how Wikidata stores a
  year-precision date), with the precision on the ``psv:`` value node;
- the property entities with their real labels, a few of their real English aliases, and
  ``wikibase:directClaim``, so the adapter reads relation names from the KG itself.
The relation → property table mirrors Wikidata's own properties for films; it is the converter's
data, not something kgsparql reads."""
from __future__ import annotations

import argparse
import gzip
from pathlib import Path
from typing import Iterable, Iterator

__all__ = ["PROPERTIES", "convert", "item_ids"]

WD, WDT, P = "http://www.wikidata.org/entity/", "http://www.wikidata.org/prop/direct/", "http://www.wikidata.org/prop/"
PS, PSV = P + "statement/", P + "statement/value/"
WDS, WDV = WD + "statement/", "http://www.wikidata.org/value/"
WIKIBASE = "http://wikiba.se/ontology#"
RDFS_LABEL, ALT = "http://www.w3.org/2000/01/rdf-schema#label", "http://www.w3.org/2004/02/skos/core#altLabel"
XSD = "http://www.w3.org/2001/XMLSchema#"

# MetaQA relation -> (property id, label, aliases, type of the head, type of the tail)
PROPERTIES = {
    "directed_by": ("P57", "director", ("directed by", "film director"), "film", "human"),
    "written_by": ("P58", "screenwriter", ("writer", "scriptwriter", "written by", "screenplay by"), "film", "human"),
    "starred_actors": ("P161", "cast member", ("starring", "actor", "actress", "cast", "stars"), "film", "human"),
    "release_year": ("P577", "publication date", ("release date", "date of publication", "released"), "film", None),
    "in_language": ("P364", "original language of film or TV show", ("original language",), "film", None),
    "has_genre": ("P136", "genre", ("film genre", "type of film"), "film", None),
    "has_tags": ("P921", "main subject", ("subject", "topic", "theme", "about"), "film", None),
    "has_imdb_rating": ("P444", "review score", ("rating", "score"), "film", None),
    "has_imdb_votes": ("P7887", "number of reviews/ratings", ("number of reviews", "number of ratings"), "film", None),
}
TYPES = {"film": "Q11424", "human": "Q5"}


def _iri(x: str) -> str:
    return f"<{x}>"


def _text(s: str, lang: str = "en") -> str:
    escaped = s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")
    return f'"{escaped}"@{lang}' if lang else f'"{escaped}"'


def item_ids(facts: list[tuple[str, str, str]]) -> dict[str, str]:
    """Every name that is an item (not a year) -> its Q-id, in sorted order of names."""
    names = {h for h, _, _ in facts} | {t for _, r, t in facts if r != "release_year"}
    return {name: f"Q{1000 + i}" for i, name in enumerate(sorted(names))}


def _schema() -> Iterator[str]:
    for pid, label, aliases, _, _ in PROPERTIES.values():
        prop = _iri(WD + pid)
        yield f"{prop} {_iri(RDFS_LABEL)} {_text(label)} .\n"
        yield from (f"{prop} {_iri(ALT)} {_text(a)} .\n" for a in aliases)
        yield f"{prop} {_iri(WIKIBASE + 'directClaim')} {_iri(WDT + pid)} .\n"
    yield f"{_iri(WD + 'P31')} {_iri(RDFS_LABEL)} {_text('instance of')} .\n"
    yield f"{_iri(WD + 'P31')} {_iri(WIKIBASE + 'directClaim')} {_iri(WDT + 'P31')} .\n"
    for name, qid in TYPES.items():
        yield f"{_iri(WD + qid)} {_iri(RDFS_LABEL)} {_text(name)} .\n"


def _fact(n: int, head: str, pid: str, value: str, precision: bool) -> Iterator[str]:
    statement = _iri(f"{WDS}{head[len(WD):-1]}-{n}")
    yield f"{head} {_iri(WDT + pid)} {value} .\n"
    yield f"{head} {_iri(P + pid)} {statement} .\n"
    yield f"{statement} {_iri(PS + pid)} {value} .\n"
    yield f"{statement} {_iri(WIKIBASE + 'rank')} {_iri(WIKIBASE + 'NormalRank')} .\n"
    if precision:
        node = _iri(f"{WDV}t{n}")
        yield f"{statement} {_iri(PSV + pid)} {node} .\n"
        yield f'{node} {_iri(WIKIBASE + "timePrecision")} "9"^^{_iri(XSD + "integer")} .\n'


def convert(lines: Iterable[str], sep: str = "|") -> Iterator[str]:
    """N-Triples lines for the ``head|relation|tail`` ``lines`` (relations of ``PROPERTIES`` only)."""
    facts = [tuple(x.strip() for x in line.rstrip("\n").split(sep)) for line in lines if line.strip()]
    facts = [f for f in facts if len(f) == 3 and f[1] in PROPERTIES]
    ids = item_ids(facts)
    yield from _schema()
    typed: dict[str, str] = {}
    for h, r, t in facts:
        _, _, _, head_type, tail_type = PROPERTIES[r]
        typed.setdefault(h, head_type)
        if tail_type:
            typed.setdefault(t, tail_type)
    for name, qid in ids.items():
        yield f"{_iri(WD + qid)} {_iri(RDFS_LABEL)} {_text(name)} .\n"
        if name in typed:
            yield f"{_iri(WD + qid)} {_iri(WDT + 'P31')} {_iri(WD + TYPES[typed[name]])} .\n"
    for n, (h, r, t) in enumerate(facts):
        pid, year = PROPERTIES[r][0], r == "release_year"
        value = f'"{t}-01-01T00:00:00Z"^^{_iri(XSD + "dateTime")}' if year else _iri(WD + ids[t])
        yield from _fact(n, _iri(WD + ids[h]), pid, value, year)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kb", type=Path, help="MetaQA KB (head|relation|tail lines, .gz or plain)")
    ap.add_argument("out", type=Path, help="N-Triples file to write")
    args = ap.parse_args()
    opener = gzip.open if args.kb.suffix == ".gz" else open
    with opener(args.kb, "rt", encoding="utf-8") as src, open(args.out, "w", encoding="utf-8") as dst:
        dst.writelines(convert(src))


if __name__ == "__main__":
    main()
