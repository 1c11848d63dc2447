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
    return EmbeddedEndpoint(None, store=store)


def lines_adapter(lines: Iterable[str], sep: str = "|") -> GenericAdapter:
    """A generic adapter over ``head|relation|tail`` lines converted as ``kgsparql load`` does."""
    store = pyoxigraph.Store()
    data = "".join(TripleConverter(DEFAULT_BASE_IRI).convert(lines, sep))
    store.load(input=data.encode(), format=pyoxigraph.RdfFormat.N_TRIPLES)
    return GenericAdapter(EmbeddedEndpoint(None, store=store))
