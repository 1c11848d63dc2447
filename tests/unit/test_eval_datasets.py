"""Loaders on small synthetic files, the seeded split, stratified sampling, data-dir resolution."""
import gzip
import zipfile

import pytest

from kgsparql.errors import InputError
from kgsparql.eval.datasets import load_dataset, resolve_data_dir, sample, strip_brackets
from kgsparql.eval.items import Item, Part, read_lines, seeded_split
from kgsparql.eval.kb import KBSource
from kgsparql.eval.pathquestion import _answers, parse_path


def _metaqa(root, lines, qtypes):
    d = root / "metaqa"
    (d / "1-hop" / "vanilla").mkdir(parents=True)
    (d / "1-hop" / "vanilla" / "qa_test.txt").write_text("".join(f"{ln}\n" for ln in lines))
    (d / "1-hop" / "qa_test_qtype.txt").write_text("".join(f"{q}\n" for q in qtypes))
    with gzip.open(d / "kb_dedup.txt.gz", "wt") as fh:
        fh.write("Kismet|directed_by|William Dieterle\n")
    return root


def test_metaqa_items_ids_topics_and_qtypes(tmp_path):
    _metaqa(tmp_path, ["who directed [Kismet]\tWilliam Dieterle", "what did [Joe] star in\tA|B"],
            ["movie_to_director", "actor_to_movie"])
    [part] = load_dataset("metaqa", tmp_path, hops={1})
    a, b = part.items
    assert (a.id, a.topic, a.answers, a.hops, a.qtype) == ("metaqa-1hop-test-00001", "Kismet",
                                                           ["William Dieterle"], 1, "movie_to_director")
    assert b.id == "metaqa-1hop-test-00002" and b.answers == ["A", "B"]
    assert part.kb.name == "metaqa" and part.kb.fmt == "metaqa"


@pytest.mark.parametrize("line", ["no topic here\tx", "[two] [topics]\tx", "[t] no tab", "[t]\t"])
def test_metaqa_bad_lines_are_input_errors_with_the_line_number(tmp_path, line):
    _metaqa(tmp_path, ["ok [t]\tx", line], ["a", "b"])
    with pytest.raises(InputError, match=r"qa_test.txt:2"):
        load_dataset("metaqa", tmp_path, hops={1})


def test_metaqa_misaligned_qtype_file(tmp_path):
    _metaqa(tmp_path, ["ok [t]\tx"], ["a", "b"])
    with pytest.raises(InputError, match="qtype"):
        load_dataset("metaqa", tmp_path, hops={1})


def test_metaqa_train_reads_dev_and_missing_hop_files_are_named(tmp_path):
    _metaqa(tmp_path, ["ok [t]\tx"], ["a"])
    with pytest.raises(InputError, match="qa_dev.txt"):
        load_dataset("metaqa", tmp_path, split="train")
    with pytest.raises(InputError, match="2-hop"):
        load_dataset("metaqa", tmp_path, hops={2})
    with pytest.raises(InputError, match="4-hop"):
        load_dataset("metaqa", tmp_path, hops={4})


def test_unknown_dataset_variant_and_missing_folder(tmp_path):
    with pytest.raises(InputError, match="unknown dataset"):
        load_dataset("freebase-qa", tmp_path)
    with pytest.raises(InputError, match="no pathquestion data"):
        load_dataset("pathquestion", tmp_path)
    _metaqa(tmp_path, ["ok [t]\tx"], ["a"])
    with pytest.raises(InputError, match="no variant"):
        load_dataset("metaqa", tmp_path, variant="PQ")


def test_pathquestion_answer_column_and_paths():
    assert _answers("united_kingdom(united_kingdom/)") == ["united_kingdom"]
    assert _answers("PG_(USA)(PG_(USA)/)") == ["PG_(USA)"]
    assert _answers("Hard_Times(Hard_Times_(live)/Hard_Times/)") == ["Hard_Times_(live)", "Hard_Times"]
    assert parse_path("a#r1#b#r2#c#<end>#c") == ("a", ["r1", "r2"])
    assert parse_path("a#r1#b#r2#c") == ("a", ["r1", "r2"])
    with pytest.raises(ValueError):
        parse_path("a#r1")


