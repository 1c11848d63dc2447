"""The default method's chain as a seed for RefKG's and KGFR's own retrieval (``shared_seed``): its
hops, hop by hop, and the depth to reach; a composition whose last sub-question names no chain walks
one hop past its named steps, and one more until its answers are reached (hand-built inputs)."""
from __future__ import annotations

from types import SimpleNamespace

from kgsparql.methods.refkg.choosing import chooser
from kgsparql.methods.refkg.options import RefKGOptions
from kgsparql.methods.shared_seed import Seed, default_seed


def _judge(plan, answers=(), abstained=None):
    return SimpleNamespace(name="kelgop", answer=lambda q: SimpleNamespace(abstained=abstained, plan=plan,
                                                                            answers=tuple(answers)))


def test_a_named_chain_seeds_each_hop_and_its_depth():
    seed = default_seed(_judge({"chain": "grown in ; region (reverse)"}, ["Rioja"]), "q", {})
    assert seed.hops == ("grown in", "region (reverse)") and seed.depth == 2 and not seed.answers
    words = lambda r: r
    assert seed.at(1, ["region", "region (reverse)", "grown in"], words) == ["region (reverse)"]
    assert seed.at(2, ["region (reverse)"], words) == []      # past its hops: nothing
    assert seed.reached([], words, lambda c: []) and seed.depth_at(["Rioja"]) == 2


def test_a_composition_walks_past_its_named_steps_until_its_answers_are_reached():
    subs = [{"question": "the vineyard of Tinto", "match": {"chain": "made at"}},
            {"question": "in which nation is [#1] found"}]
    seed = default_seed(_judge({"sub_questions": subs}, ["Spain"]), "q", {})
    assert seed.hops == ("made at",) and seed.depth == 2 and seed.answers == {"Spain"}
    assert seed.depth_at(["Haro"]) == 3 and seed.depth_at(["Spain", "Haro"]) == 2
    ends = {("made at", "town"): ["Haro"], ("made at", "town", "nation"): ["Spain"]}
    words, names = " ; ".join, ends.get
    assert not seed.reached([("made at", "town")], words, names)
    assert seed.reached(list(ends), words, names)


def test_no_seed_where_the_default_method_refuses_or_is_not_asked():
    assert default_seed(_judge({"chain": "made at"}, abstained="not in the KG"), "q", {}) == Seed()
    assert default_seed(None, "q", {}) == Seed()


class _Flat:
    """A question judge that tells no relation from another (every score 0)."""
    cues = ()

    def scores(self, chains):
        return [0.0] * len(chains)

    def alignment(self, chain):
        return 0.0, 0.0


def test_refkg_follows_the_seeded_relation_and_explores_as_deep_as_the_seed():
    words = SimpleNamespace(words=lambda chain: " ; ".join(chain))
    params, silent = RefKGOptions(top_k=1), SimpleNamespace(of=lambda chain, same_kind=False: 0.0)   # no prior
    plain = chooser(params, None, words, _Flat(), ["q"], silent)
    seeded = chooser(params, None, words, _Flat(), ["q"], silent, seed=Seed(("b", "d", "e"), 3))
    relations = ["a", "b", "c"]
    assert plain(0, [], relations, []) == ["a"] and seeded(0, [], relations, []) == ["a", "b"]
    frontier = [SimpleNamespace(name="x")]
    assert plain(2, [("b", "d")], ["e", "f"], frontier) == []         # nothing aligns better: stops
    assert seeded(2, [("b", "d")], ["f", "e"], frontier) == ["f", "e"]   # its own pick, and the seed's third hop
