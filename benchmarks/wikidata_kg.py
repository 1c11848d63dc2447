"""Any TSV KG in Wikidata's RDF shape, given a small property map (what ``wikidata_shape.py`` does for
the MetaQA KB, for any ``head<TAB>relation<TAB>tail`` KG).

    python benchmarks/wikidata_kg.py tests/fixtures/kgs/books/books.tsv \
        tests/fixtures/kgs/books/wikidata.json books-wd.nt        # then: kgsparql load books-wd.nt

The map holds, for each relation of the KG, the Wikidata property such facts use::

    {"author": {"id": "P50", "label": "author", "aliases": ["writer", "written by"],
                "kind": "item", "reverse": false}, ...}

``kind`` is what the tail is: ``item`` (an entity), ``year`` (an ``xsd:dateTime`` at January 1st with
year precision on the ``psv:`` node, as Wikidata stores a year), ``number`` (``xsd:decimal``) or
``text`` (a plain string); ``reverse`` says Wikidata states the fact from the TSV's tail
(``founderOf`` becomes ``founded by`` on the company). Two relations may share one property. ``id``
null is a fact Wikidata has no property for: it gets a made-up ``P9000…`` id with the map's label.
Entity labels are the TSV's names; Q-ids are numbered by name. Every fact is written as the truthy
``wdt:`` claim and, beside it, the statement node (``p:``/``ps:``), as on WDQS."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Iterable, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent))
from wikidata_shape import ALT, RDFS_LABEL, WD, WDT, WIKIBASE, XSD, _fact, _iri, _text  # noqa: E402

__all__ = ["convert_kg", "property_ids", "item_ids", "load_map"]

KINDS = ("item", "year", "number", "text")


def load_map(path: Path) -> dict[str, dict]:
    props = json.loads(path.read_text(encoding="utf-8"))
    for rel, spec in props.items():
        if spec.get("kind", "item") not in KINDS:
            raise ValueError(f"{path}: {rel!r} has kind {spec.get('kind')!r}, not one of {KINDS}")
    return props


def property_ids(props: dict[str, dict]) -> dict[str, str]:
    """relation -> property id; relations without a Wikidata property share one made-up id per label."""
    made: dict[str, str] = {}
    out = {}
    for rel in sorted(props):
        spec = props[rel]
        out[rel] = spec.get("id") or made.setdefault(spec["label"], f"P{9000000 + len(made)}")
    return out


def item_ids(facts: list[tuple[str, str, str]], props: dict[str, dict]) -> dict[str, str]:
    """Every name that is an item (heads, and tails of ``item`` relations) -> its Q-id, by sorted name."""
    names = {h for h, _, _ in facts} | {t for _, r, t in facts if props[r].get("kind", "item") == "item"}
    return {name: f"Q{1000 + i}" for i, name in enumerate(sorted(names))}


def _schema(props: dict[str, dict], pids: dict[str, str]) -> Iterator[str]:
    labels: dict[str, str] = {}
    aliases: dict[str, list[str]] = {}
    for rel, spec in props.items():
        labels.setdefault(pids[rel], spec["label"])
        aliases.setdefault(pids[rel], []).extend(spec.get("aliases", ()))
    for pid, label in labels.items():
        prop = _iri(WD + pid)
        yield f"{prop} {_iri(RDFS_LABEL)} {_text(label)} .\n"
        yield from (f"{prop} {_iri(ALT)} {_text(a)} .\n" for a in dict.fromkeys(aliases[pid]) if a != label)
        yield f"{prop} {_iri(WIKIBASE + 'directClaim')} {_iri(WDT + pid)} .\n"


def _value(kind: str, tail: str, ids: dict[str, str]) -> str:
    if kind == "year":
        return f'"{int(tail):04d}-01-01T00:00:00Z"^^{_iri(XSD + "dateTime")}'
    if kind == "number":
        return f'"{tail}"^^{_iri(XSD + "decimal")}'
    if kind == "text":
        return _text(tail, lang="")
    return _iri(WD + ids[tail])


def convert_kg(lines: Iterable[str], props: dict[str, dict], sep: str = "\t") -> Iterator[str]:
    """N-Triples lines for the TSV ``lines``; a relation missing from ``props`` is an error."""
    facts = [tuple(x.strip() for x in line.rstrip("\n").split(sep)) for line in lines if line.strip()]
    facts = [f for f in facts if len(f) == 3]
    unknown = sorted({r for _, r, _ in facts} - set(props))
    if unknown:
        raise KeyError(f"no property for relations {unknown}")
    pids, ids = property_ids(props), item_ids(facts, props)
    yield from _schema(props, pids)
    for name, qid in ids.items():
        yield f"{_iri(WD + qid)} {_iri(RDFS_LABEL)} {_text(name)} .\n"
    for n, (h, r, t) in enumerate(facts):
        spec = props[r]
        kind = spec.get("kind", "item")
        head, value = _iri(WD + ids[h]), _value(kind, t, ids)
        if spec.get("reverse"):
            if kind != "item":
                raise ValueError(f"{r!r}: only an item relation can be reversed")
            head, value = value, head
        yield from _fact(n, head, pids[r], value, kind == "year")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kb", type=Path, help="TSV KG (head<TAB>relation<TAB>tail)")
    ap.add_argument("map", type=Path, help="property map (JSON, see above)")
    ap.add_argument("out", type=Path, help="N-Triples file to write")
    args = ap.parse_args()
    props = load_map(args.map)
    with open(args.kb, encoding="utf-8") as src, open(args.out, "w", encoding="utf-8") as dst:
        dst.writelines(convert_kg(src, props))


if __name__ == "__main__":
    main()
