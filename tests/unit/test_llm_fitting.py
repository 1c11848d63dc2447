"""Context trimming: the lowest-ranked evidence goes first, whole; PromptTooLong when nothing fits."""
from __future__ import annotations

import pytest

from kgsparql import stats
from kgsparql.errors import PromptTooLong, TemplateError
from kgsparql.llm import fit_prompt, load_prompt, run_prompt
from kgsparql.llm.prompting import CHAT, RAW
from kgsparql.llm.scripted import ScriptedLLM

FACTS = [f"fact{i} alpha beta gamma delta" for i in range(1, 21)]    # 5 tokens each, best first
CANDIDATES = ["William Dieterle", "1944", "Marlene Dietrich"]


def _vars(facts=FACTS):
    return {"question": "who directed Kismet", "facts": facts, "candidates": CANDIDATES}


def _tokens(llm, variant, facts):
    return llm.prompt_tokens(load_prompt("answer/choose").render(variant, _vars(facts)))


@pytest.mark.parametrize("variant", [CHAT, RAW])
def test_everything_kept_when_it_fits(variant):
    llm = ScriptedLLM.replying([], context_length=4096, max_tokens=16)
    fitted = fit_prompt(llm, load_prompt("answer/choose"), variant, _vars())
    assert fitted.kept == 20 and fitted.dropped == 0
    assert fitted.variables["facts"] == FACTS


@pytest.mark.parametrize("variant", [CHAT, RAW])
def test_lowest_ranked_items_are_dropped_whole(variant):
    probe = ScriptedLLM.replying([])
    with_seven = _tokens(probe, variant, FACTS[:7])
    llm = ScriptedLLM.replying([], context_length=with_seven + 2 + 16, max_tokens=16)   # room for 7, not 8
    fitted = fit_prompt(llm, load_prompt("answer/choose"), variant, _vars())
    assert fitted.kept == 7 and fitted.dropped == 13
    assert fitted.variables["facts"] == FACTS[:7]
    text = fitted.prompt if isinstance(fitted.prompt, str) else fitted.prompt[-1]["content"]
    for fact in FACTS[:7]:
        assert fact in text                      # kept items are complete
    for fact in FACTS[7:]:
        assert fact.split()[0] not in text       # dropped items leave nothing behind
    assert fitted.tokens <= llm.context_length - llm.max_tokens
    assert _tokens(probe, variant, FACTS[:8]) > llm.context_length - llm.max_tokens


def test_prompt_too_long_when_even_no_evidence_fits():
    empty = _tokens(ScriptedLLM.replying([]), CHAT, [])
    llm = ScriptedLLM.replying([], context_length=empty + 10, max_tokens=16)
    with pytest.raises(PromptTooLong, match="even without any facts") as err:
        fit_prompt(llm, load_prompt("answer/choose"), CHAT, _vars())
    assert "\n" not in str(err.value)


def test_run_prompt_sends_the_trimmed_prompt_and_parses_against_it():
    probe = ScriptedLLM.replying([])
    llm = ScriptedLLM.replying(["William Dieterle"], context_length=_tokens(probe, CHAT, FACTS[:3]) + 16, max_tokens=16)
    with stats.collect() as st:
        step = run_prompt(llm, "answer/choose", [], **_vars())
    assert step.value == ["William Dieterle"] and step.source == "llm" and step.kept == 3
    sent = llm.calls[0]["prompt"][-1]["content"]
    assert "fact3" in sent and "fact4" not in sent
    assert st.llm_calls == 1 and st.parse_failures == 0


def test_prompt_too_long_propagates_from_run_prompt():
    llm = ScriptedLLM.replying(["x"], context_length=20, max_tokens=10)
    with pytest.raises(PromptTooLong):
        run_prompt(llm, "answer/choose", [], **_vars())
    assert llm.calls == []


def _pair_template():
    from kgsparql.llm.prompting import PromptTemplate, _env
    source = "{% block user %}{% for p in paths %}{{ p }} {{ ends[loop.index0] }}\n{% endfor %}{% endblock %}"
    return PromptTemplate("test/pairs", 1, _env().from_string(source), lambda text, **_: text, ("paths", "ends"))


def test_aligned_evidence_lists_are_trimmed_together():
    paths = [f"Kismet -> r{i} ->" for i in range(1, 11)]
    ends = [f"E{i}" for i in range(1, 11)]
    template = _pair_template()
    size = ScriptedLLM.replying([]).prompt_tokens(template.render(CHAT, {"paths": paths[:4], "ends": ends[:4]}))
    llm = ScriptedLLM.replying([], context_length=size + 8, max_tokens=8)
    fitted = fit_prompt(llm, template, CHAT, {"paths": paths, "ends": ends})
    assert fitted.variables["paths"] == paths[:4] and fitted.variables["ends"] == ends[:4]


@pytest.mark.parametrize("ends", [["E1"], "E1 E2"])
def test_evidence_lists_must_be_aligned_lists(ends):
    with pytest.raises(TemplateError):
        fit_prompt(ScriptedLLM.replying([]), _pair_template(), CHAT, {"paths": ["a", "b"], "ends": ends})


def test_paths_are_trimmed_for_frag_reason():
    paths = [f"Kismet -> r{i} -> E{i}" for i in range(1, 11)]
    template = load_prompt("frag/reason")
    size = ScriptedLLM.replying([]).prompt_tokens(template.render(CHAT, {"question": "q", "paths": paths[:6], "candidates": []}))
    llm = ScriptedLLM.replying([], context_length=size + 8, max_tokens=8)
    fitted = fit_prompt(llm, template, CHAT, {"question": "q", "paths": paths, "candidates": ["E1"]})
    assert fitted.kept == 6 and fitted.variables["candidates"] == ["E1"]
