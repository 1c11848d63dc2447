"""KGFR on a hub (tests/hubkg.py: one entity with 100,000 objects on one relation, in a real on-disk
store): asymmetric propagation probes the fan-out first and follows the hub's big relation only
towards entities already reached, so exploration stays bounded (counted, not timed), and questions
about the hub's ordinary relations are still answered."""
from __future__ import annotations

import pytest

from kgsparql.api import Asker
from kgsparql.config import Settings
from kgsparql.loading.convert import entity_iri
from kgsparql.types import IRI, Entity

from hubkg import HUB, HUB_FACTS, HUB_FANOUT, build_hub_store

EDGE_CAP = 1_000          # explored edges per question: the hub's 100,000 must never be fetched
QUESTIONS = {             # natural phrasings of the hub's ordinary relations
    "founded_by": f"Who founded {HUB}?",
    "headquartered_in": f"Where is {HUB} headquartered?",
    "founded_in": f"In which year was {HUB} founded?",
}


@pytest.fixture(scope="module")
def settings(tmp_path_factory) -> Settings:
    root = tmp_path_factory.mktemp("hub")
    return Settings().replace(store=str(build_hub_store(root)), home=str(root / "home"), method="kgfr",
                              timeout=300.0)   # the label index reads 100,000 labels once; 2 loaded cores


@pytest.fixture(scope="module")
def asker(settings):
    with Asker(settings) as a:
        yield a


def test_the_hub_is_explored_under_the_cap_and_its_ordinary_relations_answered(asker):
    for relation, obj in HUB_FACTS:
        answer = asker.ask(QUESTIONS[relation])
        counts = answer.stats["counts"]
        assert 0 < counts["explored_edges"] < EDGE_CAP < HUB_FANOUT, (relation, counts)
        assert counts["explored_entities"] < EDGE_CAP
        assert answer.plan["capped_pairs"] >= 1, "the COUNT probe found the hub's big relation"
        assert answer.answers[:1] == (obj,), (QUESTIONS[relation], answer.answers[:3], answer.plan.get("chain"))


def test_a_production_reaches_the_hub_without_fetching_its_fan_out(asker):
    answer = asker.ask("Who directed Production 20000?")
    assert answer.answers[:1] == (f"Director {20000 % 7}",)     # hubkg: Production i directed_by Director i % 7
    assert answer.stats["counts"]["explored_edges"] < EDGE_CAP


def test_the_lambda_rule_on_the_hub(settings):
    """λ below the hub's fan-out: only edges towards reached entities; λ above it would fetch them."""
    from kgsparql.kg import KnowledgeGraph
    from kgsparql.retrieval import propagate

    with KnowledgeGraph.from_settings(settings) as kg:
        production = Entity(IRI(entity_iri(settings.base_iri, "Production 20000")))
        explored = propagate(kg.adapter, [production], 2, lam=100)
        hub_edges = [t for t in explored.sub.neighbours(Entity(IRI(entity_iri(settings.base_iri, HUB))))
                     if t.relation.iri.endswith("produced")]
        assert production in {t.tail for t in hub_edges} and len(hub_edges) < 20
        for t in hub_edges:    # every production the hub reaches was reached some other way too
            assert t.tail == production or any(not e.relation.iri.endswith("produced")
                                               for e in explored.sub.neighbours(t.tail)), t.tail
        assert explored.edges < 100