def test_wc2014_from_a_zip(tmp_path):
    (tmp_path / "wc2014").mkdir()
    with zipfile.ZipFile(tmp_path / "wc2014" / "WC2014.zip", "w") as zf:
        zf.writestr("WC2014/WC2014.txt", "A\tplays_in_club\tC\n")
        zf.writestr("WC2014/WC-P1.txt", "".join(f"where does A{i} play ?\tC\tA{i}#plays_in_club#C#<end>#C\tC/\tf\n"
                                                 for i in range(20)))
        zf.writestr("WC2014/WC-P2.txt", "q ?\tX\tA#r1#B#r2#X\tX/Y/\tf\n" * 10)
    parts = load_dataset("wc2014", tmp_path, split="test")
    assert [p.name for p in parts] == ["WC-P1", "WC-P2"] and [len(p.items) for p in parts] == [2, 1]
    assert parts[1].items[0].answers == ["X", "Y"] and parts[1].items[0].hops == 2
    assert parts[0].kb == KBSource("wc2014", tmp_path / "wc2014" / "WC2014.zip", "tsv", "WC2014/WC2014.txt")
    with pytest.raises(InputError, match="no hop count"):
        load_dataset("wc2014", tmp_path, variant="C", hops={1})


def test_seeded_split_is_8_1_1_disjoint_and_stable():
    s = seeded_split("PQ-2H", 1908)
    assert [len(s[k]) for k in ("train", "dev", "test")] == [1526, 191, 191]
    assert sorted(s["train"] + s["dev"] + s["test"]) == list(range(1908))
    assert s == seeded_split("PQ-2H", 1908) and s["test"] != seeded_split("PQ-3H", 1908)["test"]
    assert s["test"][:3] == [7, 10, 14]   # pinned: changing the split silently breaks comparisons


def _part(name, n):
    return Part(name, KBSource("kb", None, "tsv"), [Item(f"{name}-{i}", f"q{i}", ["a"], int(name[-1]))
                                                     for i in range(n)])


def test_sample_is_seeded_stratified_and_in_file_order():
    parts = [_part("h1", 100), _part("h2", 5), _part("h3", 100)]
    got = sample(parts, 30, seed=1)
    assert [len(p.items) for p in got] == [13, 5, 12]            # h2's unused share goes to the others
    assert got == sample(parts, 30, seed=1) and got != sample(parts, 30, seed=2)
    ids = [it.id for it in got[0].items]
    assert ids == sorted(ids, key=lambda i: int(i.split("-")[1]))
    assert {it.id for it in sample(parts, 9, seed=1)[0].items} <= {it.id for it in got[0].items}
    assert sample(parts, None) is parts and sum(len(p.items) for p in sample(parts, 10**6)) == 205
    with pytest.raises(InputError):
        sample(parts, 0)


def test_strip_brackets():
    assert strip_brackets("who directed [Kismet]") == "who directed Kismet"
    assert strip_brackets("no brackets") == "no brackets"


def test_resolve_data_dir(tmp_path, monkeypatch):
    assert resolve_data_dir(str(tmp_path), "/elsewhere") == tmp_path
    assert resolve_data_dir(None, str(tmp_path)) == tmp_path
    with pytest.raises(InputError, match="not found"):
        resolve_data_dir(str(tmp_path / "nope"), None)
    work = tmp_path / "repo"
    work.mkdir()
    with pytest.raises(InputError, match="--data-dir"):
        resolve_data_dir(None, None, cwd=work)
    (tmp_path / "shared" / "data").mkdir(parents=True)
    assert resolve_data_dir(None, None, cwd=work) == (tmp_path / "shared" / "data").resolve()


def test_read_lines_keeps_line_numbers(tmp_path):
    p = tmp_path / "f.txt"
    p.write_bytes(b"a\r\n\nb\n")
    assert read_lines(p) == ["a", "", "b"]
    with pytest.raises(InputError, match="missing"):
        read_lines(tmp_path / "none.txt")
