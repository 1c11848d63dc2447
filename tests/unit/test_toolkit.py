"""The method toolkit's shared parts: option checking, endpoint choice, the model store, walk
conventions of chain execution, and the abstention decision."""
from __future__ import annotations

import threading

import pytest
from click.testing import CliRunner

from kgsparql.cli import main
from kgsparql.config import DEFAULT_BASE_IRI, Settings
from kgsparql.errors import ConfigError, InputError
from kgsparql.kg import endpoint_choice
from kgsparql.linking.linker import LinkerOptions
from kgsparql.methods.abstention import AbstentionOptions, RelationMatch
from kgsparql.methods.frag.options import FragOptions
from kgsparql.loaded_models import Models
from kgsparql.plugin_options import parse_options
from kgsparql.rank.alignment import AlignmentRanker
from kgsparql.registry import check_plugin_tables
from kgsparql.retrieval import chain_ends, expand_subgraph, follow_chain
from kgsparql.types import Relation

from kgtest import lines_adapter


# -- options -----------------------------------------------------------------------------------
def test_options_are_converted_and_checked():
    opts = parse_options(FragOptions, {"top_m": 5, "rankers": ["bm25", "alignment"]}, "[plugins.frag]")
    assert opts.top_m == 5 and opts.rankers == ("bm25", "alignment")
    with pytest.raises(ConfigError, match=r"\[plugins.frag\].*unknown option.*top_z"):
        parse_options(FragOptions, {"top_z": 1}, "[plugins.frag]")
    with pytest.raises(ConfigError, match="top_m"):
        parse_options(FragOptions, {"top_m": "many"}, "[plugins.frag]")
    with pytest.raises(ConfigError, match="hops_simple"):
        parse_options(FragOptions, {"hops_simple": 4, "hops_complex": 2}, "[plugins.frag]")


@pytest.mark.parametrize("cls, table, message", [
    (LinkerOptions, {"label_index": "sometimes"}, "label_index"),
    (LinkerOptions, {"max_mention": 3}, "max_mention"),
    (AbstentionOptions, {"threshold": 1.5}, "threshold"),
    (AbstentionOptions, {"enabled": "yes please"}, "enabled"),
    (AlignmentRanker.Options, {"margin": -1}, "margin"),
])
def test_every_component_checks_its_table(cls, table, message):
    with pytest.raises(ConfigError, match=message):
        parse_options(cls, table, "[plugins.x]")


def test_a_table_for_no_plugin_is_refused():
    check_plugin_tables(Settings(plugins={"frag": {}, "linking": {}, "abstention": {}}))
    with pytest.raises(ConfigError, match=r"\[plugins.fragg\]"):
        check_plugin_tables(Settings(plugins={"fragg": {"top_m": 3}}))


# -- endpoint choice ---------------------------------------------------------------------------
def test_the_url_scheme_or_the_kind_picks_a_registered_endpoint(tmp_path):
    assert endpoint_choice(Settings(endpoint="http://127.0.0.1:9/sparql")) == ("http", "http://127.0.0.1:9/sparql")
    assert endpoint_choice(Settings(endpoint="https://example.org/sparql"))[0] == "https"
    assert endpoint_choice(Settings(store=str(tmp_path))) == ("embedded", str(tmp_path))
    with pytest.raises(ConfigError, match="--endpoint-kind"):
        endpoint_choice(Settings(endpoint="gopher://127.0.0.1/sparql"))
    assert endpoint_choice(Settings(endpoint="gopher://127.0.0.1/sparql", endpoint_kind="http"))[0] == "http"


