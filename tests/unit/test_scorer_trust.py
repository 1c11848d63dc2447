"""ScorerTrust on a real on-disk Oxigraph store: the shared chain scorer's accuracy on the KG's own
synthetic questions, measured once and saved beside the label index; abstention lets the scorer veto
the meaning view only where that accuracy reaches ``scorer_trusted`` (docs/abstention.md)."""
from __future__ import annotations

import gzip
import json

import pytest

from kgsparql.data import packaged_model
from kgsparql.loaded_models import Models
from kgsparql.meaning import ChainScorer, RelationMatcher
from kgsparql.methods.abstention import AbstentionOptions, RelationMatch
from kgsparql.methods.scorer_trust import ScorerTrust, lower_bound
from kgsparql.rank import build_ranker
from kgsparql.rank.alignment import AlignmentRanker

from kgtest import DEMO_KB, store_from_lines


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    with gzip.open(DEMO_KB, "rt", encoding="utf-8") as fh:
        rows = "".join(line for _, line in zip(range(3000), fh))
    settings, open_kg = store_from_lines(tmp_path_factory.mktemp("trust"), rows)
    with open_kg() as kg:
        yield settings, kg, build_ranker("embedding"), ChainScorer.load(packaged_model("relations.npz"))


def test_accuracy_is_measured_once_and_saved(demo):
    settings, kg, encoder, scorer = demo
    accuracy = ScorerTrust(kg, settings, Models(), encoder, questions=12).accuracy(scorer)
    assert accuracy is not None and 0.0 <= accuracy <= 1.0
    saved = list((settings.home_path / "indexes").glob("*/scorer-trust-*-12-0.json"))
    assert len(saved) == 1
    found = json.loads(saved[0].read_text(encoding="utf-8"))
    assert found["questions"] >= 12 and accuracy == found["bound"] <= found["accuracy"]
    assert found["bound"] == round(lower_bound(found["right"], found["questions"]), 4)
    saved[0].write_text('{"accuracy": 0.25}', encoding="utf-8")   # a later run reads the file
    assert ScorerTrust(kg, settings, Models(), encoder, questions=12).accuracy(scorer) == 0.25
    assert ScorerTrust(kg, settings, Models(), encoder, questions=0).accuracy(scorer) is None


def test_the_figure_is_kept_per_kg(demo, tmp_path):
    """One set of models asked about two KGs measures each: the second KG does not get the first's."""
    settings, kg, encoder, scorer = demo
    with gzip.open(DEMO_KB, "rt", encoding="utf-8") as fh:
        rows = "".join(line for i, line in zip(range(6000), fh) if i >= 3000)
    other_settings, open_other = store_from_lines(tmp_path, rows)
    ScorerTrust(kg, settings, Models(), encoder, questions=12).accuracy(scorer)
    next((settings.home_path / "indexes").glob("*/scorer-trust-*-12-0.json")).write_text('{"accuracy": 0.25}')
    shared = Models()
    assert ScorerTrust(kg, settings, shared, encoder, questions=12).accuracy(scorer) == 0.25
    with open_other() as other:
        own = ScorerTrust(other, other_settings, shared, encoder, questions=12).accuracy(scorer)
    assert own != 0.25 and own == json.loads(next((other_settings.home_path / "indexes").glob(
        "*/scorer-trust-*-12-0.json")).read_text(encoding="utf-8"))["bound"]


def test_the_figure_is_measured_apart_from_the_question_that_asks_first(tmp_path):
    """The measurement's queries are neither counted in the asking question's statistics nor answered
    from, nor kept in, that question's query memory."""
    from kgsparql.endpoints.cache import memo
    from kgsparql.stats import collect

    with gzip.open(DEMO_KB, "rt", encoding="utf-8") as fh:
        rows = "".join(line for _, line in zip(range(3000), fh))
    settings, open_kg = store_from_lines(tmp_path, rows)
    with open_kg() as kg, collect() as stats, memo() as remembered:
        trust = ScorerTrust(kg, settings, Models(), build_ranker("embedding"), questions=12)
        assert trust.accuracy(ChainScorer.load(packaged_model("relations.npz"))) is not None
    assert stats.sparql_queries == 0 and not remembered


@pytest.mark.parametrize("trusted, vetoed", [(0.2, True), (0.3, False)])
def test_the_veto_counts_only_where_the_scorer_is_trusted(demo, trusted, vetoed):
    settings, kg, encoder, scorer = demo
    ScorerTrust(kg, settings, Models(), encoder, questions=12).accuracy(scorer)
    next((settings.home_path / "indexes").glob("*/scorer-trust-*-12-0.json")).write_text('{"accuracy": 0.25}')
    trust = ScorerTrust(kg, settings, Models(), encoder, questions=12)
    match = RelationMatch(AlignmentRanker(), lambda: ["director", "genre"],
                          AbstentionOptions(scorer_trusted=trusted, standing_min=0.0),   # the veto alone
                          matcher=RelationMatcher(encoder=encoder), trust=trust)
    found = match.assess("who filmed X", "director", ["director"], trained=(0.1, 0.8), scorer=scorer)
    assert (found.recognised == ()) is vetoed, found.parts
    assert found.parts["scorer_trust"] == 0.25



def test_the_meaning_view_reads_the_schema_descriptions_of_the_chain(demo):
    settings, kg, encoder, scorer = demo
    relation = next(r for r in kg.adapter.schema_relations() if kg.adapter.verbalize(r) == "release year")
    seen = []

    def describe(r):
        seen.append(r)
        return ["film premiere date"]
    meaning = {}
    for name, described in (("plain", None), ("described", describe)):
        match = RelationMatch(AlignmentRanker(), lambda: ["release year"], AbstentionOptions(),
                              matcher=RelationMatcher(encoder=encoder), describe=described)
        meaning[name] = match.assess("when did X premiere", "release year", ["release year"],
                                     chain=[relation]).parts["meaning"]
    assert seen == [relation] and meaning["described"] > meaning["plain"], meaning


def test_the_bound_is_tighter_the_more_questions_measure_it():
    few, many = lower_bound(14, 20), lower_bound(140, 200)
    assert few < many < 0.7 and lower_bound(200, 200) > 0.98 and lower_bound(0, 0) == 0.0
    assert abs(lower_bound(167, 200) - 0.787) < 0.01        # 0.835 read from 200 questions
