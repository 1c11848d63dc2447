"""The trained verdict head: ``kgsparql train verifier`` fits it on FactKG's validation split only
(here the 40-claim fixture of it), the verifier uses it on that KG, and refuses it on another KG."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from kgsparql import Settings, Verifier
from kgsparql.cli import main as cli_main
from kgsparql.errors import ConfigError
from kgsparql.verify.head import VerdictHead

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    home = tmp_path_factory.mktemp("head-home")
    out = home / "head.npz"
    result = CliRunner().invoke(cli_main, ["train", "verifier", "--data-dir", str(FIXTURES), "--out", str(out),
                                           "--json"], env={"KGSPARQL_HOME": str(home)})
    assert result.exit_code == 0, result.output
    return home, out, json.loads(result.output.strip().splitlines()[-1])


def test_train_verifier_fits_on_the_validation_split(trained):
    _, out, report = trained
    assert out.is_file() and report["claims"] == 40
    assert 0 <= report["held_out_accuracy"] <= 1 and 0 <= report["rule_accuracy"] <= 1
    head = VerdictHead.load(out, "dbpedia")
    assert head.meta["data"] == "factkg llm_v1 dev" and head.meta["adapter"] == "dbpedia"
    assert head.knows({"successor"}) and not head.knows({"directed by", "starred actors"})


def test_the_head_decides_on_its_own_kg_and_keeps_the_rule_verdict(trained):
    home, out, _ = trained
    store = home / "stores" / "factkg-llm_v1-dev"
    settings = Settings(store=str(store), adapter="dbpedia", home=str(home), llm="none",
                        tables={"verifiers": {"refkg": {"head": str(out)}}})
    with Verifier(settings) as verifier:
        v = verifier.verify("His name is W. Haydon Burns, and he had a successor.")
    assert v.verdict in ("true", "false") and v.plan["decided_by"] == "head"
    assert v.plan["rule_verdict"] in ("true", "false", "not_enough_info") and 0 <= v.plan["p_true"] <= 1
    assert "trained head" in v.explanation


def test_the_head_is_refused_on_another_kg(trained):
    home, out, _ = trained
    with pytest.raises(ConfigError, match="adapter"):
        VerdictHead.load(out, "generic")
    with pytest.raises(ConfigError, match="adapter"):
        Verifier(Settings(home=str(home), llm="none", tables={"verifiers": {"refkg": {"head": str(out)}}}))
    # the demo MetaQA KG read with the dbpedia adapter: its relations are not the head's, the rules decide
    settings = Settings(home=str(home), llm="none", adapter="dbpedia", tables={"verifiers": {"refkg": {"head": str(out)}}})
    with Verifier(settings) as verifier:
        assert verifier.verify("Kismet was directed by William Dieterle.").plan["decided_by"] == "rules"


def test_training_stores_what_the_rules_saw_and_refits_without_verifying_again(trained):
    home, out, _ = trained
    [views] = (home / "cache").glob("verifier-views-factkg-llm_v1-dev-*.jsonl")
    rows = [json.loads(line) for line in views.read_text().splitlines()]
    assert len(rows) == 40 and {"verdict", "claim", "parts", "links", "held", "facts", "uncovered"} <= set(rows[0]["view"])
    # the linked entities' facts are kept against the claim: where each value leads, which entities it joins
    facts = [f for row in rows for f in row["view"]["facts"]]
    assert facts and {end for _, end, _, _ in facts} <= {"linked", "named", "elsewhere"}
    assert any(end == "linked" and h >= 0 and t >= 0 for _, end, h, t in facts)
    assert all(0.0 <= row["view"]["uncovered"] <= 1.0 for row in rows)
    before = views.stat().st_size
    again = home / "again.npz"
    result = CliRunner().invoke(cli_main, ["train", "verifier", "--data-dir", str(FIXTURES), "--out", str(again),
                                           "--limit", "30", "--json"], env={"KGSPARQL_HOME": str(home)})
    assert result.exit_code == 0, result.output
    assert views.stat().st_size == before          # every claim of the sample was stored: nothing verified again
    assert VerdictHead.load(again, "dbpedia").meta["claims"] == 30
    assert VerdictHead.load(again, "dbpedia").meta["store"] == VerdictHead.load(out, "dbpedia").meta["store"]


def test_a_network_head_round_trips_and_a_head_of_other_features_is_refused(tmp_path):
    from kgsparql.verify.features import FORM_FEATURES

    rng = np.random.default_rng(0)
    x = rng.normal(size=(600, len(FORM_FEATURES))).astype(np.float32)
    y = list(x[:, 0] + 0.3 * x[:, 1] > 0)
    head = VerdictHead.train(x, y, {"adapter": "dbpedia", "embedding": False, "model": "network"}, c=0.1)
    head.save(tmp_path / "net.npz")
    loaded = VerdictHead.load(tmp_path / "net.npz", "dbpedia")
    assert loaded.p_true(x[0]) == pytest.approx(head.p_true(x[0]), abs=1e-5)
    assert np.mean([(loaded.decide(row)[0] == "true") == label for row, label in zip(x, y)]) > 0.8
    old = VerdictHead.train(x[:, :5], y, {"adapter": "dbpedia", "embedding": True}, c=1.0)
    np.savez_compressed(tmp_path / "old.npz", weights=old.model.weights, bias=old.model.bias,
                        classes=np.array(old.model.classes), meta=np.array(json.dumps({"adapter": "dbpedia"})))
    with pytest.raises(ConfigError, match="other features"):
        VerdictHead.load(tmp_path / "old.npz", "dbpedia")


def test_a_pair_head_averages_two_networks_and_round_trips(tmp_path):
    from kgsparql.verify.features import FORM_FEATURES

    rng = np.random.default_rng(1)
    x = rng.normal(size=(600, len(FORM_FEATURES) + 8)).astype(np.float32)      # form features, then an "embedding"
    y = list(x[:, 0] - 0.5 * x[:, -1] > 0)
    head = VerdictHead.train(x, y, {"adapter": "dbpedia", "embedding": True, "model": "pair"}, c=0.1)
    pair = head.model
    expected = (pair.whole.p_true(x[:1]) + pair.form.p_true(x[:1, :len(FORM_FEATURES)])) / 2
    assert head.p_true(x[0]) == pytest.approx(float(expected[0]), abs=1e-6)
    head.save(tmp_path / "pair.npz")
    loaded = VerdictHead.load(tmp_path / "pair.npz", "dbpedia")
    assert loaded.p_true(x[3]) == pytest.approx(head.p_true(x[3]), abs=1e-5)
    assert np.mean([(loaded.decide(row)[0] == "true") == label for row, label in zip(x, y)]) > 0.75
