"""`kgsparql train chains --examples` fits a chain-prior head for the user's own KG from their
question-answer pairs (topics found by the KG's own linker), and FRAG speaks with it on that KG."""
from __future__ import annotations

import json

from click.testing import CliRunner

from kgsparql.api import Asker
from kgsparql.cli import main
from kgsparql.config import Settings
from kgsparql.kg import ensure_demo_store
from kgsparql.learn import EmbeddingClassifier

QUESTIONS = [("who directed Kismet", ["William Dieterle"]), ("who wrote Kismet", ["Edward Knoblock"]),
             ("who directed Flags of Our Fathers", ["Clint Eastwood"]),
             ("who wrote Flags of Our Fathers", ["Paul Haggis", "Ron Powers", "James Bradley"]),
             ("who directed War", ["Philip G. Atwell"]), ("when was War released", ["2007"]),
             ("when was Kismet released", ["1944"])]


def test_a_head_from_own_pairs(tmp_path):
    examples = tmp_path / "mine.jsonl"
    examples.write_text("".join(json.dumps({"id": str(i), "question": q, "answers": a}) + "\n"
                                for i, (q, a) in enumerate(QUESTIONS)) + "not json\n")
    store = str(ensure_demo_store(Settings()))
    out = tmp_path / "head.npz"
    r = CliRunner().invoke(main, ["train", "chains", "--examples", str(examples), "--store", store,
                                  "--out", str(out), "--trained-weight", "0.6", "--json"])
    assert r.exit_code == 0, r.output
    report = json.loads(r.output.strip().splitlines()[-1])
    assert report["examples"] == len(QUESTIONS) and report["classes"] == 3
    head = EmbeddingClassifier.load(out)
    assert any(k.endswith("release_year||0") for k in head.classes)
    assert head.meta["fusion"] == {"trained_weight": 0.6}       # FRAG's weight where this head speaks
    settings = Settings().replace(store=store, method="frag", tables={"methods": {"frag": {"chain_model": str(out)}}})
    with Asker(settings) as asker:
        answer = asker.ask("who was the director of Kismet")
        assert answer.answers == ("William Dieterle",) and answer.plan["match"]["prior"] > 0.9   # the head spoke


def test_a_head_needs_two_chains(tmp_path):
    examples = tmp_path / "one.jsonl"
    examples.write_text(json.dumps({"id": "1", "question": "who directed Kismet", "answers": ["William Dieterle"]}) + "\n")
    r = CliRunner().invoke(main, ["train", "chains", "--examples", str(examples),
                                  "--store", str(ensure_demo_store(Settings())), "--out", str(tmp_path / "h.npz")])
    assert r.exit_code != 0 and "at least two different chains" in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(main, ["train", "chains", "--examples", str(examples), "--trained-weight", "2"])
    assert r.exit_code != 0 and "--trained-weight" in r.output and "Traceback" not in r.output
