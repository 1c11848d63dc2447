"""On a KG of few relations where no prior speaks, the meaning view holds the last hop of a chain to
``small_hop_ratio`` of its best hop, not ``meaning_hop_ratio``: the hop that only "in which city" names
scores low against the whole question; earlier hops, where a detour leaves the topic, keep the general
share (docs/abstention.md, "A bridge hop on a small KG"). Real Oxigraph store of a fixture KG, the real
aligner and meaning model; the last test gives the scores."""
from __future__ import annotations

from pathlib import Path

import pytest

from kgsparql.meaning import RelationMatcher
from kgsparql.methods.abstention import AbstentionOptions, RelationMatch
from kgsparql.methods.kind_relations import KindRelations
from kgsparql.rank import build_ranker
from kgsparql.rank.alignment import AlignmentRanker

from kgtest import lines_adapter

KB = Path(__file__).resolve().parents[1] / "fixtures" / "kgs" / "elements" / "elements.tsv"
QUESTION = "In which city is the laboratory where X was discovered?"


@pytest.fixture(scope="module")
def adapter():
    return lines_adapter(KB.read_text(encoding="utf-8").splitlines(), sep="\t")


@pytest.fixture(scope="module")
def matcher():
    return RelationMatcher(encoder=build_ranker("embedding"))


def _chain(adapter, name: str, labels: list[str]):
    """The topic named ``name`` and the relations verbalised as ``labels``, hop by hop."""
    topic = next(e for e in adapter.lookup(name) if e.name == name)
    relations, at = [], [topic]
    for label in labels:
        relation = next(rc.relation for rc in adapter.relations(at, "out") if adapter.verbalize(rc.relation) == label)
        relations.append(relation)
        at = [t.tail for t in adapter.neighbors(at, relation, "out", limit=10)]
    return topic, relations


def _assess(adapter, matcher, **options):
    vocabulary = lambda: [adapter.verbalize(r) for r in adapter.schema_relations()]
    aligner = AlignmentRanker()
    aligner.use_matcher(matcher)
    relation_match = RelationMatch(aligner, vocabulary, AbstentionOptions(**options), matcher=matcher,
                                   kinds=KindRelations(adapter, widen=lambda: True))
    topic, chain = _chain(adapter, "Seaborgium", ["discovered at", "located in"])
    texts = [adapter.verbalize(r) for r in chain]
    return relation_match.assess(QUESTION, " ; ".join(texts), texts, topics=[topic], chain=chain)


def test_a_bridge_hop_named_by_in_which_city_is_read_on_a_small_kg(adapter, matcher):
    match = _assess(adapter, matcher)
    weakest, best = match.parts["meaning_weakest"], match.parts["meaning"]
    assert 0.35 * best <= weakest < 0.5 * best, match.parts      # the bridge hop: below the general share
    assert "meaning" in match.recognised, match.parts


def test_the_general_share_still_refuses_it(adapter, matcher):
    match = _assess(adapter, matcher, small_hop_ratio=0.5)
    assert "meaning" not in match.recognised, match.parts


def test_the_share_is_validated():
    with pytest.raises(Exception):
        AbstentionOptions(small_hop_ratio=1.5)


class _Scores:
    """A matcher whose scores are given: relation -> score (no encoder, so no rival is read)."""
    encoder = None

    def __init__(self, scores):
        self.scores = scores

    def rank(self, text, names, **_):
        return [(r, self.scores[r]) for r in names]


class _Names:
    names: dict = {}


@pytest.mark.parametrize("first, last, meant", [
    (0.86, 0.34, True),     # the last hop, named by the answer's kind only: the small share holds
    (0.34, 0.86, False),    # a first hop as weak is a detour ("which films did X direct" via the cast)
    (0.86, 0.25, False),    # below the small share
])
def test_only_the_last_hop_takes_the_small_share(first, last, meant):
    from kgsparql.methods.meaning_view import MeaningView

    view = MeaningView(_Names(), _Scores({"a": first, "b": last}), AbstentionOptions())
    parts: dict = {}
    assert view._meant("q", {"a": ("a",), "b": ("b",)}, [], parts, ratio=0.35) is meant, parts
