"""An answer is a function of the question, the store, the settings and the models: not of what the
process asked before, nor of what the home already holds. A fresh home measures the chain scorer's
trust on the first question that needs it (methods/scorer_trust.py); that question's answer, evidence
and query count are the same as when it is asked later, in a home that holds the figure, after other
questions (real on-disk store of a small fixture KG, real MiniLM, no LLM)."""
from __future__ import annotations

from pathlib import Path

import pytest

from kgsparql.api import Asker
from kgsparql.config import Settings
from kgsparql.loading import load_files

KG = Path(__file__).resolve().parents[1] / "fixtures" / "kgs" / "videogames" / "videogames.tsv"
FIRST = "Who developed Hollow Knight?"
BEFORE = ("Which company published Elden Ring?", "Name the genres of the games Martin O'Donnell composed for.",
          "In which city is the developer of The Last of Us headquartered?")


def _seen(answer) -> tuple:
    evidence = tuple((str(path), round(score, 6)) for path, score in answer.evidence)
    return answer.answers, answer.abstained, evidence, answer.stats["sparql_queries"]


@pytest.fixture(scope="module")
def settings(tmp_path_factory) -> Settings:
    root = tmp_path_factory.mktemp("order")
    load_files([KG], root / "store", "tsv")
    return Settings(store=str(root / "store"), home=str(root / "home"), llm="none")


@pytest.mark.parametrize("method", ["kelgop", "refkg"])
def test_the_first_question_of_a_fresh_home_is_answered_as_later(settings, method):
    home = Path(settings.home) / method
    with Asker(settings.replace(method=method, home=str(home))) as asker:
        fresh = _seen(asker.ask(FIRST))
    assert list(home.glob("indexes/*/scorer-trust-*.json")), "the fresh home measured the figure"
    with Asker(settings.replace(method=method, home=str(home))) as asker:
        warm = _seen(asker.ask(FIRST))          # a new process in a home that holds the figure
        for question in BEFORE:
            asker.ask(question)
        later = _seen(asker.ask(FIRST))         # after other questions
    assert fresh == warm, "the measurement's queries are not the question's"
    assert later[:3] == warm[:3]
