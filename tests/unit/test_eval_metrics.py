"""Metric definitions on hand-built cases (see kgsparql/eval/metrics.py)."""
import pytest

from kgsparql.eval.metrics import (MISS, exact_match, hit_any, hits_at_1, normalise, normalised_list,
                                   score, set_f1)


@pytest.mark.parametrize("raw, expected", [
    ("Kismet", "kismet"), ("  The   Big\tSleep \n", "the big sleep"), ("STRASSE", "strasse"),
    ("Straße", "strasse"), ("united_kingdom", "united_kingdom"), ("", ""), ("   ", ""),
])
def test_normalise_is_casefold_and_whitespace_only(raw, expected):
    assert normalise(raw) == expected


def test_normalise_keeps_punctuation_and_underscores():
    assert normalise("'71") == "'71" and normalise("Hard_Times_(live)") == "hard_times_(live)"


def test_normalised_list_drops_empties_and_keeps_first_position_of_duplicates():
    assert normalised_list(["B", "a", " b ", "", "A", "c"]) == ["b", "a", "c"]


def test_hits_at_1_uses_the_first_prediction_only():
    gold = ["Drama", "Comedy"]
    assert hits_at_1(["drama", "Horror"], gold)
    assert not hits_at_1(["Horror", "Drama"], gold)
    assert hit_any(["Horror", "Drama"], gold)


def test_ties_are_decided_by_the_methods_order():
    # two equally scored answers: only the one listed first counts for Hits@1
    assert hits_at_1(["Comedy", "Horror"], ["Comedy"]) and not hits_at_1(["Horror", "Comedy"], ["Comedy"])
    assert set_f1(["Comedy", "Horror"], ["Comedy"]) == set_f1(["Horror", "Comedy"], ["Comedy"])


def test_empty_prediction_is_a_miss_everywhere():
    for pred in ([], [""], ["  "]):
        s = score(pred, ["x"])
        assert (s.hits1, s.hit_any, s.f1, s.em) == (False, False, 0.0, False)


def test_empty_strings_before_the_first_real_prediction_are_skipped():
    assert hits_at_1(["", "x"], ["X"])


def test_set_f1_values():
    assert set_f1(["a", "b"], ["a", "b"]) == 1.0
    assert set_f1(["a"], ["a", "b"]) == pytest.approx(2 / 3)          # P=1, R=1/2
    assert set_f1(["a", "b", "c", "d"], ["a"]) == pytest.approx(0.4)  # P=1/4, R=1
    assert set_f1(["x"], ["a"]) == 0.0
    assert set_f1(["a"], []) == 0.0


def test_duplicates_do_not_change_precision():
    assert set_f1(["a", "A", " a "], ["a", "b"]) == pytest.approx(2 / 3)
    assert set_f1(["a", "a", "x"], ["a"]) == set_f1(["a", "x"], ["a"])


def test_case_and_whitespace_match():
    assert exact_match(["judd  apatow"], ["Judd Apatow"])
    assert hits_at_1(["MALE"], ["Male"])


def test_exact_match_is_set_equality():
    assert exact_match(["b", "a", "a"], ["a", "b"])
    assert not exact_match(["a"], ["a", "b"])
    assert not exact_match([], [])


def test_score_to_json_and_miss():
    assert score(["a", "x"], ["a", "b"]).to_json() == {"hits1": True, "hit_any": True, "f1": 0.5, "em": False}
    assert MISS.to_json() == {"hits1": False, "hit_any": False, "f1": 0.0, "em": False}
