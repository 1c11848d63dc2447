"""Small in-memory KGs for unit tests: a fixture file from tests/fixtures/kg/, or triple lines."""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

import pyoxigraph
from kgsparql.adapters.generic import GenericAdapter

from kgsparql.config import DEFAULT_BASE_IRI
from kgsparql.endpoints import EmbeddedEndpoint
from kgsparql.loading.convert import TripleConverter

FIXTURES = Path(__file__).parent / "fixtures" / "kg"


def fixture_endpoint(name: str) -> EmbeddedEndpoint:
    """An in-memory endpoint holding ``tests/fixtures/kg/<name>.ttl``."""
    store = pyoxigraph.Store()
    store.load(path=str(FIXTURES / f"{name}.ttl"), format=pyoxigraph.RdfFormat.TURTLE)
    return EmbeddedEndpoint.open(store=store)


def store_from_lines(tmp_path: Path, rows: str):
    """``head|relation|tail`` rows loaded into an on-disk store under ``tmp_path`` as ``kgsparql load``
    does; ``(settings, open_kg)`` with a private home, ``open_kg()`` opening a fresh KnowledgeGraph."""
    from kgsparql.config import Settings
    from kgsparql.kg import KnowledgeGraph
    from kgsparql.loading import load_files

    src = tmp_path / "kb.txt"
    src.write_text(rows, encoding="utf-8")
    load_files([src], tmp_path / "store", "metaqa")
    settings = Settings(store=str(tmp_path / "store"), home=str(tmp_path / "home"))
    return settings, lambda: KnowledgeGraph.from_settings(settings)


def lines_adapter(lines: Iterable[str], sep: str = "|") -> GenericAdapter:
    """A generic adapter over ``head|relation|tail`` lines converted as ``kgsparql load`` does."""
    store = pyoxigraph.Store()
    data = "".join(TripleConverter(DEFAULT_BASE_IRI).convert(lines, sep))
    store.load(input=data.encode(), format=pyoxigraph.RdfFormat.N_TRIPLES)
    return GenericAdapter.on(EmbeddedEndpoint.open(store=store))


def freebase_adapter(facts: Iterable[tuple[str, str, str]]):
    """A Freebase adapter over an in-memory store of ``(mid, property IRI, value)`` facts: a value
    starting with ``m.`` is a node of the Freebase namespace, any other an English name."""
    from kgsparql.adapters.freebase import NS, FreebaseAdapter

    def term(value: str):
        return pyoxigraph.NamedNode(NS + value) if value.startswith("m.") else pyoxigraph.Literal(value, language="en")

    store = pyoxigraph.Store()
    for s, p, o in facts:
        store.add(pyoxigraph.Quad(pyoxigraph.NamedNode(NS + s), pyoxigraph.NamedNode(p), term(o)))
    return FreebaseAdapter.on(EmbeddedEndpoint.open(store=store))


def tsv_settings(tmp: Path, rows: str, name: str):
    """``Settings`` (no LLM) over a store loaded, as ``kgsparql load --format tsv`` does, from the
    tab-separated ``rows`` written to ``tmp/<name>.tsv``; its home beside it."""
    from kgsparql import Settings
    from kgsparql.loading import load_files

    kb = tmp / f"{name}.tsv"
    kb.write_text(rows, encoding="utf-8")
    load_files([kb], tmp / "store", "tsv")
    return Settings(store=str(tmp / "store"), home=str(tmp / "home"), llm="none")


def ask_with_abstention(settings, question: str, **abstention):
    """``question`` asked of ``settings``' KG by the default method, with ``[plugins.abstention]``
    options ``abstention`` (none: the defaults)."""
    from dataclasses import replace

    from kgsparql import Asker

    if abstention:
        settings = replace(settings, plugins={"abstention": abstention})
    with Asker(settings) as asker:
        return asker.ask(question)


def lines_kg(tmp_path: Path, rows: str, base: str, **linking):
    """A KnowledgeGraph over ``head|relation|tail`` rows (IRIs under ``base``) in an in-memory store,
    with a private home under ``tmp_path`` and ``linking`` as its ``[plugins.linking]`` options."""
    from kgsparql.config import Settings
    from kgsparql.kg import KnowledgeGraph

    store = pyoxigraph.Store()
    data = "".join(TripleConverter(base).convert(rows.splitlines(), "|"))
    store.load(input=data.encode(), format=pyoxigraph.RdfFormat.N_TRIPLES)
    endpoint = EmbeddedEndpoint.open(store=store)
    settings = Settings(home=str(tmp_path), plugins={"linking": linking} if linking else {})
    return KnowledgeGraph(endpoint, GenericAdapter.on(endpoint), settings)


DEMO_KB = Path(__file__).resolve().parents[1] / "kgsparql" / "data" / "demo_kb.txt.gz"
BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def benchmark(name: str):
    """A script of benchmarks/ as a module (its helpers are the ones tests check against)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def kb_tables(path: Path):
    """(forward, backward) relation tables of a ``head|relation|tail`` .gz KB."""
    return benchmark("plain_english").kb_tables(path)


def chain_gold(tables, topic: str, chain: list[str]) -> set[str]:
    """What ``chain`` (``~`` = backwards) reaches from ``topic`` under MetaQA's answer convention."""
    return benchmark("plain_english").gold_answers(tables, topic, chain)


def evidence_store(home: Path, evidence, name: str) -> Path:
    """A FactKG-shaped store (DBpedia IRIs) under ``home`` holding the ``evidence`` triples
    ((subject, relation, object), objects in quotes are literals)."""
    from kgsparql.eval.factkg import FactClaim
    from kgsparql.eval.factkg_store import factkg_store

    return factkg_store([FactClaim("e", "evidence", True, tuple(evidence))], name, home, "http://kgsparql.example/",
                        quiet=True)


def evidence_home(tmp_path_factory, evidence, name: str) -> tuple[Path, Path]:
    """A fresh home and the ``evidence_store`` in it, for a module-scoped fixture whose tests make
    ``store_verifier(*fixture, ...)``."""
    home = tmp_path_factory.mktemp(f"{name}-home")
    return home, evidence_store(home, evidence, name)


def store_verifier(home: Path, store: Path, closed: bool = True):
    """A rule-path ``Verifier`` (no LLM) over a FactKG-shaped ``store``: with FactKG's closed-world
    reading when ``closed``, the open-world default otherwise; use it with ``with``."""
    from kgsparql import Settings, Verifier
    from kgsparql.eval.factkg import factkg_reading

    settings = Settings(store=str(store), adapter="dbpedia", home=str(home), llm="none")
    return Verifier(factkg_reading(settings) if closed else settings)


def evidence_verifier(home: Path, evidence, name: str):
    """A rule-path ``Verifier`` (FactKG's reading, no LLM) over ``evidence_store``; use it with ``with``."""
    return store_verifier(home, evidence_store(home, evidence, name))