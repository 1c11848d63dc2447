"""The WordNet lexical view (kgsparql.meaning.lexicon) with the real WordNet files: words naming one
role are related, words naming different roles are not, and the outside-relation check stops reading
a general relation that a chain's hop holds under other words. Without nltk/wn the view is off."""
from __future__ import annotations

import pytest

from kgsparql.meaning import lexicon as lexicon_module
from kgsparql.meaning.lexicon import Lexicon, content_words, related
from kgsparql.methods.abstention import AbstentionOptions
from kgsparql.methods.outside_relations import OutsideRelations

needs_wordnet = pytest.mark.skipif(not lexicon_module.available(), reason="nltk and wn not installed")

SAME = [("vocalist", "sung by"), ("physician", "doctor"), ("inventor", "invented by"), ("composer", "composed by"), ("editor", "edited by")]
APART = [("painter", "owned by"), ("inventor", "patent office"), ("editor", "printed by"),
         ("producer", "directed by"), ("translator", "in language")]


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory):
    words = Lexicon(tmp_path_factory.mktemp("home"))
    words.learn(w for pair in SAME + APART for name in pair for w in content_words(name))
    return words


def test_content_words_drop_prepositions_and_auxiliaries():
    assert content_words("was composed by") == ["composed"]
    assert content_words("Place of Birth") == ["place", "birth"]


@needs_wordnet
@pytest.mark.parametrize("general, label", SAME)
def test_words_of_one_role_are_held(lexicon, general, label):
    assert lexicon.holds(general, label)


@needs_wordnet
@pytest.mark.parametrize("general, label", APART)
def test_words_of_different_roles_are_not(lexicon, general, label):
    assert not lexicon.holds(general, label)


@needs_wordnet
def test_one_word_with_another_preposition_is_another_relation(lexicon):
    lexicon.learn(["buried", "born"])
    assert not lexicon.holds("buried at", "buried by")


@needs_wordnet
def test_every_content_word_must_be_covered(lexicon):
    lexicon.learn(["inventor", "year", "invented"])
    assert lexicon.related("inventor", "invented") and not lexicon.holds("invented by", "inventor year")


@needs_wordnet
def test_lookups_are_saved_in_the_home(tmp_path, monkeypatch):
    first = Lexicon(tmp_path)
    first.learn(["sculptor", "carver"])
    assert list((tmp_path / "lexicon").glob("*.json"))
    monkeypatch.setattr(lexicon_module, "_wordnet", lambda home: pytest.fail("WordNet loaded again"))
    again = Lexicon(tmp_path)
    again.learn(["sculptor", "carver"])
    assert again.related("sculptor", "carver") == first.related("sculptor", "carver")


@needs_wordnet
def test_the_public_function(tmp_path):
    assert related("Physician", "doctor", tmp_path) and not related("painter", "museum", tmp_path)


def test_without_nltk_or_wn_nothing_is_related(tmp_path, monkeypatch):
    monkeypatch.setattr(lexicon_module, "_source", lambda: None)
    words = Lexicon(tmp_path)
    words.learn(["painter", "artist"])
    assert not words.related("painter", "artist") and not words.holds("painter", "artist")


class _Lacks:
    """A stand-in for the outside check's lexicon: holds exactly the given pairs."""

    def __init__(self, pairs):
        self.pairs = set(pairs)

    def holds(self, general, label):
        return (general, label) in self.pairs


def _check(lexicon):
    check = OutsideRelations(None, lambda: {}, AbstentionOptions(), vocabulary=[], lexicon=lexicon)
    check._lacking = ["painter", "paintings", "owner"]
    return check


def test_the_outside_check_skips_what_a_hop_holds_under_other_words():
    hops = {"artist (reverse)": ("artist (reverse)",)}
    assert _check(_Lacks({("painter", "artist")})).held(hops) == {"painter", "paintings"}   # and its forms
    assert _check(_Lacks(set())).held(hops) == set() and _check(None).held(hops) == set()


def test_a_chain_of_several_hops_keeps_the_general_relation():
    assert not _check(_Lacks({("painter", "artist")})).held({"artist": ("artist",), "born in": ("born in",)})


@pytest.fixture(scope="module")
def matcher():
    from kgsparql.meaning import RelationMatcher
    from kgsparql.rank import build_ranker
    return RelationMatcher(encoder=build_ranker("embedding"))


TOWERS = {name: (name,) for name in ("designed by", "opened", "height m", "located in")}
FILMS = {name: (name,) for name in ("directed by", "written by", "starred actors", "release year")}


@needs_wordnet
@pytest.mark.parametrize("kg, question, hop, lexical, plain", [
    (TOWERS, "Which architect drew up the plans for X?", "designed by", None, "architect"),
    (FILMS, "Who was the producer of X?", "directed by", "producer", "producer"),
])
def test_a_tiny_kg_with_real_wordnet(matcher, tmp_path, kg, question, hop, lexical, plain):
    hops = {hop: (hop,)}

    def asked(words):
        return OutsideRelations(matcher, lambda: kg, AbstentionOptions(), lexicon=words).asked(question, hops)
    assert asked(None) == plain and asked(Lexicon(tmp_path)) == lexical
