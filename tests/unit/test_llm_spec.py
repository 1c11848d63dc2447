"""build_llm: spec strings, validation at construction, one-line errors."""
from __future__ import annotations

import json

import pytest

from kgsparql.config import Settings
from kgsparql.errors import ConfigError, PluginError
from kgsparql.llm import build_llm, parse_spec
from kgsparql.llm.openai import OpenAILLM, normalise_base_url
from kgsparql.llm.scripted import ScriptedLLM


def test_none_means_no_model():
    assert build_llm(Settings(llm="none")) is None


@pytest.mark.parametrize("spec, expected", [
    ("llama", ("llama", None)),
    ("llama:/m/x.gguf", ("llama", "/m/x.gguf")),
    ("openai:qwen2.5:7b", ("openai", "qwen2.5:7b")),       # only the first colon separates
    (" Scripted:replies.json ", ("scripted", "replies.json")),
])
def test_parse_spec(spec, expected):
    assert parse_spec(spec) == expected


@pytest.mark.parametrize("spec", ["", "llama:", "none:x"])
def test_malformed_specs_are_config_errors(spec):
    with pytest.raises(ConfigError):
        build_llm(Settings(llm=spec))


def test_unknown_backend_lists_registered_names():
    with pytest.raises(PluginError) as err:
        build_llm(Settings(llm="gpt5"))
    message = str(err.value)
    assert "gpt5" in message
    for name in ("llama", "none", "openai", "scripted"):
        assert name in message
    assert "\n" not in message


def test_llama_missing_model_file_is_one_line_config_error(tmp_path):
    with pytest.raises(ConfigError, match="model file not found") as err:
        build_llm(Settings(llm=f"llama:{tmp_path / 'absent.gguf'}", home=str(tmp_path)))
    assert "\n" not in str(err.value)


def test_openai_needs_a_model_and_a_base_url():
    with pytest.raises(ConfigError, match="needs --llm-base-url"):
        build_llm(Settings(llm="openai:gpt-4o-mini"))
    with pytest.raises(ConfigError, match="needs a model"):
        build_llm(Settings(llm="openai", llm_base_url="http://127.0.0.1:1/v1"))


def test_openai_base_url_validation_and_normalisation():
    assert normalise_base_url("http://127.0.0.1:8080") == "http://127.0.0.1:8080/v1"
    assert normalise_base_url("https://api.example.com/v1/") == "https://api.example.com/v1"
    assert normalise_base_url("http://h/openai/v1") == "http://h/openai/v1"
    with pytest.raises(ConfigError):
        build_llm(Settings(llm="openai:m", llm_base_url="ftp://nope"))


def test_openai_key_comes_from_the_named_env_var(monkeypatch):
    monkeypatch.setenv("MY_LLM_KEY", "sk-secret-123")
    llm = build_llm(Settings(llm="openai:m", llm_base_url="http://127.0.0.1:9/v1", llm_api_key_env="MY_LLM_KEY"))
    assert isinstance(llm, OpenAILLM)
    assert llm.transport.api_key == "sk-secret-123"
    assert "sk-secret-123" not in repr(llm) and "sk-secret-123" not in repr(llm.transport)
    monkeypatch.delenv("MY_LLM_KEY")
    keyless = build_llm(Settings(llm="openai:m", llm_base_url="http://127.0.0.1:9/v1", llm_api_key_env="MY_LLM_KEY"))
    assert keyless.transport.api_key is None          # optional for local servers


@pytest.mark.parametrize("options", [{"few_shot": "yes"}, {"chars_per_token": 0}])
def test_openai_plugin_options_are_validated(options):
    with pytest.raises(ConfigError):
        build_llm(Settings(llm="openai:m", llm_base_url="http://127.0.0.1:9/v1", plugins={"openai": options}))


def test_scripted_from_file(tmp_path):
    path = tmp_path / "replies.json"
    path.write_text(json.dumps({"outputs": ["a", "b"], "few_shot": True}))
    llm = build_llm(Settings(llm=f"scripted:{path}", llm_context=512))
    assert isinstance(llm, ScriptedLLM)
    assert llm.outputs == ["a", "b"] and llm.few_shot and llm.context_length == 512
    plain = tmp_path / "plain.json"
    plain.write_text('["x"]')
    assert build_llm(Settings(llm=f"scripted:{plain}")).outputs == ["x"]


@pytest.mark.parametrize("content", [None, "{not json", '{"outputs": [1, 2]}'])
def test_scripted_bad_files(tmp_path, content):
    path = tmp_path / "r.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(ConfigError):
        build_llm(Settings(llm=f"scripted:{path}"))
    with pytest.raises(ConfigError):
        build_llm(Settings(llm="scripted"))
