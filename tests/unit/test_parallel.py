"""``kgsparql.parallel``: gathered calls keep their order and count one round trip per wave;
``ordered_map`` hands results back in input order whatever order the workers finish in."""
from __future__ import annotations

import threading

import pytest

from kgsparql import stats
from kgsparql.errors import EndpointError
from kgsparql.parallel import gather, ordered_map


def _query(n: int = 1):
    """A call that waits on the endpoint ``n`` times in a row (what a real endpoint records)."""
    def call():
        for _ in range(n):
            stats.record_query(0.001)
        return n
    return call


def test_gathered_calls_count_as_one_round_trip_each_wave():
    with stats.collect() as st:
        assert gather([_query(1), _query(2), _query(1)], workers=4) == [1, 2, 1]
    assert (st.sparql_queries, st.sparql_round_trips) == (4, 2)      # the longest branch: 2 in a row
    with stats.collect() as st:
        gather([_query(), _query(), _query()], workers=2)             # waves of 2: two waits
    assert (st.sparql_queries, st.sparql_round_trips) == (3, 2)


def test_one_worker_runs_in_order_and_counts_every_query():
    with stats.collect() as st:
        assert gather([_query(), _query()], workers=1) == [1, 1]
    assert (st.sparql_queries, st.sparql_round_trips) == (2, 2)


def test_cache_hits_are_no_round_trip():
    with stats.collect() as st:
        stats.record_query(0.0, cached=True)
    assert (st.sparql_cache_hits, st.sparql_round_trips) == (1, 0)


def test_an_error_is_raised_after_every_call_of_its_wave_finished():
    finished = []

    def slow_ok():
        finished.append("ok")
        return 1

    def bad():
        raise EndpointError("down")

    with pytest.raises(EndpointError, match="down"):
        gather([bad, slow_ok], workers=2)
    assert finished == ["ok"]


def test_ordered_map_yields_in_input_order_when_later_items_finish_first():
    second_done = threading.Event()

    def work(i):
        if i == 0:
            assert second_done.wait(10)     # item 0 finishes only after item 1
        if i == 1:
            second_done.set()
        return i * 10

    assert list(ordered_map(work, range(6), workers=2)) == [0, 10, 20, 30, 40, 50]


def test_ordered_map_raises_at_the_failing_items_place():
    def work(i):
        if i == 2:
            raise ValueError("bad item")
        return i

    got = []
    with pytest.raises(ValueError, match="bad item"):
        for value in ordered_map(work, range(5), workers=2):
            got.append(value)
    assert got == [0, 1]
