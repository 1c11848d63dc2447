"""The cases of ``hostile_cases.py``: for each, the hole it belongs to, files to prepare, and the
command (``kgsparql`` arguments, or ``sh -c`` for a redirection) with its stdin."""
from __future__ import annotations

import gzip
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

__all__ = ["Case", "CASES"]

KG = sys.executable + " -m kgsparql"


@dataclass(frozen=True)
class Case:
    hole: str
    name: str
    make: Callable[[Path, str], list[str] | tuple[list[str], bytes | None]]
    prepare: Callable[[Path, str], None] = field(default=lambda work, url: None)
    loads: tuple[str, ...] = ()       # kgsparql commands run before the case (not timed, not counted)

    def setup(self, work: Path, url: str) -> list[list[str]]:
        self.prepare(work, url)
        return [c.split() for c in self.loads]

    def command(self, work: Path, url: str) -> tuple[list[str], bytes | None]:
        made = self.make(work, url)
        return made if isinstance(made, tuple) else (made, None)


def sparql(query: str, *flags: str) -> Callable:
    return lambda work, url: ["sparql", *flags, query.replace("URL", url)]


def shell(line: str) -> Callable:
    return lambda work, url: ["sh", "-c", line.replace("KG", KG).replace("URL", url)]


def write(name: str, text: str) -> Callable:
    return lambda work, url: (work / name).write_text(text.replace("URL", url), "utf-8")


def _user_files(work: Path, url: str) -> None:
    (work / "mine").mkdir()
    (work / "mine" / "notes.txt").write_text("my own file\n")
    (work / "kb.txt").write_text("Kismet|directed_by|William Dieterle\n")


def _tiny_metaqa(work: Path, url: str) -> None:
    d = work / "data" / "metaqa"
    (d / "1-hop" / "vanilla").mkdir(parents=True)
    (d / "1-hop" / "vanilla" / "qa_test.txt").write_text("who directed [Kismet]\tWilliam Dieterle\n")
    (d / "1-hop" / "qa_test_qtype.txt").write_text("movie_to_director\n")
    with gzip.open(d / "kb_dedup.txt.gz", "wt") as fh:
        fh.write("Kismet|directed_by|William Dieterle\n")


def _corrupt_cache(work: Path, url: str) -> None:
    (work / "home").mkdir(parents=True, exist_ok=True)
    (work / "home" / "results.sqlite").write_bytes(b"this is not a database\n" * 200)


_ROW = '"gold": ["a"], "answers": ["a"], "hits1": HITS, "hit_any": true, "f1": F1'
_SVC = "SERVICE <URL/rows> { ?p ?q ?a }"

