"""Framing told apart from what a claim asserts: clauses that mention no entity, hold no value and
name no relation of the KG (verify/framing.py)."""
from __future__ import annotations

from kgsparql.verify.framing import clauses, framing_spans, outside


def _framing(text, mentioned, relation_words=()):
    mentions = [(text.index(m), text.index(m) + len(m)) for m in mentioned]
    positions = [text.index(w) for w in relation_words]
    return [text[a:b].strip() for a, b in framing_spans(text, mentions, positions)]


def test_clauses_split_at_punctuation_and_reported_that():
    text = "I have heard that Kismet, right, was directed by William Dieterle!"
    assert [text[a:b].strip() for a, b in clauses(text)] == [
        "I have heard", "that Kismet", "right", "was directed by William Dieterle"]


def test_framing_is_what_says_nothing_the_kg_could_check():
    assert _framing("I have heard that Kismet was directed by Dieterle.", ["Kismet", "Dieterle"], ["directed"]) == [
        "I have heard"]
    assert _framing("Interestingly, Kismet came out in 1944, right?", ["Kismet"], ["came out"]) == [
        "Interestingly", "right"]
    # the speaker and the listener frame; a value or a relation word keeps a clause
    assert _framing("Do you know Matt Rizzotti? He attended college.", ["Matt Rizzotti"], ["college"]) == [
        "Do you know"]
    assert _framing("Rona Fairhead is the key person for BBC, you know?", ["Rona Fairhead", "BBC"],
                    ["key", "know"]) == ["you know"]
    assert _framing("It was founded in 2001.", [], []) == []


def test_outside_blanks_spans_without_moving_offsets():
    text = "Yes, Kismet is a film."
    blanked = outside(text, [(0, 3)])
    assert len(blanked) == len(text) and blanked.index("Kismet") == text.index("Kismet") and "Yes" not in blanked


def test_a_name_the_linker_missed_is_no_lead_in():
    assert _framing("I think Steve Kreinberg is the creator of Bananaman.", ["Bananaman"], ["creator"]) == ["I think"]
    assert _framing("Did you know Kismet was directed by Dieterle?", ["Kismet", "Dieterle"], ["directed"]) == [
        "Did you know"]


def _word(text, word, label, strength):
    from kgsparql.verify.relation_words import RelationWord
    return RelationWord(word.lower(), text.index(word), frozenset({label}), strength)


def test_one_entity_words_lose_their_framing():
    from kgsparql.types import Entity
    from kgsparql.verify.linked import Mentioned
    from kgsparql.verify.subclaims import unframed

    def kept(text, name, words):
        m = Mentioned(Entity.iri(f"urn:x:{name.replace(' ', '_')}", name), text.index(name), text.index(name) + len(name), name)
        return [w.word for w in unframed(text, [m], words)]

    text = "Yes, Dermaphoria has a predecessor."
    # "yes" names *course* only loosely: its clause is framing; "predecessor" stays
    assert kept(text, "Dermaphoria", [_word(text, "Yes", "course", 0.55),
                                      _word(text, "predecessor", "predecessor", 1.0)]) == ["predecessor"]
    text = "Do you know Matt Rizzotti? He attended college."
    # a clause whose word names a relation clearly is no framing, though the entity lacks it
    assert kept(text, "Matt Rizzotti", [_word(text, "college", "college", 1.0)]) == ["college"]
    text = "I know that Lembata had a capital."
    # about the speaker: framing, whatever "know" names
    assert kept(text, "Lembata", [_word(text, "know", "known for", 1.0), _word(text, "capital", "capital", 1.0)]) == [
        "capital"]


def test_a_dot_inside_a_name_ends_no_clause():
    text = "Adnan Hamad coached Esteghlal Ahvaz F.C. and then Qorvath Wanderers."
    name = (text.index("Esteghlal"), text.index("F.C.") + 4)
    assert _framing(text, ["Adnan Hamad", "Esteghlal Ahvaz F.C."], []) == []
    assert [text[a:b].strip() for a, b in clauses(text, [name])] == [text.rstrip(".")]


def test_the_dot_of_an_initial_ends_no_clause_and_no_name():
    from kgsparql.verify.unlinked import unlinked_names

    text = "When was Bryan A. MacDonald a leader of Azerbaijan? I saw it. A dog ran."
    assert [text[a:b].strip() for a, b in clauses(text)] == [
        "When was Bryan A. MacDonald a leader of Azerbaijan", "I saw it", "A dog ran"]
    assert unlinked_names("When was Bryan A. MacDonald a leader of X?") == ["Bryan A MacDonald"]
    assert unlinked_names("X met John F. Kennedy. A dog ran.") == ["John F Kennedy"]
