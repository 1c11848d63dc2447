"""Subgraph expansion, personalised PageRank and path search on a small real store."""
from __future__ import annotations

import pytest

from kgsparql.config import DEFAULT_BASE_IRI
from kgsparql.retrieval import (all_paths, expand_subgraph, group_by_chain, paths_along, personalized_pagerank,
                                prune_to_top_n, shortest_paths)
from kgsparql.stats import collect
from kgsparql.types import Relation

from kgtest import lines_adapter

R = DEFAULT_BASE_IRI + "r/"
KB = """A|directed_by|D1
A|starred_actors|X
B|starred_actors|X
B|directed_by|D2
C|starred_actors|Y
C|directed_by|D2
A|has_genre|Drama
B|has_genre|Drama
C|has_genre|Drama
E|has_genre|Drama"""


@pytest.fixture(scope="module")
def adapter():
    return lines_adapter(KB.splitlines())


def ent(adapter, name):
    return adapter.lookup(name)[0]


def test_expansion_is_batched_per_hop(adapter):
    a = ent(adapter, "A")
    with collect() as st:
        sub = expand_subgraph(adapter, [a], 2)
    assert {"X", "D1", "Drama", "B", "E"} <= {n.name for n in sub.nodes}
    assert st.sparql_queries <= 2 * (2 + 3), "relations + one neighbours query per kept relation, per hop"


def test_fanout_cap_skips_hubs_and_top_m_prunes_relations(adapter):
    sub = expand_subgraph(adapter, [ent(adapter, "A")], 2, fanout_cap=3)
    assert "E" not in {n.name for n in sub.nodes}, "Drama has 4 films: over the cap on hop 2"
    keep_actors = lambda hop, rels: [1.0 if "starred" in r.iri else 0.0 for r in rels]  # noqa: E731
    sub = expand_subgraph(adapter, [ent(adapter, "A")], 2, scorer=keep_actors, top_m=1)
    assert {n.name for n in sub.nodes} == {"A", "X", "B"}


def test_ppr_ranks_near_nodes_first_and_prunes(adapter):
    a = ent(adapter, "A")
    sub = expand_subgraph(adapter, [a], 3)
    scores = personalized_pagerank(sub, [a], 0.85)
    assert max(scores, key=scores.get) == a
    assert scores[ent(adapter, "X")] > scores[ent(adapter, "Y")]
    pruned = prune_to_top_n(sub, scores, 4)
    assert a in pruned.nodes and len(pruned.nodes) <= 5


def test_paths_bfs_shortest_and_along_a_chain(adapter):
    a = ent(adapter, "A")
    sub = expand_subgraph(adapter, [a], 3)
    two = all_paths(sub, [a], 2)
    assert all(len(p) <= 2 and len(set(p.entities)) == len(p.entities) for p in two)
    chains = group_by_chain(two)
    co_actor = (Relation(R + "starred_actors"), Relation(R + "starred_actors", inverse=True))
    assert {p.end.name for p in chains[co_actor]} == {"B"}
    short = shortest_paths(sub, [a], [ent(adapter, "D2")], max_len=3)
    assert short and all(len(p) == 3 for p in short)
    along = paths_along(sub, [a], co_actor + (Relation(R + "directed_by"),))
    assert [p.end.name for p in along] == ["D2"]
    assert along[0].to_json()[0] == ["A", "starred actors", "X"]


def test_per_branch_pruning_keeps_the_second_hop_of_a_weaker_first_hop():
    """Each relation that reached the frontier gets one of the top-m places first: the label's
    ``based_in`` is not crowded out by the maker's better-scored relations, and m stays m."""
    kb = ["T|made_by|P", "T|label|L", "P|member_of|G", "P|plays|I", "P|born_in|C1", "L|based_in|C2"]
    adapter = lines_adapter(kb)
    weight = {"made_by": 5, "label": 4, "member_of": 3, "plays": 2.5, "born_in": 2, "based_in": 1}
    scorer = lambda hop, rels: [0.0 if r.inverse else weight[r.iri.rsplit("/", 1)[-1]] for r in rels]  # noqa: E731
    pooled = expand_subgraph(adapter, [ent(adapter, "T")], 2, scorer=scorer, top_m=2)
    branched = expand_subgraph(adapter, [ent(adapter, "T")], 2, scorer=scorer, top_m=2, per_branch=True)
    assert "C2" not in {n.name for n in pooled.nodes}
    assert {"C2", "G"} <= {n.name for n in branched.nodes}
    assert not {"I", "C1"} & {n.name for n in branched.nodes}, "still two relations on the second hop"
