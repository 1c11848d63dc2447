"""One choice of chain for every method: where the default method answers along a chain that RefKG
or KGFR reached by its own retrieval, they answer along it (``shared_verdict.default_choice``, option
``follow_default``); with the option off they keep their own choice (a small fixture KG, real store,
real MiniLM, no LLM)."""
from __future__ import annotations

from pathlib import Path

import pytest

from kgsparql.api import Asker
from kgsparql.methods.shared_verdict import default_choice

from kgtest import tsv_settings

KG = Path(__file__).resolve().parents[1] / "fixtures" / "kgs" / "boardgames" / "boardgames.tsv"
NESTED = "Which country is the designer of Carcassonne from?"


class _Judge:
    name = "kelgop"

    def __init__(self, answers, chain=None, abstained=None):
        from types import SimpleNamespace
        plan = {"chain": chain} if chain else {"sub_questions": [{}, {}]}
        self.answer = lambda question: SimpleNamespace(abstained=abstained, plan=plan, answers=tuple(answers))


def test_the_chain_named_first_then_the_fewest_hops_with_the_same_answers():
    ends = {("a",): ["Wrede"], ("a", "b"): ["Germany"], ("c", "d", "e"): ["Germany"], ("c",): ["Germany", "France"]}
    words = " ; ".join
    chains = [("c", "d", "e"), ("a",), ("a", "b"), ("c",)]
    assert default_choice(_Judge(["Germany"], chain="a ; b"), "q", {}, chains, words, ends.get) == ("a", "b")
    assert default_choice(_Judge(["Germany"]), "q", {}, chains, words, ends.get) == ("a", "b")   # a composition
    assert default_choice(_Judge(["Spain"]), "q", {}, chains, words, ends.get) is None          # reached by none
    assert default_choice(_Judge([], abstained="no"), "q", {}, chains, words, ends.get) is None
    assert default_choice(None, "q", {}, chains, words, ends.get) is None


@pytest.fixture(scope="module")
def settings(tmp_path_factory):
    return tsv_settings(tmp_path_factory.mktemp("boardgames"), KG.read_text(encoding="utf-8"), "boardgames")


@pytest.mark.parametrize("method", ["refkg", "kgfr"])
def test_the_method_answers_along_the_default_methods_chain(settings, method):
    with Asker(settings.replace(method="kelgop")) as default:
        expected = default.ask(NESTED).answers
    with Asker(settings.replace(method=method)) as asker:
        answer = asker.ask(NESTED)
    assert expected and answer.answers == expected
    assert answer.plan.get("followed") or answer.plan.get("adopted")


def test_with_the_option_off_refkg_keeps_its_own_chain(settings):
    off = settings.replace(method="refkg", tables={"methods": {"refkg": {"follow_default": False}}})
    with Asker(off) as asker:
        answer = asker.ask(NESTED)
    assert "followed" not in answer.plan
