"""Prompt files: versions, pinning, variants, strict rendering, the shipped set."""
from __future__ import annotations

import pytest

from kgsparql.errors import TemplateError
from kgsparql.llm import available_prompts, load_prompt
from kgsparql.llm.prompting import CHAT, RAW
from kgsparql.llm.scripted import ScriptedLLM

SHIPPED = ["frag/reason", "frag/feedback", "answer/choose"]
EXAMPLE = {"question": "who directed Kismet", "facts": ["Kismet directed by William Dieterle"],
           "paths": ["Kismet -> directed by -> William Dieterle"], "candidates": ["William Dieterle"]}


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_prompt_has_both_variants_and_a_parser(name):
    prompt = load_prompt(name)
    assert set(prompt.variants) == {CHAT, RAW}
    assert callable(prompt.parser) and prompt.evidence
    raw = prompt.render(RAW, EXAMPLE)
    assert raw.endswith("Answer:") and prompt.stop(RAW) == ["\n"]
    chat = prompt.render(CHAT, EXAMPLE)
    assert chat[0]["role"] == "system" and chat[-1]["role"] == "user"
    assert "who directed Kismet" in chat[-1]["content"] and prompt.stop(CHAT) is None


def test_highest_version_unless_pinned():
    assert available_prompts("frag")["reason"][-1] == load_prompt("frag/reason").version
    pinned = load_prompt("frag/reason@1")
    assert pinned.version == 1 and pinned.ref == "frag/reason@1"


@pytest.mark.parametrize("ref, message", [
    ("frag/nonexistent", "no prompt frag/nonexistent"),
    ("frag/reason@99", "no version 99"),
    ("../etc/passwd", "bad prompt name"),
    ("frag", "bad prompt name"),
    ("nomethod/reason", "no prompt"),
])
def test_bad_references(ref, message):
    with pytest.raises(TemplateError, match=message):
        load_prompt(ref)


def test_missing_variables_fail_loudly():
    with pytest.raises(TemplateError, match="question"):
        load_prompt("answer/choose").render(CHAT, {"facts": [], "candidates": []})


def test_entities_render_by_name():
    from kgsparql.types import Entity
    kismet = Entity.iri("https://kg.example/e/William_Dieterle", "William Dieterle")
    text = load_prompt("answer/choose").render(RAW, {**EXAMPLE, "candidates": [kismet]})
    assert "Candidates: William Dieterle\n" in text and "https://" not in text


def test_variant_follows_the_model():
    prompt = load_prompt("answer/choose")
    assert prompt.variant_for(ScriptedLLM.replying([], few_shot=True)) == RAW
    assert prompt.variant_for(ScriptedLLM.replying([], few_shot=False)) == CHAT


def test_every_prompt_folder_is_found_by_package_discovery():
    """parsers.py reaches the wheel because pyproject discovers packages: each prompt folder is a
    package under kgsparql.prompts (through the kgsparql/prompts link) without being listed."""
    import tomllib
    from pathlib import Path

    from setuptools import find_packages
    root = Path(__file__).resolve().parents[2]
    find = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]
    packages = find_packages(where=str(root), include=find["include"])
    folders = [p.parent.name for p in (root / "prompts").glob("*/parsers.py")]
    assert folders
    assert [f for f in folders if f"kgsparql.prompts.{f}" not in packages] == []
