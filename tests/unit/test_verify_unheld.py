"""A relation the claim names that neither of its two entities holds (verify/unheld.py): in a closed
world the link it states is not there, however else the KG joins them; in an open one nothing changes.
And a path that holds a label of each clearly named word may pass through an unnamed thing."""
from __future__ import annotations

import pytest

from kgtest import evidence_store, store_verifier

EVIDENCE = (("The_Pigeon_That_Took_Rome", "director", "Melville_Shavelson"), ("Moscow", "leader", "Sergey_Sobyanin"),
            ("Aleksandr_Chumakov", "deathPlace", "Moscow"), ("Moscow", "city", "Russia"),
            ("Beau_James", "writer", "Jack_Rose"), ("Italy", "leaderName", "Matteo_Renzi"), ("Rome", "country", "Italy"),
            ("Italy", "leaderTitle", "President"), ("Fork_in_the_Road", "producer", "Niko_Bolas"),
            ("Grey_Ice", "author", "Jane_Jones"), ("Riverside_Hall", "architect", "Alfred_Giles"),
            ("Baltic_Air", "operator", "Poland"), ("Harbour_Line", "owner", "Estonia"),
            ("Seri_Bridge", "designer", "Perbadanan_Putrajaya"),
            ("Darlington", "country", "Kingdom_of_England"), ("Lena_Vos", "knownFor", "Tulip_Art"))


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    home = tmp_path_factory.mktemp("unheld-home")
    path = evidence_store(home, EVIDENCE, "unheld")
    return home, path


def test_a_relation_neither_entity_holds_denies_the_link_in_a_closed_world(store):
    with store_verifier(*store, closed=True) as verifier:
        wrong = verifier.verify("Melville Shavelson is a leader of The Pigeon That Took Rome.")
        assert wrong.verdict == "false", wrong.explanation
        assert "leader" in wrong.explanation and wrong.evidence and wrong.evidence[0][1] is False
        right = verifier.verify("Melville Shavelson directed The Pigeon That Took Rome.")
        assert right.verdict == "true", right.explanation
        # "a city" after a preposition is an unnamed thing between them, not their link
        bridge = verifier.verify("Aleksandr Chumakov died in a city which was led by Sergey Sobyanin.")
        assert bridge.verdict == "true", bridge.explanation


def test_an_open_world_keeps_the_link(store):
    with store_verifier(*store, closed=False) as verifier:
        result = verifier.verify("Melville Shavelson is a leader of The Pigeon That Took Rome.")
        assert result.verdict == "true", result.explanation


def test_a_named_relation_reached_through_an_unnamed_thing(store):
    with store_verifier(*store, closed=True) as verifier:
        result = verifier.verify("Matteo Renzi is a leader in Rome.")       # Rome -country-> Italy -leader name-> Renzi
        assert result.verdict == "true", result.explanation
        assert any(len(path) == 2 for path, supports in result.evidence if supports)


def test_a_word_naming_an_unheld_relation_clearly_is_not_read_as_a_held_one_it_resembles(store):
    with store_verifier(*store, closed=True) as verifier:
        # "writer" is near *producer* only loosely; it names *writer* (held by other things) clearly
        wrong = verifier.verify("As it happens, the writer of Fork in the Road was Niko Bolas.")
        assert wrong.verdict == "false", wrong.explanation
        right = verifier.verify("As it happens, Fork in the Road was produced by Niko Bolas.")
        assert right.verdict == "true", right.explanation


def test_a_verb_names_an_unheld_relation_unless_the_pair_holds_a_synonym_of_it(store):
    with store_verifier(*store, closed=True) as verifier:
        # "owns" names *owner* (held by other things) by stem, loosely by meaning; the pair holds *operator*
        wrong = verifier.verify("Poland owns Baltic Air.")
        assert wrong.verdict == "false", wrong.explanation
        assert "owner" in wrong.explanation
        # "written" names *writer*, but the pair holds *author*, which it means as much
        right = verifier.verify("Grey Ice was written by Jane Jones.")
        assert right.verdict == "true", right.explanation
        # "designed" names *designer*; the pair holds *architect*, near *designer* itself
        right = verifier.verify("Riverside Hall was designed by Alfred Giles.")
        assert right.verdict == "true", right.explanation


def test_a_name_given_names_no_unheld_link(store):
    with store_verifier(*store, closed=True) as verifier:
        # "known as" gives a name, as "called" does: no *known for* link is claimed
        result = verifier.verify("Someone was born in Darlington, which is known as the Kingdom of England.")
        assert result.verdict == "true", result.explanation
