"""FactKG's evidence as one DBpedia-shaped store: ``dbr:`` resources, ``dbo:`` relations declared as
DBpedia's ontology declares them, ``rdfs:label`` from the resource name, ``dbo:wikiPageRedirects`` from
a name without its "(qualifier)", quoted tails as literals (docs/verify.md)."""
from __future__ import annotations

import re
import tempfile
import urllib.parse
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pyoxigraph

from .factkg import DBO, DBR, FactClaim
from .kb import MARKER, KBSource, ensure_store

__all__ = ["factkg_store", "write_ntriples", "store_checksum"]

_RDFS_LABEL = pyoxigraph.NamedNode("http://www.w3.org/2000/01/rdf-schema#label")
_REDIRECT = pyoxigraph.NamedNode(DBO + "wikiPageRedirects")
_TYPE = pyoxigraph.NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")
_OBJECT = pyoxigraph.NamedNode("http://www.w3.org/2002/07/owl#ObjectProperty")
_DATATYPE = pyoxigraph.NamedNode("http://www.w3.org/2002/07/owl#DatatypeProperty")
_QUALIFIER = re.compile(r"^(.+?)_\([^()]*\)$")


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
