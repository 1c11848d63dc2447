"""A "who" question is not answered by dated events: the best chain whose every end writes a year
gives way to a close chain whose ends write none, and only then."""
from __future__ import annotations

from kgsparql.methods.frag.dated_ends import undated_first
from kgsparql.types import Entity, Path, Relation, Triple

NS = "http://rdf.freebase.com/ns/"
TEAM = Entity.iri(NS + "m.team", "Cleveland Cavaliers")
TO_DRAFT = (Relation(NS + "sports.professional_sports_team.draft_picks", via=NS + "sports.sports_league_draft_pick.draft"),)
TO_PLAYER = (Relation(NS + "sports.professional_sports_team.draft_picks", via=NS + "sports.sports_league_draft_pick.player"),)


def _groups(**ends) -> dict:
    chains = {"draft": TO_DRAFT, "player": TO_PLAYER}
    return {chains[k]: [Path((Triple(TEAM, chains[k][0], Entity.iri(NS + f"m.{n}", name)),))
                        for n, name in enumerate(names)] for k, names in ends.items()}


GROUPS = _groups(draft=["2003 NBA draft", "2013 NBA draft"], player=["LeBron James", "Anthony Bennett"])


def test_who_takes_the_close_chain_without_years():
    ranked = [(TO_DRAFT, 1.0), (TO_PLAYER, 0.8)]
    assert [c for c, _ in undated_first("who did the cleveland cavaliers draft", ranked, GROUPS)] == [TO_PLAYER, TO_DRAFT]


def test_other_questions_and_far_chains_keep_the_order():
    ranked = [(TO_DRAFT, 1.0), (TO_PLAYER, 0.8)]
    assert undated_first("what drafts did the cleveland cavaliers take part in", ranked, GROUPS) == ranked
    far = [(TO_DRAFT, 1.0), (TO_PLAYER, 0.3)]
    assert undated_first("who did the cleveland cavaliers draft", far, GROUPS) == far


def test_a_best_chain_with_undated_ends_stays_first():
    mixed = _groups(draft=["2003 NBA draft", "Expansion draft"], player=["LeBron James"])
    ranked = [(TO_DRAFT, 1.0), (TO_PLAYER, 0.9)]
    assert undated_first("who did the cleveland cavaliers draft", ranked, mixed) == ranked
