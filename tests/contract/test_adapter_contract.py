"""The adapter contract: every step of every adapter, on its fixture KG, on every endpoint kind.
Expectations live in cases.py; this file only says what each step must do."""
from __future__ import annotations

import math

import pytest

from kgsparql.adapters import AGG_OPS, RelationCount
from kgsparql.adapters.aggregate import FILTERS
from kgsparql.stats import collect
from kgsparql.types import IRI, Entity, Path, Relation

from .cases import CASES, Agg, Case, Rel


def ent(iri: str) -> Entity:
    return Entity(IRI(iri))


def key(rel: Rel | Relation) -> tuple:
    return (rel.iri, rel.via, rel.inverse)


def queries_run(fn) -> tuple[object, int]:
    with collect() as st:
        result = fn()
    return result, st.sparql_queries


def assert_no_hidden(case: Case, paths: list[Path]) -> None:
    shown = {e.id for p in paths for e in p.entities}
    assert not shown & case.hidden, f"intermediate nodes exposed: {shown & case.hidden}"


# -- labels and lookup -------------------------------------------------------------------------------
def test_labels_in_one_batched_query(adapter, case):
    labels, n = queries_run(lambda: adapter.labels([ent(i) for i in case.labels]))
    assert n == 1
    assert {e.id: label for e, label in labels.items()} == {i: v for i, v in case.labels.items() if v is not None}


def test_lookup_exact_label(adapter, case):
    found = adapter.lookup(case.label)
    assert found and found[0].id == case.entity
    assert found[0].label == case.label


def test_lookup_normalises_case_and_whitespace(adapter, case):
    found = adapter.lookup(case.messy_label)
    assert found and found[0].id == case.entity


@pytest.mark.parametrize("case", [c for c in CASES if c.alias], indirect=True, ids=lambda c: c.id)
def test_lookup_alias_resolves_to_the_entity(adapter, case):
    found = adapter.lookup(case.alias)
    assert [e.id for e in found][:1] == [case.entity]
    assert found[0].label == case.label


def test_lookup_unknown_and_empty(adapter):
    assert adapter.lookup("no such entity anywhere 42") == []
    assert adapter.lookup("   ") == []

# -- relations and neighbours ------------------------------------------------------------------------
def test_relations_with_counts_both_directions(adapter, case):
    (rel, n_out), (node, rel_in, n_in) = case.out_relation, case.in_relation
    out = {(rc.entity.id, key(rc.relation)): rc.count for rc in adapter.relations([ent(case.entity)], "out")}
    assert out[(case.entity, key(rel))] == n_out
    into = {(rc.entity.id, key(rc.relation)): rc.count for rc in adapter.relations([ent(node)], "in")}
    assert into[(node, key(rel_in))] == n_in
    both = adapter.relations([ent(case.entity), ent(node)], "both")
    assert all(isinstance(rc, RelationCount) and rc.relation.label for rc in both)
    assert {(rc.entity.id, key(rc.relation)) for rc in both} >= {(case.entity, key(rel)), (node, key(rel_in))}


def test_relations_never_expose_intermediate_nodes(adapter, case):
    nodes = [ent(case.entity), ent(case.in_relation[0])]
    for t in adapter.neighbors(nodes, None, "both"):
        assert t.tail.id not in case.hidden
        assert t.relation.label and t.relation.name


def test_neighbors_along_a_relation(adapter, case):
    rel, tails = case.neighbours
    triples = adapter.neighbors([ent(case.entity)], rel.make())
    assert {t.tail.id for t in triples} == tails
    assert all(t.head.id == case.entity and key(t.relation) == key(rel) for t in triples)
    assert all(t.tail.label for t in triples), "tails come with their labels"


def test_neighbors_limit_and_all_relations(adapter, case):
    rel, tails = case.neighbours
    assert len(adapter.neighbors([ent(case.entity)], rel.make(), limit=1)) == 1
    every = adapter.neighbors([ent(case.entity)], None, "out")
    assert {t.tail.id for t in every if key(t.relation) == key(rel)} == tails


def test_neighbors_of_the_reverse_relation_come_back(adapter, case):
    rel, tails = case.neighbours
    back = Relation(rel.iri, None, not rel.inverse, rel.via)
    triples = adapter.neighbors([ent(t) for t in sorted(tails)], back)
    assert {t.head.id for t in triples if t.tail.id == case.entity} == tails
    assert all(key(t.relation) == key(back) for t in triples)


