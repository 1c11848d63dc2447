"""``verify`` with a real model: the packaged GGUF through llama-cpp-python (``--llm llama``) and a
real ``python -m llama_cpp.server`` behind the openai backend. The mechanics are checked (the RefKG
prompts run, a verdict and an explanation come back, LLM calls and tokens are counted), not the
small model's judgement. Nothing is skipped under CI=true / KGSPARQL_REQUIRE_MODELS=1: a model or
server that cannot start fails the test."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kgsparql import Verifier
from kgsparql.cli import main as cli_main
from kgsparql.config import Settings
from kgsparql.kg import ensure_demo_store
from kgsparql.llm.model_files import resolve_model
from kgsparql.verify import VERDICTS
from llamaserver import require_llama_cpp

pytestmark = pytest.mark.models
CLAIM = "Kismet was directed by William Dieterle and starred Marlene Dietrich."


@pytest.fixture(scope="module")
def settings() -> Settings:
    base = Settings(llm="llama", llm_context=2048, llm_max_tokens=48)
    return base.replace(store=str(ensure_demo_store(base)))


@pytest.fixture(scope="module")
def llama(settings):
    """llama-cpp-python and the packaged GGUF are there (the CLI loads the model itself)."""
    require_llama_cpp()
    return resolve_model(None, settings.home_path)


def _check(result: dict) -> None:
    assert result["verdict"] in VERDICTS
    assert result["explanation"].strip()
    assert result["stats"]["llm_calls"] == 2          # RefKG: decoupling, then joint inference
    assert result["stats"]["prompt_tokens"] > 0 and result["stats"]["completion_tokens"] > 0
    assert result["evidence"]                          # retrieval ran before the model judged


def test_verify_cli_with_llama(llama):
    result = CliRunner().invoke(cli_main, ["verify", CLAIM, "--llm", "llama", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output.strip().splitlines()[-1])
    _check(out)
    assert out["plan"]["decided_by"] in ("llm", "rules (the reply did not parse)")
    assert out["plan"]["rule_verdict"] == "true"


def test_verify_through_openai_backend_against_llama_cpp_server(llama_server, settings, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    remote = settings.replace(llm="openai:gemma", llm_base_url=llama_server, plugins={"openai": {"few_shot": True}})
    with Verifier(remote) as verifier:
        result = verifier.verify(CLAIM).to_json()
    _check(result)
