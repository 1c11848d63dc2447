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

    def __init__(self, answers, chain=None, abstained=None, subs=None):
        from types import SimpleNamespace
        plan = {"chain": chain} if chain else {"sub_questions": subs or [{}, {}]}
        self.answer = lambda question: SimpleNamespace(abstained=abstained, plan=plan, answers=tuple(answers))


def _sub(question, chain=None):
    return {"question": question, **({"match": {"chain": chain}} if chain else {})}


def test_the_chain_named_first_then_the_fewest_hops_with_the_same_answers():
    ends = {("a",): ["Wrede"], ("a", "b"): ["Germany"], ("c", "d", "e"): ["Germany"], ("c",): ["Germany", "France"]}
    words = " ; ".join
    chains = [("c", "d", "e"), ("a",), ("a", "b"), ("c",)]
    assert default_choice(_Judge(["Germany"], chain="a ; b"), "q", {}, chains, words, ends.get) == ("a", "b")
    assert default_choice(_Judge(["Germany"]), "q", {}, chains, words, ends.get) == ("a", "b")   # a composition
    assert default_choice(_Judge(["Spain"]), "q", {}, chains, words, ends.get) is None          # reached by none
    assert default_choice(_Judge([], abstained="no"), "q", {}, chains, words, ends.get) is None
    assert default_choice(None, "q", {}, chains, words, ends.get) is None


def test_a_composition_is_followed_past_its_named_steps_to_ends_nested_with_its_answers():
    # "which painters trained beside the teacher of Ada?": the first step names ``taught by``, the
    # last reads two relations (pupils and assistants), so its answers hold every pupil and more
    ends = {("t",): ["Bo"], ("t", "t'"): ["Ada", "Cy"], ("t", "t'", "p"): ["Ada", "Cy"],
            ("t", "a'", "x"): ["Cy", "Zed"], ("t", "t'", "q"): ["Ada"], ("u", "t'"): ["Ada", "Cy"]}
    words = " ; ".join
    subs = [_sub("the teacher of Ada", "t"), _sub("which painters trained beside [#1]")]
    judge = _Judge(["Ada", "Cy", "Dee"], subs=subs)
    chains = [("u", "t'"), ("t", "a'", "x"), ("t", "t'", "q"), ("t",), ("t", "t'", "p")]
    # ("u", "t'") does not start with the named step; ("t", "a'", "x") holds an end not answered;
    # the first of the rest (fewest hops, then the method's order) is followed
    assert default_choice(judge, "q", {}, chains, words, ends.get) == ("t", "t'", "q")
    conjunction = [_sub("the teacher of Ada", "t"), _sub("painters from Oslo", "o")]   # no [#1]: not one path
    assert default_choice(_Judge(["Zed"], subs=conjunction), "q", {}, chains, words, ends.get) is None


def test_a_named_chain_whose_ends_are_not_the_answers_is_a_step_to_go_on_from():
    # "what else did the composer of Opus 3 write?": the plan names ``composed by`` and answers the
    # composer's other works, which only the walk back along it reaches
    ends = {("c",): ["Ida"], ("c", "c'"): ["Opus 1", "Opus 2"], ("g",): ["Opus 1"]}
    chains = [("c",), ("g",), ("c", "c'")]
    judge = _Judge(["Opus 1", "Opus 2"], chain="c")
    assert default_choice(judge, "q", {}, chains, " ; ".join, ends.get) == ("c", "c'")
    assert default_choice(_Judge(["Ida", "Eve"], chain="c"), "q", {}, chains, " ; ".join, ends.get) == ("c",)


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
