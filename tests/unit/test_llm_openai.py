"""The openai backend against a tiny in-process HTTP server on 127.0.0.1: request shape, usage,
error translation, backoff, and the API key never showing up in messages or traces."""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from kgsparql import stats
from kgsparql.config import Settings
from kgsparql.errors import LLMError, LLMRateLimited, LLMTimeout, LLMUnavailable, PromptTooLong
from kgsparql.llm import build_llm, run_prompt

KEY = "sk-test-SECRET-4242"


def _ok(text, usage=True, chat=True):
    choice = {"message": {"role": "assistant", "content": text}} if chat else {"text": text}
    body = {"choices": [choice]}
    if usage:
        body["usage"] = {"prompt_tokens": 31, "completion_tokens": 3, "total_tokens": 34}
    return 200, {}, json.dumps(body)


class FakeServer:
    """Answers each POST with the next scripted (status, headers, body); records the requests."""

    def __init__(self, replies, delay=0.0):
        self.replies, self.delay, self.requests = list(replies), delay, []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802
                length = int(self.headers.get("Content-Length", 0))
                server.requests.append({"path": self.path, "headers": dict(self.headers),
                                        "body": json.loads(self.rfile.read(length))})
                time.sleep(server.delay)
                status, headers, body = server.replies.pop(0) if server.replies else (500, {}, "{}")
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(body.encode())

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def serve(monkeypatch):
    servers = []
    monkeypatch.setenv("TEST_LLM_KEY", KEY)

    def start(replies, delay=0.0, **settings):
        server = FakeServer(replies, delay)
        servers.append(server)
        options = {"llm": "openai:test-model", "llm_base_url": server.url, "llm_api_key_env": "TEST_LLM_KEY",
                   "retries": 2, **settings}
        llm = build_llm(Settings(**options))
        llm.transport.sleep = lambda s: server.requests[-1].setdefault("slept", s)   # no real waiting
        return server, llm

    yield start
    for s in servers:
        s.close()


def test_chat_round_trip_reads_usage_and_sends_the_key(serve, tmp_path):
    trace = tmp_path / "trace.jsonl"
    server, llm = serve([_ok("William Dieterle")], trace=str(trace), llm_max_tokens=9)
    with stats.collect() as st:
        out = llm.complete([{"role": "user", "content": "who directed Kismet?"}], prompt_name="t/chat")
    assert (out.text, out.prompt_tokens, out.completion_tokens, out.model) == ("William Dieterle", 31, 3, "test-model")
    request = server.requests[0]
    assert request["path"] == "/v1/chat/completions"
    assert request["headers"]["Authorization"] == f"Bearer {KEY}"
    assert request["body"] == {"model": "test-model", "max_tokens": 9, "temperature": 0.0,
                               "messages": [{"role": "user", "content": "who directed Kismet?"}]}
    assert st.prompt_tokens == 31 and st.completion_tokens == 3
    assert KEY not in trace.read_text() and "William Dieterle" in trace.read_text()


def test_raw_prompts_use_completions_with_stop(serve):
    server, llm = serve([_ok(" 1944", chat=False)], plugins={"openai": {"few_shot": True}})
    assert llm.few_shot
    out = llm.complete("Question: when?\nAnswer:", prompt_name="t/raw", stop=["\n"])
    assert out.text == " 1944"
    assert server.requests[0]["path"] == "/v1/completions"
    assert server.requests[0]["body"]["prompt"].endswith("Answer:") and server.requests[0]["body"]["stop"] == ["\n"]


def test_missing_usage_is_estimated(serve):
    _, llm = serve([_ok("abcdef", usage=False)])
    out = llm.complete("123456789", prompt_name="t")
    assert out.prompt_tokens == 3 and out.completion_tokens == 2          # 3 characters per token


def test_run_prompt_through_openai(serve):
    _, llm = serve([_ok("The answer is Ronald Colman.")])
    step = run_prompt(llm, "answer/choose", [], question="who acted in Kismet", facts=["Kismet starred actors Ronald Colman"],
                      candidates=["Ronald Colman", "1944"])
    assert step.source == "llm" and step.value == ["Ronald Colman"]


def test_5xx_retries_with_backoff_then_unavailable(serve):
    server, llm = serve([(503, {"Retry-After": "7"}, "{}"), (500, {}, "{}"), (502, {}, "{}")])
    with pytest.raises(LLMUnavailable, match=r"HTTP 502\) after 3 attempts") as err:
        llm.complete("p", prompt_name="t")
    assert type(err.value) is LLMUnavailable and llm.transport.attempts == 3
    assert [r.get("slept") for r in server.requests] == [7.0, 1.0, None]   # Retry-After, then 0.5 * 2**1


def test_retry_then_success(serve):
    server, llm = serve([(429, {"Retry-After": "0"}, "{}"), _ok("ok")])
    assert llm.complete("p", prompt_name="t").text == "ok" and len(server.requests) == 2


def test_rate_limited_after_retries(serve):
    server, llm = serve([(429, {"Retry-After": "0"}, "{}")] * 3)
    with pytest.raises(LLMRateLimited, match="after 3 attempts"):
        llm.complete("p", prompt_name="t")
    assert len(server.requests) == 3


def test_access_denied_names_the_variable_never_the_key(serve):
    body = json.dumps({"error": {"message": f"Incorrect API key provided: {KEY}"}})
    server, llm = serve([(401, {}, body)])
    with pytest.raises(LLMUnavailable) as err:
        llm.complete("p", prompt_name="t")
    assert "$TEST_LLM_KEY" in str(err.value) and KEY not in str(err.value)
    assert len(server.requests) == 1                                        # not retried


def test_bad_request_detail_is_scrubbed(serve):
    body = json.dumps({"error": {"message": f"unknown field; your key {KEY} is fine"}})
    _, llm = serve([(400, {}, body)])
    with pytest.raises(LLMError) as err:
        llm.complete("p", prompt_name="t")
    assert "unknown field" in str(err.value) and KEY not in str(err.value) and "***" in str(err.value)


def test_context_overflow_is_prompt_too_long(serve):
    body = json.dumps({"error": {"message": "This model's maximum context length is 2048 tokens"}})
    _, llm = serve([(400, {}, body)])
    with pytest.raises(PromptTooLong):
        llm.complete("p", prompt_name="t")


def test_not_found_hints_at_the_base_url(serve):
    _, llm = serve([(404, {}, "{}")])
    with pytest.raises(LLMUnavailable, match="ending in /v1"):
        llm.complete("p", prompt_name="t")


def test_timeout(serve):
    _, llm = serve([_ok("late")], delay=1.0, llm_timeout=0.2)
    with pytest.raises(LLMTimeout, match="no answer within 0.2 s"):
        llm.complete("p", prompt_name="t")


@pytest.mark.parametrize("body", ["<html>oops</html>", '{"choices": []}', "[1]"])
def test_malformed_responses(serve, body):
    _, llm = serve([(200, {}, body)])
    with pytest.raises(LLMError):
        llm.complete("p", prompt_name="t")


def test_refused_connection_is_retried_then_unavailable():
    llm = build_llm(Settings(llm="openai:m", llm_base_url="http://127.0.0.1:9/v1", retries=1))
    slept = []
    llm.transport.sleep = slept.append
    with pytest.raises(LLMUnavailable, match="cannot connect.*after 2 attempts"):
        llm.complete("p", prompt_name="t")
    assert slept == [0.5]
