"""Fixtures of the adapter contract suite: each test runs once per adapter × dataset case (cases.py)
and per endpoint kind (``endpoint_for`` from tests/conftest.py: embedded, Oxigraph server, Virtuoso)."""
from __future__ import annotations

import pytest

from kgsparql.registry import load_plugin

from .cases import CASES, Case


@pytest.fixture(params=CASES, ids=lambda c: c.id)
def case(request) -> Case:
    return request.param


@pytest.fixture
def adapter(case, endpoint_for):
    """The registered adapter (entry point group ``kgsparql.adapters``) on the case's dataset."""
    return load_plugin("adapter", case.adapter).on(endpoint_for(case.dataset))
