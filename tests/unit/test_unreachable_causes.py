"""benchmarks/unreachable_causes.py: why a gold answer is out of reach, read from a small graph."""
from __future__ import annotations

from types import SimpleNamespace

from kgtest import benchmark

causes = benchmark("unreachable_causes")
T, A, B, C, D, CVT, X = (f"e:{n}" for n in ("topic", "a", "b", "c", "gold", "cvt", "other"))
NAMES = {T: "Greece", A: "Greek Language", B: "Czech Republic", C: "Europe", D: "Albania", X: "Rome"}


def _graph(*edges):
    adj = {}
    for s, p, o in edges:
        adj.setdefault(s, []).append((p, False, o))
        adj.setdefault(o, []).append((p, True, s))
    return adj


def _cause(question, answers, adj, evidence=(), iris=()):
    item = SimpleNamespace(question=question, answers=answers, answer_iris=iris)
    by_name = {" ".join(n.casefold().split()): {e} for e, n in NAMES.items()}
    return causes.cause_of(item, {"evidence_triples": list(evidence)}, [T], adj, NAMES, by_name)


def test_a_gold_three_hops_away_is_further_and_a_cvt_counts_once():
    adj = _graph((T, "official_language", A), (A, "spoken_in", B), (B, "in", CVT), (CVT, "leg", D))
    row = _cause("what countries does greece border", ["Albania"], adj)
    assert row == {"cause": "a_further", "logical_hops": 3, "cvt_nodes": 1}


def test_absent_gold_literal_form_and_other_entity():
    adj = _graph((T, "official_language", A), (X, "near", D))
    assert _cause("what does greece speak", ["Latin"], adj)["cause"] == "e_gold_absent"
    assert _cause("when did greece join", ["1981-01-01"], adj)["cause"] == "e_gold_literal_absent"
    assert _cause("what does greece speak", ["greek language!"], adj)["cause"] == "d_label_differs"
    assert _cause("what is near rome in greece", ["Albania"], adj)["cause"] == "c_second_entity"
    assert _cause("what is near greece", ["Albania"], adj)["cause"] == "e_disconnected"


def test_evidence_the_build_drops_is_named():
    adj = _graph((T, "official_language", A))
    dropped = [("Greece", "not a relation", "Albania")]
    assert _cause("what is near greece", ["Albania"], adj, dropped)["cause"] == "b_dropped_at_build"
    mended = [("Greece", "Hellenic Republic,location.location.adjoin_s", "Albania")]
    assert _cause("what is near greece", ["Albania"], adj, mended)["cause"] != "b_dropped_at_build"
