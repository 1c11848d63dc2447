"""`kgsparql train all` labels train questions, fits both models, and FRAG runs with them."""
from __future__ import annotations

import json
import os
from pathlib import Path

from click.testing import CliRunner

from kgsparql.api import Asker
from kgsparql.cli import main
from kgsparql.config import Settings
from kgsparql.kg import ensure_demo_store
from kgsparql.learn import EmbeddingClassifier

DATA = Path(os.environ.get("KGSPARQL_DATA_DIR") or Path(__file__).resolve().parents[3] / "shared" / "data")


def test_train_all_then_use_the_models(tmp_path):
    out = tmp_path / "models"
    r = CliRunner().invoke(main, ["train", "all", "--datasets", "metaqa:vanilla", "--per-part", "30",
                                  "--data-dir", str(DATA), "--out-dir", str(out), "--json"])
    assert r.exit_code == 0, r.output
    report = json.loads(r.output.strip().splitlines()[-1])
    assert report["router"]["examples"] == 90 and report["chains"]["classes"] >= 3
    assert EmbeddingClassifier.load(out / "router.npz").classes == ("complex", "simple")
    base = Settings()
    settings = base.replace(store=str(ensure_demo_store(base)),
                            plugins={"frag": {"router_model": str(out / "router.npz"),
                                              "chain_model": str(out / "chains.npz")}})
    with Asker(settings) as asker:
        assert asker.ask("who directed [Kismet]").answers == ("William Dieterle",)


def test_train_rejects_unknown_dataset():
    r = CliRunner().invoke(main, ["train", "router", "--datasets", "nope", "--data-dir", str(DATA)])
    assert r.exit_code == 2 and "no training set matches" in r.output