# -- models ------------------------------------------------------------------------------------
def test_models_load_once_across_threads_and_close_what_they_hold():
    calls, closed = [], []

    class Thing:
        def close(self):
            closed.append(self)

    def loader():
        calls.append(1)
        return Thing()

    models = Models()
    got = []
    threads = [threading.Thread(target=lambda: got.append(models.load("k", loader))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(calls) == 1 and len({id(g) for g in got}) == 1 and models.peek("k") is got[0]
    models.close()
    assert closed == [got[0]] and len(models) == 0


# -- walk conventions --------------------------------------------------------------------------
def _rel(name: str, inverse: bool = False) -> Relation:
    return Relation(f"{DEFAULT_BASE_IRI}r/{name}", inverse=inverse)


@pytest.fixture(scope="module")
def family():
    adapter = lines_adapter(["Ann|parent|Bob", "Bob|child|Ann", "Bob|child|Cid", "Cid|likes|Bob"])
    return adapter, adapter.lookup("Ann")[0]


@pytest.mark.parametrize("walks, chain, expected", [
    ("revisit", ("parent", "child"), {"Cid"}),             # never back to the topic
    ("return", ("parent", "child"), {"Ann", "Cid"}),        # the topic counts as an answer
    ("simple", ("parent", "child"), {"Cid"}),
    ("revisit", ("parent", "child", "likes"), {"Bob"}),     # Bob is passed twice: allowed
    ("simple", ("parent", "child", "likes"), set()),        # ... but not on a simple path
])
def test_follow_chain_keeps_the_walk_convention(family, walks, chain, expected):
    adapter, ann = family
    result = follow_chain(adapter, [ann], [_rel(r) for r in chain], walks=walks)
    assert set(result.names) == expected
    assert all(p.triples[0].head == ann for p in result.paths)


def test_chain_ends_and_bad_walks(family):
    adapter, ann = family
    sub = expand_subgraph(adapter, [ann], 2)
    ends = {tuple(r.iri.rsplit("/", 1)[1] for r in chain): {e.name for e in es}
            for chain, es in chain_ends(sub, [ann], 2, walks="return").items()}
    assert ends[("parent", "child")] == {"Ann", "Cid"}
    revisit = {tuple(r.iri.rsplit("/", 1)[1] for r in chain): {e.name for e in es}
               for chain, es in chain_ends(sub, [ann], 2).items()}
    assert revisit[("parent", "child")] == {"Cid"}
    with pytest.raises(InputError, match="walks"):
        follow_chain(adapter, [ann], [_rel("parent")], walks="wander")


# -- abstention --------------------------------------------------------------------------------
VOCABULARY = ["directed by", "written by", "has genre", "release year", "starred actors", "in language"]


@pytest.fixture(scope="module")
def matcher():
    return RelationMatch(AlignmentRanker(), lambda: VOCABULARY, AbstentionOptions())


def test_a_chain_the_question_does_not_name_is_refused_with_the_wanted_relation(matcher):
    match = matcher.assess("what genre is X", "written by", ["written by"])
    assert match.recognised == () and match.wanted == "has genre"
    reason = matcher.reason(match, "Kismet")
    assert "has genre" in reason and "Kismet" in reason and "\n" not in reason


def test_a_named_chain_is_recognised_without_a_prior(matcher):
    match = matcher.assess("who directed X", "directed by", ["directed by"])
    assert "alignment" in match.recognised and matcher.reason(match, "Kismet") is None


def test_a_confident_prior_overrules_alignment_and_an_unsure_one_does_not(matcher):
    confident = matcher.assess("who directed X", "directed by", ["directed by"], prior_best=0.01, prior_top=0.9)
    assert confident.recognised == () and matcher.reason(confident, "X")
    unsure = matcher.assess("who directed X", "directed by", ["directed by"], prior_best=0.01, prior_top=0.3)
    assert unsure.recognised == ("alignment",)
    liked = matcher.assess("when did X come out", "release year", ["release year"], prior_best=0.8, prior_top=0.9)
    assert "prior" in liked.recognised


def test_abstention_can_be_turned_off():
    off = RelationMatch(AlignmentRanker(), lambda: VOCABULARY, AbstentionOptions(enabled=False))
    assert off.reason(off.assess("what genre is X", "written by", ["written by"]), "X") is None


# -- the methods command -----------------------------------------------------------------------
def test_methods_lists_every_registered_method_with_a_line():
    result = CliRunner().invoke(main, ["methods"])
    assert result.exit_code == 0
    line = next(ln for ln in result.output.splitlines() if ln.split() and ln.split()[0] == "frag")
    assert len(line.split()) > 3
