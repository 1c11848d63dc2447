"""KGFR's asymmetric progressive propagation on a small real store: the λ rule (an (entity,
relation) pair whose COUNT probe exceeds λ expands only towards entities already reached, while the
entity's other relations still expand), hop bounds, and the cost it reports."""
from __future__ import annotations

from kgsparql.retrieval import propagate
from kgsparql.stats import collect

from kgtest import lines_adapter

# Drama has 6 films (over λ = 3 on ~has_genre); it also has one ordinary relation of its own.
KB = """A|directed_by|D1
A|has_genre|Drama
B|directed_by|D1
B|has_genre|Drama
C|has_genre|Drama
E|has_genre|Drama
F|has_genre|Drama
G|has_genre|Drama
Drama|curated_by|K"""


def names(triples):
    return {(t.head.name, t.relation.name, t.relation.inverse, t.tail.name) for t in triples}


def test_a_relation_over_lambda_expands_only_towards_reached_entities():
    adapter = lines_adapter(KB.splitlines())
    a = adapter.lookup("A")[0]
    explored = propagate(adapter, [a], 3, lam=3)
    drama = adapter.lookup("Drama")[0]
    films_of_drama = {t.tail.name for t in explored.sub.neighbours(drama) if t.relation.inverse}
    assert films_of_drama == {"A", "B"}, "Drama's 6 films: only A (the seed) and B (reached via D1)"
    assert "K" in {t.tail.name for t in explored.sub.neighbours(drama)}, "Drama's other relation still expands"
    assert not {"C", "E", "F", "G"} & {n.name for n in explored.sub.nodes}
    assert explored.capped() >= 1


def test_above_lambda_the_whole_fan_out_is_fetched():
    adapter = lines_adapter(KB.splitlines())
    explored = propagate(adapter, [adapter.lookup("A")[0]], 2, lam=100)
    assert {"C", "E", "F", "G"} <= {n.name for n in explored.sub.nodes}
    assert explored.capped() == 0


def test_hops_bound_the_exploration_and_the_probe_comes_first():
    adapter = lines_adapter(KB.splitlines())
    with collect() as st:
        one = propagate(adapter, [adapter.lookup("A")[0]], 1, lam=3)
    assert {n.name for n in one.sub.nodes} == {"A", "D1", "Drama"}
    assert len(one.hops) == 1 and one.hops[0]["capped"] == 0 and one.edges == 2
    assert st.sparql_queries >= 2      # the COUNT probe, then the fetches


def test_a_hub_fetched_whole_gives_the_facts_the_bound_query_gives():
    from kgsparql.retrieval.propagate import _among

    adapter = lines_adapter(KB.splitlines())
    drama = adapter.lookup("Drama")[0]
    films = propagate(adapter, [drama], 1, lam=100).sub.neighbours(drama)
    genre = next(t.relation for t in films if t.relation.inverse)
    targets = [adapter.lookup(n)[0] for n in ("A", "B", "D1")]
    with collect() as st:
        whole = _among(adapter, {drama: 2}, genre, targets, 5000, 10_000)   # fewer edges than targets
    bound = _among(adapter, {drama: 10**6}, genre, targets, 5000, 10_000)   # too many to fetch
    assert names(whole) == names(bound) == {("Drama", "has genre", True, "A"), ("Drama", "has genre", True, "B")}
    assert st.sparql_queries == 1


class _OneRelationAtATime:
    """The adapter without ``neighbors_each``: every relation fetched by its own query."""

    def __init__(self, adapter):
        self._adapter = adapter

    def __getattr__(self, name):
        if name == "neighbors_each":
            raise AttributeError(name)
        return getattr(self._adapter, name)


def _edges(explored):
    return [(t.head.name, t.relation.name, t.relation.inverse, t.tail.name)
            for n in explored.sub.nodes for t in explored.sub.neighbours(n)]


def test_all_relations_of_a_hop_in_one_query_per_direction_give_the_same_subgraph():
    adapter = lines_adapter(KB.splitlines())
    a = adapter.lookup("A")[0]
    with collect() as batched_cost:
        batched = propagate(adapter, [a], 3, lam=3)
    with collect() as single_cost:
        single = propagate(_OneRelationAtATime(adapter), [a], 3, lam=3)
    assert _edges(batched) == _edges(single) and batched.hops == single.hops
    assert batched_cost.sparql_queries < single_cost.sparql_queries


def test_a_batch_that_reaches_its_limit_is_asked_again_one_relation_at_a_time():
    adapter = lines_adapter(KB.splitlines())
    drama, a = adapter.lookup("Drama")[0], adapter.lookup("A")[0]
    genre = next(t.relation for t in adapter.neighbors([drama], direction="both") if t.relation.inverse)
    curated = next(t.relation for t in adapter.neighbors([drama]) if not t.relation.inverse)
    wanted = {genre: [drama], curated: [drama]}
    cut = adapter.neighbors_each(wanted, limit=2)          # Drama has 6 films: the block is cut
    assert [t.tail.name for t in cut[genre]] == [t.tail.name for t in adapter.neighbors([drama], genre, limit=2)]
    whole = adapter.neighbors_each(wanted)
    assert {t.tail.name for t in whole[genre]} == {"A", "B", "C", "E", "F", "G"}
    assert [t.tail.name for t in whole[curated]] == ["K"] and a in {t.tail for t in whole[genre]}
