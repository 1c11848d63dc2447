"""The scripted backend and what BaseLLM.complete does for every backend: accounting and tracing."""
from __future__ import annotations

import json

import pytest

from kgsparql import stats
from kgsparql.config import Settings
from kgsparql.errors import LLMError, LLMTimeout
from kgsparql.llm import Completion, LLM
from kgsparql.llm.scripted import ScriptedLLM


def test_replays_in_order_and_counts_tokens_by_whitespace():
    llm = ScriptedLLM.replying(["William Dieterle", "second answer here"])
    assert isinstance(llm, LLM)
    first = llm.complete("who directed Kismet ?", prompt_name="t/one")
    assert isinstance(first, Completion)
    assert (first.text, first.prompt_tokens, first.completion_tokens) == ("William Dieterle", 4, 2)
    assert llm.complete("x", prompt_name="t/one").text == "second answer here"
    assert llm.remaining == 0
    with pytest.raises(LLMError, match="ran out of outputs"):
        llm.complete("x", prompt_name="t/one")


def test_stop_sequences_cut_like_a_server():
    llm = ScriptedLLM.replying(["Larry Peerce\nQuestion: more chatter"])
    assert llm.complete("p", prompt_name="t", stop=["\n"]).text == "Larry Peerce"
    assert llm.calls[0]["stop"] == ["\n"]


def test_chat_messages_are_flattened_for_models_without_chat():
    llm = ScriptedLLM.replying(["ok"], is_chat=False)
    llm.complete([{"role": "system", "content": "S"}, {"role": "user", "content": "U"}], prompt_name="t")
    assert llm.calls[0]["prompt"] == "S\n\nU\n"


def test_chat_prompt_tokens_include_message_overhead():
    llm = ScriptedLLM.replying(["ok"])
    out = llm.complete([{"role": "user", "content": "a b c"}], prompt_name="t")
    assert out.prompt_tokens == 3 + 8


@pytest.mark.parametrize("bad", [[], [{"content": "no role"}], 42])
def test_malformed_prompts_are_rejected(bad):
    with pytest.raises(LLMError):
        ScriptedLLM.replying(["x"]).complete(bad, prompt_name="t")


def test_max_tokens_defaults_to_settings_and_can_be_overridden():
    llm = ScriptedLLM.replying(["a", "b"], settings=Settings(llm_max_tokens=7))
    llm.complete("p", prompt_name="t")
    llm.complete("p", prompt_name="t", max_tokens=3)
    assert [c["max_tokens"] for c in llm.calls] == [7, 3]


def test_every_call_is_recorded_in_the_active_stats():
    llm = ScriptedLLM.replying(["one two", "three"])
    with stats.collect() as st:
        llm.complete("a b c", prompt_name="frag/reason@1")
        llm.complete("d", prompt_name="frag/feedback@1")
    assert st.llm_calls == 2
    assert st.prompt_tokens == 4 and st.completion_tokens == 3
    assert st.prompts == {"frag/reason@1": 1, "frag/feedback@1": 1}
    assert st.llm_seconds >= 0


def test_trace_gets_one_json_line_per_call(tmp_path):
    trace = tmp_path / "trace.jsonl"
    llm = ScriptedLLM.replying(["Dieterle", LLMTimeout("server slow")], settings=Settings(trace=str(trace)))
    llm.complete("who directed Kismet?", prompt_name="answer/choose@1")
    with pytest.raises(LLMTimeout):
        llm.complete("again", prompt_name="answer/choose@1")
    lines = [json.loads(line) for line in trace.read_text().splitlines()]
    assert len(lines) == 2
    ok, failed = lines
    assert ok["prompt_name"] == "answer/choose@1" and ok["prompt"] == "who directed Kismet?"
    assert ok["completion"] == "Dieterle" and ok["prompt_tokens"] == 3 and ok["completion_tokens"] == 1
    assert ok["seconds"] >= 0 and ok["model"] == "scripted"
    assert failed["error"] == "server slow"


def test_unwritable_trace_is_an_llm_error(tmp_path):
    llm = ScriptedLLM.replying(["x"], settings=Settings(trace=str(tmp_path / "missing-dir" / "t.jsonl")))
    with pytest.raises(LLMError, match="cannot write the LLM trace"):
        llm.complete("p", prompt_name="t")
