"""Round 2, hole 2: an endpoint whose replies are not the shape a template promises (other variable
names, a boolean instead of rows, an HTML page, terms of the wrong kind) makes ``ask`` and
``verify`` fail with one line naming the endpoint and the template, exit 1 (it was KeyError, exit 3)."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from kgsparql.cli import main
from kgsparql.sparql import QueryTemplate

from faultserver import Reply, serving


def _rows(names: list[str], row: dict) -> Reply:
    return Reply(body={"head": {"vars": names}, "results": {"bindings": [row]}})


def _other_names(query: str) -> Reply:
    return _rows(["zz"], {"zz": {"type": "literal", "value": "x"}})


def _wrong_kinds(query: str) -> Reply:
    """The variables the query asks for, each holding the wrong kind of term."""
    names = sorted(QueryTemplate("q", query).variables or [])
    row = {n: {"type": "literal", "value": "3"} if n in ("e", "p", "o") else {"type": "uri", "value": f"http://x/{n}"}
           for n in names}
    return _rows(names, row)


REPLIES = {
    "other variable names": dict(respond=_other_names),
    "a boolean instead of rows": dict(script=[Reply(body={"head": {}, "boolean": True})]),
    "an HTML page": dict(script=[Reply(body=b"<html><body>Welcome</body></html>", headers={"Content-Type": "text/html"})]),
    "terms of the wrong kind": dict(respond=_wrong_kinds),
}
COMMANDS = {"ask": "who directed [Kismet]", "verify": "[Kismet] was directed by [William Dieterle]"}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("reply", sorted(REPLIES))
def test_a_reply_of_another_shape_is_one_line_naming_endpoint_and_template(tmp_path, command, reply):
    with serving(**REPLIES[reply]) as srv:
        result = CliRunner().invoke(main, [command, "--endpoint", srv.url, "--timeout", "5", COMMANDS[command]],
                                    env={"KGSPARQL_HOME": str(tmp_path / "home"), "KGSPARQL_CONFIG": ""})
    lines = [ln for ln in result.output.splitlines() if ln.strip() and not ln.startswith("kgsparql: ")]
    assert result.exit_code == 1 and len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert srv.url in lines[0] and "template generic/" in lines[0], lines[0]


def test_the_promised_shape_is_read_from_the_template():
    tpl = QueryTemplate("t", "SELECT ?e ?p (COUNT(?o) AS ?n) WHERE { VALUES ?e { } ?e ?p ?o . "
                             "FILTER NOT EXISTS { ?x ?o ?y } OPTIONAL { ?o ?q ?z } } GROUP BY ?e ?p")
    assert tpl.variables == {"e", "p", "n"}
    assert tpl.shape == ({"p"}, {"n"})
