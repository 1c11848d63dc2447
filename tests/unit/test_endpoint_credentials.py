"""Round 2, hole 3: ``user:password@`` endpoint URLs work (HTTP Basic auth, also from the
``endpoint_user`` / ``endpoint_password`` settings and their environment variables), and the
password never appears in an error message, a log line or an endpoint name."""
from __future__ import annotations

import base64

import pytest
from click.testing import CliRunner

from kgsparql.cli import main
from kgsparql.config import Settings
from kgsparql.endpoints.http import HttpEndpoint
from kgsparql.errors import EndpointUnavailable, KGSparqlError, redact

from faultserver import serving

SECRET = "s3cr%3At"          # percent-encoded ':' in the password


def _basic(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


def test_credentials_in_the_url_become_basic_auth_and_leave_the_url():
    with serving() as srv:
        url = srv.url.replace("http://", f"http://ann:{SECRET}@")
        with HttpEndpoint.open(url, cache=None, retries=0) as ep:
            assert len(ep.select("SELECT ?s WHERE { ?s ?p ?o }")) == 2
            assert SECRET not in ep.url and SECRET not in ep.name and "ann" not in ep.url
        assert srv.requests[0]["headers"]["Authorization"] == _basic("ann", "s3cr:t")


def test_credentials_from_settings_and_environment(tmp_path):
    with serving() as srv:
        env = {"KGSPARQL_HOME": str(tmp_path), "KGSPARQL_CONFIG": "", "KGSPARQL_ENDPOINT_USER": "bob",
               "KGSPARQL_ENDPOINT_PASSWORD": "pw"}
        result = CliRunner().invoke(main, ["sparql", "--endpoint", srv.url, "SELECT ?s WHERE { ?s ?p ?o }"], env=env)
        assert result.exit_code == 0, result.output
        assert srv.requests[0]["headers"]["Authorization"] == _basic("bob", "pw")
    assert "pw" not in repr(Settings(endpoint_user="bob", endpoint_password="pw"))


@pytest.mark.parametrize("args", [
    ["--endpoint", "http://ann:hunter2@127.0.0.1:9/sparql", "--timeout", "3", "ASK { ?s ?p ?o }"],
    ["--endpoint", "ftp://ann:hunter2@127.0.0.1/x", "ASK { ?s ?p ?o }"],
    ["--endpoint", "http://ann:hunter2@[::1/x", "ASK { ?s ?p ?o }"],
])
def test_the_password_is_never_printed(tmp_path, args):
    result = CliRunner().invoke(main, ["sparql", *args], env={"KGSPARQL_HOME": str(tmp_path), "KGSPARQL_CONFIG": ""})
    assert result.exit_code == 1 and result.output.startswith("error: "), result.output
    assert "hunter2" not in result.output and "Name or service not known" not in result.output, result.output


def test_every_error_message_is_redacted():
    assert redact("GET http://u:p@h/x and https://v:w@k") == "GET http://u:***@h/x and https://v:***@k"
    assert "p@" not in str(EndpointUnavailable("query on http://u:p@h/x: cannot connect"))
    assert str(KGSparqlError("no user here: http://h/x")) == "no user here: http://h/x"
