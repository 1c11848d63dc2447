"""RefKG on a hub: one entity with 100,000 objects on one relation (tests/hubkg.py) loaded into a
real on-disk store. The COUNT probe keeps the hub relation from being fetched, so the exploration
stays small, and the hub's ordinary relations are still answered."""
from __future__ import annotations

import pytest

from kgsparql.api import Asker
from kgsparql.config import Settings

from hubkg import HUB, HUB_FACTS, HUB_FANOUT, build_hub_store

pytestmark = pytest.mark.models
EDGE_CAP = 1_000            # explored edges per question, far under the hub's fan-out
# one everyday question per ordinary relation of the hub (gold: that relation's object in HUB_FACTS)
PHRASES = {"founded_by": "Who founded {hub}?", "headquartered_in": "Where is {hub} headquartered?",
           "founded_in": "When was {hub} founded?"}


@pytest.fixture(scope="module")
def asker(tmp_path_factory):
    where = tmp_path_factory.mktemp("hub")
    # a generous SPARQL timeout: reading the 100,000 labels for the linker's index must not time out
    # on a loaded machine (the test bounds explored edges, not time)
    settings = Settings().replace(store=str(build_hub_store(where)), home=str(where / "home"), method="refkg",
                                  timeout=300.0)
    with Asker(settings) as a:
        yield a


@pytest.mark.parametrize("relation,gold", HUB_FACTS)
def test_answers_the_hubs_ordinary_relations_with_a_bounded_exploration(asker, relation, gold):
    answer = asker.ask(PHRASES[relation].format(hub=HUB))
    assert answer.answers[:1] == (gold,), (relation, answer.answers[:3], answer.abstained, answer.plan.get("chain"))
    assert 0 < answer.stats["counts"]["explored_edges"] < EDGE_CAP


def test_a_question_about_the_hub_relation_itself_does_not_fetch_its_fan_out(asker):
    answer = asker.ask(f"What did {HUB} produce?")
    counts = answer.stats["counts"]
    assert counts["explored_edges"] < EDGE_CAP < HUB_FANOUT
    skipped = [hub for track in answer.plan["exploration"] for hub in track["skipped_hubs"]]
    assert any(str(HUB_FANOUT) in s for s in skipped), answer.plan["exploration"]
