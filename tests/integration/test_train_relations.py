"""`kgsparql train relations` fits the shared chain scorer from synthetic questions about a small
real store, and the model ranks the right chain first for synthetic questions about other topics."""
from __future__ import annotations

import json

from click.testing import CliRunner

from kgsparql.cli import main
from kgsparql.config import Settings
from kgsparql.kg import KnowledgeGraph, ensure_demo_store
from kgsparql.learn.chain_training import held_out_accuracy
from kgsparql.learn.synthetic import synthetic_examples
from kgsparql.linking.build import index_for
from kgsparql.meaning import ChainScorer
from kgsparql.rank import build_ranker


def test_train_relations_ranks_held_out_synthetic_questions(tmp_path):
    base = Settings()
    store = ensure_demo_store(base)
    out = tmp_path / "relations.npz"
    r = CliRunner().invoke(main, ["train", "relations", "--store", str(store), "--synthetic", "120",
                                  "--seed", "1", "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    report = json.loads(r.output.strip().splitlines()[-1])
    assert report["sources"] == {"synthetic": report["examples"]} and report["examples"] >= 100
    model = ChainScorer.load(out)
    settings = base.replace(store=str(store))
    with KnowledgeGraph.from_settings(settings) as kg:
        labels = index_for(kg, settings).entries
        held_out = synthetic_examples(kg.adapter, labels, 80, seed=7)   # other topics, other phrasings
    assert len(held_out) >= 60
    encoder = build_ranker("embedding", settings)
    chance = sum(len(e.right) / len(e.candidates) for e in held_out) / len(held_out)
    accuracy = held_out_accuracy(model, held_out, encoder)
    assert accuracy >= 0.7 and accuracy > chance + 0.3, (accuracy, chance)


def test_train_relations_refuses_an_unknown_set(tmp_path):
    r = CliRunner().invoke(main, ["train", "relations", "--with", "nope", "--out", str(tmp_path / "m.npz")])
    assert r.exit_code == 1 and "unknown training set 'nope'" in r.output
