"""Every ``queries/<adapter>/<step>.rq`` is a standard, runnable SPARQL 1.1 SELECT on its own: it parses
(Oxigraph and rdflib's strict parser), runs unmodified with its empty VALUES blocks, has a
deterministic ORDER BY, and no HTTP client mistakes it for an update."""
from __future__ import annotations

import re
import warnings
from importlib import resources

import pyoxigraph
import pytest
from rdflib.plugins.sparql import prepareQuery
from SPARQLWrapper import SPARQLWrapper

from kgsparql.endpoints import EmbeddedEndpoint
from kgsparql.sparql import query_kind
from kgsparql.types import IRI, Literal

DATASET = {"generic": "metaqa", "freebase": "freebase", "wikidata": "wikidata", "dbpedia": "dbpedia"}
STEPS = ("labels", "lookup", "relations_out", "relations_in", "neighbors_out", "neighbors_in",
         "paths_1", "paths_2", "aggregate_out", "aggregate_in")
VIA_STEPS = ("neighbors_via_out", "neighbors_via_in", "aggregate_via_out", "aggregate_via_in")
_VALUES = re.compile(r"VALUES\s+(\?\w+|\((?:\s*\?\w+)+\s*\))\s*\{([^{}]*)\}", re.IGNORECASE)


def all_templates() -> list[tuple[str, str, str]]:
    root = resources.files("kgsparql.queries")
    found = []
    for folder in sorted((p for p in root.iterdir() if p.is_dir() and not p.name.startswith("_")),
                         key=lambda p: p.name):
        for rq in sorted((f for f in folder.iterdir() if f.name.endswith(".rq")), key=lambda f: f.name):
            found.append((folder.name, rq.name.removesuffix(".rq"), rq.read_text("utf-8")))
    return found


TEMPLATES = all_templates()
SORTED_BY_ADAPTER = ("neighbors_", "relations_")
IDS = [f"{a}/{s}" for a, s, _ in TEMPLATES]


@pytest.mark.parametrize("adapter,step,text", TEMPLATES, ids=IDS)
def test_template_is_a_standard_deterministic_select(adapter, step, text):
    assert query_kind(text) == "SELECT"
    prepareQuery(text)  # rdflib: SPARQL 1.1 grammar, no vendor extensions
    assert all(not body.strip() for _, body in _VALUES.findall(text)), "VALUES blocks ship empty"
    if step.startswith(SORTED_BY_ADAPTER) or (adapter, step) in {("generic", "labels"), ("generic", "lookup")}:
        # hot steps: the adapter sorts the rows (ORDER BY costs Oxigraph more than the lookup itself)
        assert not re.search(r"\bORDER\s+BY\b", text, re.IGNORECASE)
    else:
        assert re.search(r"\bORDER\s+BY\b", text, re.IGNORECASE), "results need a deterministic order"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # SPARQLWrapper warns when it takes a query for an update
        assert SPARQLWrapper("http://127.0.0.1/")._parseQueryType(text) == "SELECT"


@pytest.mark.parametrize("adapter,step,text", TEMPLATES, ids=IDS)
def test_template_runs_unmodified_on_an_embedded_store(adapter, step, text, kg_datasets):
    store = pyoxigraph.Store()
    store.bulk_load(path=str(kg_datasets[DATASET[adapter]]), format=pyoxigraph.RdfFormat.N_TRIPLES)
    rows = EmbeddedEndpoint.open(store=store).select(text)
    assert list(rows) == [], "empty VALUES blocks must select nothing"


def nothing_bindings(text: str) -> dict:
    """Every VALUES block bound to values that match nothing. (Empty blocks are not enough on
    Virtuoso: its cost estimate does not know they are empty and refuses the unions of paths_2.)"""
    def value(var: str):
        if var == "after":  # keyset paging: every IRI sorts before "~"
            return Literal("~")
        if var == "lang":
            return Literal("en")
        if var == "label":
            return Literal("no such label anywhere", None, "en")
        return IRI("urn:kgsparql:test:nothing")
    binds = {}
    for head, _ in _VALUES.findall(text):
        names = tuple(v.lstrip("?") for v in head.strip("()").split())
        binds[names if len(names) > 1 else names[0]] = [tuple(value(n) for n in names)] if len(names) > 1 \
            else [value(names[0])]
    return binds


@pytest.mark.parametrize("adapter", sorted(DATASET))
def test_adapter_runs_all_its_templates_on_every_endpoint(adapter, endpoint_for):
    endpoint = endpoint_for(DATASET[adapter])
    for name, step, text in TEMPLATES:
        if name == adapter:
            assert list(endpoint.select(text, nothing_bindings(text))) == [], f"{name}/{step}"


@pytest.mark.parametrize("adapter", sorted(DATASET))
def test_adapter_has_every_step(adapter):
    have = {step for name, step, _ in TEMPLATES if name == adapter}
    assert set(STEPS) <= have
    if adapter in ("freebase", "wikidata"):
        assert set(VIA_STEPS) <= have
    if adapter == "generic":  # the schema adapters meet three-hop paths in the middle (adapters/meet.py)
        assert "paths_3" in have
