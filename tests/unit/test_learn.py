"""Weak supervision (chain labels from gold answers, ties kept), tie resolution, and the classifier's
save/load round trip. Embeddings are stand-ins here: these tests are about the bookkeeping."""
from __future__ import annotations

import numpy as np
import pytest

from kgsparql.config import DEFAULT_BASE_IRI
from kgsparql.learn import EmbeddingClassifier, chain_key, parse_chain_key
from kgsparql.eval.frag_training import resolve_ties
from kgsparql.learn.training import LabelledQuestion, mask_topic, weak_chain_label

from kgtest import lines_adapter

R = DEFAULT_BASE_IRI + "r/"
KB = ["A|directed_by|Ann", "A|written_by|Ann", "B|directed_by|Bob", "B|written_by|Cy", "B|starred_actors|Dee"]


@pytest.fixture(scope="module")
def adapter():
    return lines_adapter(KB)


def test_unique_chain_is_the_label(adapter):
    chains, f1 = weak_chain_label(adapter, adapter.lookup("B")[0], ["Cy"], hops=1)
    assert chains == (R + "written_by||0",) and f1 == 1.0


def test_tied_chains_are_all_kept(adapter):
    chains, _ = weak_chain_label(adapter, adapter.lookup("A")[0], ["Ann"], hops=1)
    assert set(chains) == {R + "directed_by||0", R + "written_by||0"}
    assert LabelledQuestion("who wrote X", 1, chains, 1.0).chain is None, "ambiguous: no single label"


def test_no_chain_reaches_the_answer(adapter):
    assert weak_chain_label(adapter, adapter.lookup("A")[0], ["Nobody"], hops=1) == ((), 0.0)


def test_masking_gives_the_question_shape():
    assert mask_topic("who directed [Kismet]", "Kismet") == "who directed X"
    assert mask_topic("What else did the director of [Jaws] direct?", None) == "what else did the director of X direct"
    assert mask_topic("what is tasha_tudor 's nationality ?", "tasha_tudor") == "what is X 's nationality"
    assert mask_topic("Who was in [X-Men], the film?", None) == "who was in X the film"


def test_chain_keys_round_trip():
    key = "http://r/a||1;http://r/b|http://r/c|0"
    chain = parse_chain_key(key)
    assert chain[0].inverse and chain[1].via == "http://r/c" and chain_key(chain) == key


def _embed(texts):  # a stand-in: "direct" and "wr" questions point different ways
    return np.array([[1.0, 0.0] if "direct" in t else [0.0, 1.0] for t in texts], dtype=np.float32)


def test_ties_resolved_by_the_unambiguous_examples():
    d, w = R + "directed_by||0", R + "written_by||0"
    labelled = [LabelledQuestion("who directed X", 1, (d,), 1.0), LabelledQuestion("who wrote X", 1, (w,), 1.0),
                LabelledQuestion("who directed X then", 1, (d, w), 1.0), LabelledQuestion("who wrote X then", 1, (d, w), 1.0)]
    pairs = dict(resolve_ties(labelled, _embed))
    assert pairs["who directed X then"] == d and pairs["who wrote X then"] == w


def test_classifier_save_load(tmp_path):
    x = _embed(["direct"] * 5 + ["write"] * 5)
    model = EmbeddingClassifier.train(x, ["d"] * 5 + ["w"] * 5, meta={"kind": "test"})
    model.save(tmp_path / "m.npz")
    again = EmbeddingClassifier.load(tmp_path / "m.npz")
    assert again.classes == ("d", "w") and again.meta == {"kind": "test"}
    assert again.scores(_embed(["direct"])[0])["d"] > 0.5
