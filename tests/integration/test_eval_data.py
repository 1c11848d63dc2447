"""Loaders and KB stores on the real benchmark files (skipped when the data directory is absent)."""
import os
from pathlib import Path

import pytest

from kgsparql.endpoints.embedded import EmbeddedEndpoint
from kgsparql.errors import InputError
from kgsparql.eval import load_dataset
from kgsparql.eval.kb import MARKER, KBSource, ensure_store

DATA = Path(os.environ.get("KGSPARQL_DATA_DIR") or Path(__file__).resolve().parents[3] / "shared" / "data")
pytestmark = pytest.mark.skipif(not DATA.is_dir(), reason=f"no benchmark data at {DATA}")
BASE = "https://kgsparql.example/"


def _sizes(name, split, variant=None):
    return {p.name: len(p.items) for p in load_dataset(name, DATA, split=split, variant=variant)}


def test_metaqa_counts_match_the_published_splits():
    assert _sizes("metaqa", "test") == {"metaqa-1hop": 9947, "metaqa-2hop": 14872, "metaqa-3hop": 14274}
    assert _sizes("metaqa", "dev") == {"metaqa-1hop": 9992, "metaqa-2hop": 14872, "metaqa-3hop": 14274}
    assert _sizes("metaqa", "test", "ntm") == {"metaqa-ntm-1hop": 9947}


def test_metaqa_first_2hop_test_item():
    item = load_dataset("metaqa", DATA, hops={2})[0].items[0]
    assert item.id == "metaqa-2hop-test-00001"
    assert item.question == "which person directed the movies starred by [John Krasinski]"
    assert item.topic == "John Krasinski" and item.qtype == "actor_to_movie_to_director" and item.hops == 2
    assert item.answers == ["Nancy Meyers", "Sam Mendes", "George Clooney", "Ken Kwapis", "Luke Greenfield"]


@pytest.mark.parametrize("variant, lines", [("PQ", {"PQ-2H": 1908, "PQ-3H": 5198}),
                                            ("PQL", {"PQL-2H": 1594, "PQL-3H": 1031})])
def test_pathquestion_split_covers_every_line_once(variant, lines):
    sizes = {s: _sizes("pathquestion", s, variant) for s in ("train", "dev", "test")}
    for name, n in lines.items():
        assert sum(sizes[s][name] for s in sizes) == n
        assert sizes["test"][name] == sizes["dev"][name] == round(n / 10)
    ids = [it.id for s in ("train", "dev", "test") for p in load_dataset("pathquestion", DATA, split=s,
                                                                          variant=variant) for it in p.items]
    assert len(ids) == len(set(ids)) == sum(lines.values())


@pytest.mark.parametrize("variant, lines", [("P", {"WC-P1": 6482, "WC-P2": 1472}), ("C", {"WC-C": 2208})])
def test_wc2014_split_covers_every_line_once(variant, lines):
    sizes = {s: _sizes("wc2014", s, variant) for s in ("train", "dev", "test")}
    for name, n in lines.items():
        assert sum(sizes[s][name] for s in sizes) == n


HOPS = {"metaqa-1hop": 1, "metaqa-2hop": 2, "metaqa-3hop": 3, "PQ-2H": 2, "PQ-3H": 3, "PQL-2H": 2,
        "PQL-3H": 3, "WC-P1": 1, "WC-P2": 2, "WC-C": None}


def test_topics_hops_and_answers_everywhere():
    for name, variant in [("metaqa", None), ("pathquestion", "PQ"), ("pathquestion", "PQL"),
                          ("wc2014", "P"), ("wc2014", "C")]:
        for part in load_dataset(name, DATA, split="test", variant=variant):
            for it in part.items:
                assert it.topic and it.topic in it.question, it
                assert it.answers and all(a.strip() for a in it.answers), it
                assert it.hops == HOPS[part.name], it


def test_pathquestion_answer_sets_and_hops_from_the_file():
    items = {it.id: it for p in load_dataset("pathquestion", DATA, split="train", variant="PQL") for it in p.items}
    it = items["pathquestion-PQL-2H-train-00002"]
    assert (it.question, it.answers, it.topic, it.hops) == (
        "what is the Kenneth_Peach 's film 's notable_types ?", ["Adaptation"], "Kenneth_Peach", 2)


def test_wc2014_store_from_the_zip_is_built_once_and_answers_a_gold_path(tmp_path):
    kb = load_dataset("wc2014", DATA, variant="P")[0].kb
    path = ensure_store(kb, tmp_path, BASE, quiet=True)
    stamp = (path / MARKER).stat().st_mtime_ns
    assert ensure_store(kb, tmp_path, BASE, quiet=True) == path and (path / MARKER).stat().st_mtime_ns == stamp
    ep = EmbeddedEndpoint.open(path)
    try:
        rows = ep.select(f"SELECT ?c WHERE {{ <{BASE}e/Alan_PULIDO> <{BASE}r/plays_in_club> ?c }}")
    finally:
        ep.close()
    assert [str(r["c"]) for r in rows] == [f"{BASE}e/Tigres_UANL"]
    assert not list(tmp_path.glob("stores/.*building*"))


def test_store_is_rebuilt_when_its_input_changes(tmp_path):
    src = tmp_path / "kb.tsv"
    src.write_text("a\tr\tb\n")
    kb = KBSource("tiny", src, "tsv")
    path = ensure_store(kb, tmp_path / "home", BASE, quiet=True)
    ep = EmbeddedEndpoint.open(path)
    first = ep.count_triples()
    ep.close()
    src.write_text("a\tr\tb\nb\tr\tc\n")
    assert ensure_store(kb, tmp_path / "home", BASE, quiet=True) == path
    ep = EmbeddedEndpoint.open(path)
    assert ep.count_triples() > first
    ep.close()


def test_a_store_directory_not_built_by_eval_is_left_alone(tmp_path):
    src = tmp_path / "kb.tsv"
    src.write_text("a\tr\tb\n")
    (tmp_path / "home" / "stores" / "tiny").mkdir(parents=True)
    (tmp_path / "home" / "stores" / "tiny" / "keep.txt").write_text("mine")
    with pytest.raises(InputError, match="not built by"):
        ensure_store(KBSource("tiny", src, "tsv"), tmp_path / "home", BASE, quiet=True)
    assert (tmp_path / "home" / "stores" / "tiny" / "keep.txt").read_text() == "mine"
