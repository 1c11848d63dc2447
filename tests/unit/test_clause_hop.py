"""The hop that leaves the topic reads as the verb of the relative clause or participle phrase around
it ("the hospital that *employs* X": ``works at``, not ``studied at``), read with the real MiniLM
encoder over chains a real (in-memory) store gives (``methods/frag/clause_hop.py``)."""
from __future__ import annotations

from kgsparql.methods.frag.clause_hop import clause_hop_first, clause_words
from kgsparql.rank import build_ranker

from kgtest import lines_adapter

ROWS = ["Ada Moss|works at|St Mary's Hospital", "Ada Moss|studied at|Royal Infirmary",
        "St Mary's Hospital|located in|Leeds", "Royal Infirmary|located in|York"]


def test_the_clause_verb_is_read_around_the_topic():
    assert clause_words("in which town is the hospital that employs X") == "employs"
    assert clause_words("who runs the hospital where X works") == "works"
    assert clause_words("which country is the studio where X was recorded in") == "recorded"
    assert clause_words("which series does the game directed by X belong to") == "directed"
    assert clause_words("which paintings hang in galleries located in X") == "located"
    assert clause_words("which town is the capital of X in") == ""          # a preposition alone
    assert clause_words("who employs X") == ""                              # the question's own verb


def test_the_first_hop_the_clause_names_goes_first():
    adapter = lines_adapter(ROWS)
    topic = next(e for e in adapter.lookup("Ada Moss") if e.name == "Ada Moss")
    hops = {adapter.verbalize(rc.relation): rc.relation for rc in adapter.relations([topic], "out")}
    hospital = adapter.lookup("St Mary's Hospital")[0]
    located = next(rc.relation for rc in adapter.relations([hospital], "out"))
    studied, works = (hops["studied at"], located), (hops["works at"], located)
    encoder, verbalize = build_ranker("embedding"), adapter.verbalize
    ranked = [(studied, 1.0), (works, 0.6)]
    assert clause_hop_first(encoder, "in which town is the hospital that employs X", ranked, verbalize)[0] \
        == (works, 0.6)
    assert clause_hop_first(encoder, "in which town is the hospital X is linked to", ranked, verbalize) == ranked
    assert clause_hop_first(encoder, "in which town is the hospital that employs X", [(studied, 1.0), (works, 0.2)],
                            verbalize) == [(studied, 1.0), (works, 0.2)]    # too far behind
