"""Round 2, hole 5: ``[brackets]`` mark entities in claims as in questions: every bracketed part is
a mention, so a claim says the same with or without them (it said FALSE with them)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kgsparql.cli import main
from kgsparql.linking.text import bracket_spans, split_brackets

CLAIMS = [("Kismet was directed by William Dieterle", "true"), ("Kismet was directed by Ang Lee", "false")]


@pytest.mark.parametrize("claim,verdict", CLAIMS)
def test_brackets_do_not_change_a_verdict(tmp_path, claim, verdict):
    bracketed = claim.replace("Kismet", "[Kismet]").replace("William Dieterle", "[William Dieterle]") \
        .replace("Ang Lee", "[Ang Lee]")
    env = {"KGSPARQL_HOME": str(tmp_path / "home"), "KGSPARQL_CONFIG": ""}
    verdicts = []
    for text in (claim, bracketed):
        result = CliRunner().invoke(main, ["verify", "--json", text], env=env)
        assert result.exit_code == 0, result.output
        verdicts.append(json.loads(result.stdout.splitlines()[-1])["verdict"])
    assert verdicts == [verdict, verdict]


def test_every_bracketed_part_is_a_span():
    assert bracket_spans("[Kismet] was directed by [William Dieterle]") == (
        "Kismet was directed by William Dieterle", [(0, 6), (23, 39)])
    assert split_brackets("who directed [Kismet]") == ("who directed Kismet", (13, 19))
    assert bracket_spans("no brackets") == ("no brackets", [])