CASES = [
    Case("1", "SERVICE after `.` (BIND)", sparql("SELECT ?a { BIND(1 AS ?x) ." + _SVC + " }")),
    Case("1", "`1.SERVICE` after a triple", sparql("SELECT ?a { OPTIONAL { ?s ?o 1 } ?s ?o 1." + _SVC + " }")),
    Case("1", "in FILTER EXISTS", sparql("SELECT ?x { BIND(1 AS ?x) FILTER EXISTS { BIND(2 AS ?y) ." + _SVC + " } }")),
    Case("1", "in a sub-select", sparql("SELECT ?a { { SELECT ?a { BIND(1 AS ?x) ." + _SVC + " } } }")),
    Case("1", "in OPTIONAL", sparql("SELECT ?a { BIND(1 AS ?x) OPTIONAL { BIND(2 AS ?y) ." + _SVC + " } }")),
    Case("1", "lower case, SILENT", sparql("select ?a { bind(1 as ?x) .service silent <URL/rows> { ?p ?q ?a } }")),
    Case("1", "in ASK", sparql("ASK { BIND(1 AS ?x) ." + _SVC + " }")),
    Case("1", "`\\u`-escaped SERVICE", sparql("SELECT ?a { \\u0053ERVICE <URL/rows> { ?p ?q ?a } }")),
    Case("1", "LOAD (an update)", sparql("LOAD <URL/rows>")),
    Case("2", "ask: other variable names", lambda w, u: ["ask", "--endpoint", u + "/othervars", "who directed [Kismet]"]),
    Case("2", "verify: other variable names",
         lambda w, u: ["verify", "--endpoint", u + "/othervars", "[Kismet] was directed by [William Dieterle]"]),
    Case("2", "ask: boolean for a SELECT", lambda w, u: ["ask", "--endpoint", u + "/boolean", "who directed [Kismet]"]),
    Case("2", "ask: wrong term types", lambda w, u: ["ask", "--endpoint", u + "/badterms", "who directed [Kismet]"]),
    Case("2", "ask: an HTML page", lambda w, u: ["ask", "--endpoint", u + "/html", "who directed [Kismet]"]),
    Case("3", "user:password@ URL works", lambda w, u: ["sparql", "--endpoint", u.replace("//", "//ann:s3cret@") + "/rows",
                                                      "SELECT ?a { ?s ?p ?a }"]),
    Case("3", "password not in errors", lambda w, u: ["sparql", "--endpoint", "http://ann:s3cret@127.0.0.1:9/sparql",
                                                    "--timeout", "2", "ASK {}"]),
    Case("4", "methods > /dev/full", shell("KG methods > /dev/full")),
    Case("4", "sparql > /dev/full", shell("KG sparql 'SELECT ?s { ?s ?p ?o } LIMIT 3' > /dev/full")),
    Case("4", "eval --out /dev/full", lambda w, u: ["eval", "metaqa", "--data-dir", "data", "--hops", "1",
                                                     "--quiet", "--out", "/dev/full"], prepare=_tiny_metaqa),
    Case("4", "eval --out /proc/self/status", lambda w, u: ["eval", "metaqa", "--data-dir", "data", "--hops",
                                                           "1", "--quiet", "--out", "/proc/self/status"], prepare=_tiny_metaqa),
    Case("4", "train --out /sys/...", lambda w, u: ["train", "planner", "--out", "/sys/kgsparql.npz"]),
    Case("4", "--timeout 1e308", sparql("ASK { ?s ?p ?o }", "--timeout", "1e308")),
    Case("4", "--timeout 1e308 on an endpoint", lambda w, u: ["sparql", "--endpoint", u + "/boolean", "--timeout",
                                                             "1e308", "ASK { ?s ?p ?o }"]),
    Case("4", "--endpoint 'http://[::1'", sparql("ASK { ?s ?p ?o }", "--endpoint", "http://[::1")),
    Case("4", "load --store /dev/null", lambda w, u: ["load", "--store", "/dev/null", "kb.txt"],
         prepare=write("kb.txt", "Kismet|directed_by|William Dieterle\n")),
    Case("4", "config plugins = 5", sparql("ASK { ?s ?p ?o }", "--config", "bad.toml"),
         prepare=write("bad.toml", "plugins = 5\n")),
    Case("4", "config [plugins] refkg = 3", lambda w, u: ["verify", "--config", "bad.toml", "Kismet was directed by William Dieterle"],
         prepare=write("bad.toml", "[plugins]\nrefkg = 3\n")),
    Case("5", "verify with [brackets]", lambda w, u: ["verify", "[Kismet] was directed by [William Dieterle]"]),
    Case("5", "verify without brackets", lambda w, u: ["verify", "Kismet was directed by William Dieterle"]),
    Case("6", "ask --input id 1e999 --json", lambda w, u: ["ask", "--json", "--input", "q.jsonl"],
         prepare=write("q.jsonl", '{"id": 1e999, "question": "who directed [Kismet]"}\n')),
    Case("7", "literal with tab, newline, ESC", sparql('SELECT ?a ?b { BIND("x\\tforged\\nfake\\trow\x1b[2J" AS ?a) '
                                                      'BIND("b" AS ?b) }')),
    Case("8", "cache clear on a corrupt cache", lambda w, u: ["cache", "clear"], prepare=_corrupt_cache),
    Case("8", "cache info on a corrupt cache", lambda w, u: ["cache", "info"], prepare=_corrupt_cache),
    Case("9", "load into a folder of user files", lambda w, u: ["load", "--store", "mine", "kb.txt"],
         prepare=_user_files),
    Case("9", "--summary-only with wrong types", lambda w, u: ["eval", "--summary-only", "r.jsonl", "--json"],
         prepare=write("r.jsonl", '{"id": "1", ' + _ROW.replace("HITS", '"yes"').replace("F1", '"1.0"') + '}\n'
                       '{"id": "2", ' + _ROW.replace("HITS", "true").replace("F1", "1.0") + '}\n')),
]
