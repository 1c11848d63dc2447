"""benchmarks/answer_ranks.py: the rank of the first gold answer, by name or by IRI."""
from __future__ import annotations

from kgtest import benchmark

ranks = benchmark("answer_ranks")


def test_the_first_gold_answer_is_found_by_name_or_by_iri():
    row = {"answers": ["Lazio", "Province of Rome"], "gold": ["province of rome"], "answer_iris": [None, None]}
    assert ranks.first_gold_rank(row) == 2
    by_iri = {"answers": ["Rome (province)", "Lazio"], "gold": ["Province of Rome"], "gold_iris": ["m.1"],
              "answer_iris": ["m.1", "m.2"]}
    assert ranks.first_gold_rank(by_iri) == 1
    assert ranks.first_gold_rank({"answers": ["Lazio"], "gold": ["Province of Rome"]}) is None


def test_bands_and_table_count_per_type():
    assert [ranks.band(k) for k in (1, 2, 4, 7, 30)] == ["1", "2", "3-5", "6-20", ">20"]
    rows = [{"qtype": "superlative", "answers": ["a", "b"], "gold": ["b"]},
            {"qtype": "superlative", "answers": ["c"], "gold": ["x"]}]
    text = ranks.table(rows)
    assert "| 2 | 1 | 1 |" in text and "superlative (2)" in text and "all (2)" in text