def test_neighbors_among_reach_only_the_given_targets(adapter, case):
    rel, tails = case.neighbours
    wanted = sorted(tails)[:1]
    others = [t for t in (case.entity, *sorted(case.hidden)) if t not in tails][:1]
    triples = adapter.neighbors_among([ent(case.entity)], rel.make(), [ent(t) for t in wanted + others])
    assert {t.tail.id for t in triples} == set(wanted)
    assert all(t.head.id == case.entity and key(t.relation) == key(rel) for t in triples)
    back = Relation(rel.iri, None, not rel.inverse, rel.via)
    returned = adapter.neighbors_among([ent(t) for t in sorted(tails)], back, [ent(case.entity)])
    assert {t.head.id for t in returned} == tails and all(t.tail.id == case.entity for t in returned)


# -- multi-hop -----------------------------------------------------------------------------------------
def test_expand_two_hop_counts_compound_hops_once(adapter, case):
    start, direction, (r1, r2), end = case.two_hop
    paths = adapter.expand_two_hop([ent(start)], direction)
    assert all(1 <= len(p) <= 2 and p.start.id == start for p in paths)
    wanted = [p for p in paths if len(p) == 2 and tuple(map(key, p.relations)) == (key(r1), key(r2))]
    assert end in {p.end.id for p in wanted}
    assert_no_hidden(case, paths)


def test_paths_between_two_entities(adapter, case):
    source, target, hops, rels = case.path
    paths = adapter.paths(ent(source), ent(target), hops)
    assert paths and all(p.start.id == source and p.end.id == target and len(p) <= hops for p in paths)
    assert tuple(map(key, rels)) in {tuple(map(key, p.relations)) for p in paths}
    assert_no_hidden(case, paths)


def test_paths_of_three_hops(adapter, case):
    source, target, rels = case.path3
    paths = adapter.paths(ent(source), ent(target), 3)
    assert all(p.start.id == source and p.end.id == target and len(p) <= 3 for p in paths)
    assert all(len({e.id for e in p.entities}) == len(p) + 1 for p in paths), "no node twice"
    three = [p for p in paths if tuple(map(key, p.relations)) == tuple(map(key, rels))]
    assert three and all(e.label for e in three[0].entities[1:-1]), "middle nodes come labelled"
    assert_no_hidden(case, paths)


def test_paths_from_a_relation_path(adapter, case):
    source, rels, ends = case.relation_path
    paths = adapter.paths_from(ent(source), [r.make() for r in rels])
    assert {p.end.id for p in paths} == ends
    assert all(tuple(map(key, p.relations)) == tuple(map(key, rels)) for p in paths)


def test_paths_rejects_bad_hop_counts(adapter, case):
    from kgsparql.errors import InputError
    with pytest.raises(InputError):
        adapter.paths(ent(case.entity), ent(case.entity), 4)


# -- aggregation ------------------------------------------------------------------------------------------
def same_value(got: str, want) -> bool:
    if isinstance(want, (int, float)):
        return math.isclose(float(got), float(want), rel_tol=1e-6)
    return got == want


def check_op(adapter, agg: Agg, op: str) -> None:
    want = agg.expect[op]
    if op in FILTERS:
        value, want = want
        rows = adapter.aggregate([ent(e) for e in agg.entities], agg.relation.make(), op, value)
        assert {r.entity.id for r in rows} == want
        return
    rows = adapter.aggregate([ent(e) for e in agg.entities], agg.relation.make(), op)
    if op == "count":
        assert {r.entity.id: int(r.value.value) for r in rows} == want
    elif op in ("argmax", "argmin"):
        assert {r.entity.id for r in rows} == want, "ties are kept"
    else:
        assert len(rows) == 1 and rows[0].entity is None and same_value(rows[0].value.value, want)


@pytest.mark.parametrize("op", AGG_OPS)
def test_aggregate(adapter, case, op):
    checked = [agg for agg in case.aggregates if op in agg.expect]
    assert checked, f"case {case.id} gives no {op} expectation: every case must check every op"
    for agg in checked:
        check_op(adapter, agg, op)


# -- determinism ------------------------------------------------------------------------------------------
def test_two_calls_give_the_same_answers(adapter, case):
    start = [ent(case.entity)]
    source, target, hops, _ = case.path
    for call in (lambda: adapter.lookup(case.messy_label), lambda: adapter.relations(start, "both"),
                 lambda: adapter.neighbors(start, None, "both"), lambda: adapter.expand_two_hop(start, "both"),
                 lambda: adapter.paths(ent(source), ent(target), hops)):
        first, second = call(), call()
        assert first == second
        assert [getattr(x, "label", None) for x in first] == [getattr(x, "label", None) for x in second]


def test_schema_relations_list_the_kgs_relations_without_noise(adapter, case):
    found = {r.iri for r in adapter.schema_relations()}
    wanted, noise = case.schema
    assert wanted <= found and not (noise & found)
    assert all(not r.inverse for r in adapter.schema_relations())
    assert [r.iri for r in adapter.schema_relations(limit=1)] == [sorted(found)[0]], "pages in IRI order, capped"
