"""FRAG's chain prior as heads, one per KG family: on a KG only the heads whose chains the KG holds
speak (asked of a real embedded Oxigraph store with one query), and ``chain_model`` lists them.
Embeddings are stand-ins: these tests are about which head speaks."""
from __future__ import annotations

import numpy as np
import pytest

from kgsparql.config import DEFAULT_BASE_IRI
from kgsparql.learn import EmbeddingClassifier
from kgsparql.learn.chain_prior import ChainPrior, relation_iris
from kgsparql.methods.frag.prior_heads import chain_prior, predicates_held

from kgtest import lines_adapter

R = DEFAULT_BASE_IRI + "r/"
FB = "http://rdf.freebase.com/ns/"


def _embed(texts):
    return np.array([[1.0, 0.0] if "direct" in t else [0.0, 1.0] for t in texts], dtype=np.float32)


def _head(first: str, second: str) -> EmbeddingClassifier:
    return EmbeddingClassifier.train(_embed(["direct"] * 4 + ["write"] * 4), [first] * 4 + [second] * 4)


@pytest.fixture(scope="module")
def adapter():
    return lines_adapter(["A|directed_by|Ann", "A|written_by|Ann", "B|directed_by|Bob"])


def test_only_the_iris_the_kg_uses_as_predicates(adapter):
    asked = [R + "directed_by", R + "written_by", FB + "film.film.directed_by", R + "A"]
    assert predicates_held(adapter, asked, batch=2) == {R + "directed_by", R + "written_by"}


def test_a_head_speaks_only_on_a_kg_that_holds_its_chains(adapter):
    own = _head(R + "directed_by||0", R + "written_by||0")
    other = _head(FB + "film.film.directed_by||0", FB + "a.b.c|" + FB + "c.d.e|1")
    prior = ChainPrior([other, own], lambda iris: predicates_held(adapter, iris))
    assert prior.classes == own.classes
    scores = prior.scores(_embed(["direct"])[0])
    assert set(scores) == set(own.classes) and scores[R + "directed_by||0"] > 0.5
    assert relation_iris(FB + "a.b.c|" + FB + "c.d.e|1") == {FB + "a.b.c", FB + "c.d.e"}


def test_no_head_speaks_on_a_kg_it_has_never_seen(adapter):
    prior = ChainPrior([_head(FB + "x.y.z||0", FB + "x.y.w||1")], lambda iris: predicates_held(adapter, iris))
    assert prior.classes == () and prior.scores(_embed(["direct"])[0]) == {}
    assert prior.every_head(_embed(["direct"])[0])[FB + "x.y.z||0"] > 0.5    # the phrasing's hop count only


def test_chain_model_lists_heads_and_packaged(tmp_path, adapter):
    path = tmp_path / "mine.npz"
    _head(R + "directed_by||0", R + "written_by||0").save(path)
    loaded = []

    def load(p):
        loaded.append(p)
        return EmbeddingClassifier.load(path)
    assert chain_prior("none", load, adapter, lambda n: f"pkg/{n}") is None
    chain_prior(f"packaged, {path}", load, adapter, lambda n: f"pkg/{n}")
    assert loaded == ["pkg/chains.npz", "pkg/chains_freebase.npz", str(path)]
    loaded.clear()
    chain_prior("", load, adapter, lambda n: f"pkg/{n}")
    assert loaded == ["pkg/chains.npz", "pkg/chains_freebase.npz"]


def _tuned(first: str, second: str, fusion: dict) -> EmbeddingClassifier:
    head = _head(first, second)
    return EmbeddingClassifier(head.weights, head.bias, head.classes, {"kind": "chains", "fusion": fusion})


def test_a_head_brings_its_fusion_weights_only_where_it_speaks(adapter, tmp_path):
    from kgsparql.methods.frag.chains import ChainScorer
    from kgsparql.methods.frag.options import FragOptions

    own = _tuned(R + "directed_by||0", R + "written_by||0", {"trained_weight": 0.7})
    other = _tuned(FB + "x.y.z||0", FB + "x.y.w||1", {"trained_weight": 0.1, "prior_weight": 0.2})
    own.save(tmp_path / "own.npz")                      # the meta survives a save
    own = EmbeddingClassifier.load(tmp_path / "own.npz")
    held = lambda iris: predicates_held(adapter, iris)
    params = FragOptions(trained_weight=0.3, prior_weight=0.6)
    here = ChainScorer(ChainPrior([other, own], held), [], str, params)
    assert here.weight("trained_weight") == pytest.approx(0.7) and here.weight("prior_weight") == 0.6
    silent = ChainScorer(ChainPrior([other], held), [], str, params)
    assert silent.weight("trained_weight") == 0.3 and silent.weight("prior_weight") == 0.6
    assert ChainScorer(None, [], str, params).weight("trained_weight") == 0.3
