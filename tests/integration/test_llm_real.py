"""Real models, real servers: the packaged GGUF through llama-cpp-python, a real
``python -m llama_cpp.server`` behind the openai backend, and a local fake server for retries.

Nothing is skipped when CI=true or KGSPARQL_REQUIRE_SERVERS=1 / KGSPARQL_REQUIRE_MODELS=1: a model or
server that cannot start fails the test instead."""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from kgsparql import stats
from kgsparql.config import Settings
from kgsparql.errors import KGSparqlError, LLMRateLimited, LLMUnavailable
from kgsparql.llm import build_llm, run_prompt

from llamaserver import model_missing, require_llama_cpp

pytestmark = pytest.mark.models

KISMET_FEW_SHOT = ("Facts: Casablanca directed_by Michael Curtiz.\nQuestion: who directed Casablanca?\nAnswer: Michael Curtiz\n\n"
                   "Facts: Vertigo directed_by Alfred Hitchcock.\nQuestion: who directed Vertigo?\nAnswer: Alfred Hitchcock\n\n"
                   "Facts: Kismet directed_by William Dieterle.\nQuestion: who directed Kismet?\nAnswer:")

# MetaQA 1-hop test questions (one per question type) with every KB triple of the topic entity.
METAQA_ONE_HOP = [
    ('which person directed The Incident', 'The Incident', ['Larry Peerce'],
     ['The Incident|directed_by|Larry Peerce', 'The Incident|written_by|Nicholas E. Baehr', 'The Incident|starred_actors|Walter Matthau', 'The Incident|starred_actors|Beau Bridges', 'The Incident|release_year|1990', 'The Incident|release_year|1967', 'The Incident|has_tags|larry peerce']),
    ('the movie Puppet Master vs Demonic Toys starred who', 'Puppet Master vs Demonic Toys', ['Corey Feldman', 'Vanessa Angel'],
     ['Puppet Master vs Demonic Toys|directed_by|Ted Nicolaou', 'Puppet Master vs Demonic Toys|written_by|C. Courtney Joyner', 'Puppet Master vs Demonic Toys|starred_actors|Corey Feldman', 'Puppet Master vs Demonic Toys|starred_actors|Vanessa Angel', 'Puppet Master vs Demonic Toys|release_year|2004', 'Puppet Master vs Demonic Toys|has_genre|Horror']),
    ('what was the release year of the movie Darkness', 'Darkness', ['2002'],
     ['Darkness|directed_by|Jaume Balagueró', 'Darkness|written_by|Jaume Balagueró', 'Darkness|starred_actors|Lena Olin', 'Darkness|starred_actors|Anna Paquin', 'Darkness|starred_actors|Giancarlo Giannini', 'Darkness|starred_actors|Iain Glen', 'Darkness|release_year|2002', 'Darkness|has_tags|jaume balagueró', 'Darkness|has_genre|Horror']),
    ("who wrote the film A Soldier's Story", "A Soldier's Story", ['Charles Fuller'],
     ["A Soldier's Story|directed_by|Norman Jewison", "A Soldier's Story|written_by|Charles Fuller", "A Soldier's Story|starred_actors|Adolph Caesar", "A Soldier's Story|release_year|1984", "A Soldier's Story|has_tags|bd-r", "A Soldier's Story|has_tags|murder", "A Soldier's Story|has_tags|norman jewison", "A Soldier's Story|has_genre|Drama"]),
    ('what genre is WolfCop in', 'WolfCop', ['Horror'],
     ['WolfCop|directed_by|Lowell Dean', 'WolfCop|written_by|Lowell Dean', 'WolfCop|starred_actors|Sarah Lind', 'WolfCop|starred_actors|Amy Matysio', 'WolfCop|starred_actors|Leo Fafard', 'WolfCop|release_year|2014', 'WolfCop|has_genre|Horror']),
    ('what is the language spoken in the movie Only God Forgives', 'Only God Forgives', ['Thai'],
     ['Only God Forgives|directed_by|Nicolas Winding Refn', 'Only God Forgives|written_by|Nicolas Winding Refn', 'Only God Forgives|starred_actors|Ryan Gosling', 'Only God Forgives|starred_actors|Kristin Scott Thomas', 'Only God Forgives|starred_actors|Vithaya Pansringarm', 'Only God Forgives|release_year|2013', 'Only God Forgives|in_language|Thai', 'Only God Forgives|has_tags|ryan gosling', 'Only God Forgives|has_tags|thailand', 'Only God Forgives|has_tags|bangkok', 'Only God Forgives|has_tags|nicolas winding refn', 'Only God Forgives|has_genre|Crime']),
    ('what movies did Mike White star in', 'Mike White', ['The Good Girl'],
     ['Nacho Libre|written_by|Mike White', 'Orange County|written_by|Mike White', 'The Good Girl|written_by|Mike White', 'The Good Girl|starred_actors|Mike White', 'School of Rock|written_by|Mike White', 'Year of the Dog|directed_by|Mike White', 'Year of the Dog|written_by|Mike White']),
    ('what did John Lasseter direct', 'John Lasseter', ['Toy Story', 'Toy Story 2', 'Cars', "A Bug's Life", 'Cars 2'],
     ['Toy Story 2|directed_by|John Lasseter', 'Toy Story 2|written_by|John Lasseter', 'Cars|directed_by|John Lasseter', 'Cars|written_by|John Lasseter', 'Planes|written_by|John Lasseter', "A Bug's Life|directed_by|John Lasseter", "A Bug's Life|written_by|John Lasseter", 'Toy Story|directed_by|John Lasseter', 'Toy Story|written_by|John Lasseter', 'Cars 2|directed_by|John Lasseter', 'Cars 2|written_by|John Lasseter', 'Toy Story 3|written_by|John Lasseter']),
    ('what films did Yorgos Lanthimos write', 'Yorgos Lanthimos', ['Dogtooth', 'Alps', 'Kinetta'],
     ['Alps|directed_by|Yorgos Lanthimos', 'Alps|written_by|Yorgos Lanthimos', 'Dogtooth|directed_by|Yorgos Lanthimos', 'Dogtooth|written_by|Yorgos Lanthimos', 'Kinetta|directed_by|Yorgos Lanthimos', 'Kinetta|written_by|Yorgos Lanthimos']),
    ('what words describe Holiday Inn', 'Holiday Inn', ['christmas', 'holiday', 'fred astaire', 'bing crosby', 'mark sandrich'],
     ['Holiday Inn|directed_by|Mark Sandrich', 'Holiday Inn|written_by|Irving Berlin', 'Holiday Inn|starred_actors|Fred Astaire', 'Holiday Inn|starred_actors|Bing Crosby', 'Holiday Inn|release_year|1942', 'Holiday Inn|has_tags|christmas', 'Holiday Inn|has_tags|holiday', 'Holiday Inn|has_tags|fred astaire', 'Holiday Inn|has_tags|bing crosby', 'Holiday Inn|has_tags|mark sandrich', 'Holiday Inn|has_genre|Musical']),
]


@pytest.fixture(scope="module")
def settings() -> Settings:
    return Settings(llm="llama", llm_context=2048, llm_max_tokens=48)


@pytest.fixture(scope="module")
def llama(settings):
    require_llama_cpp()
    try:
        return build_llm(settings)
    except KGSparqlError as exc:
        model_missing(f"the packaged model cannot be loaded: {exc}")


def test_llama_few_shot_lookup(llama):
    assert llama.few_shot and llama.context_length == 2048
    with stats.collect() as st:
        out = llama.complete(KISMET_FEW_SHOT, prompt_name="test/kismet", max_tokens=16, stop=["\n"])
    assert out.text.strip() == "William Dieterle"
    assert out.prompt_tokens > 0 and out.completion_tokens > 0 and out.seconds > 0
    assert st.llm_calls == 1 and st.prompt_tokens == out.prompt_tokens and st.completion_tokens == out.completion_tokens
    assert llama.count_tokens("who directed Kismet?") > 0


def test_llama_frag_reason_over_paths(llama):
    from kgsparql.types import Entity, Path, Relation, Triple

    e = lambda name: Entity.iri(f"https://kg.example/e/{name.replace(' ', '_')}", name)  # noqa: E731
    kismet = e("Kismet")
    paths = [Path((Triple(kismet, Relation(f"https://kg.example/r/{r}"), e(t)),)) for r, t in
             [("directed_by", "William Dieterle"), ("starred_actors", "Marlene Dietrich"), ("release_year", "1944")]]
    step = run_prompt(llama, "frag/reason", fallback=None, question="who directed Kismet", paths=paths,
                      candidates=[p.end for p in paths])
    assert step.source == "llm", step.error
    assert step.value == [e("William Dieterle")]


def test_llama_through_the_shipped_prompt(llama):
    facts = ["Kismet directed by William Dieterle", "Kismet starred actors Marlene Dietrich", "Kismet release year 1944"]
    with stats.collect() as st:
        step = run_prompt(llama, "answer/choose", [], question="who directed Kismet", facts=facts,
                          candidates=["William Dieterle", "Marlene Dietrich", "1944"])
    assert step.source == "llm", step.error
    assert step.value == ["William Dieterle"]
    assert st.prompt_tokens > 0 and st.completion_tokens > 0 and st.parse_failures == 0


def _one_hop(ranker, question, topic, facts):
    """Facts ranked as the pipeline ranks evidence (BM25 against the question), best first; the
    candidates are the topic's neighbours in that order."""
    triples = [f.split("|") for f in facts]
    texts = [f"{h} {r.replace('_', ' ')} {t}" for h, r, t in triples]
    scores = ranker.rank(question, texts)
    order = sorted(range(len(texts)), key=lambda i: -scores[i])
    candidates = list(dict.fromkeys(triples[i][2] if triples[i][0] == topic else triples[i][0] for i in order))
    return [texts[i] for i in order], candidates


def test_metaqa_choose_among_candidates_accuracy(llama):
    """The project's bar: at least 6 of 10 one-hop questions, answers constrained to the candidates."""
    from kgsparql.rank import build_ranker

    ranker = build_ranker("bm25")
    hits, lines = 0, []
    t0 = time.perf_counter()
    for question, topic, gold, facts in METAQA_ONE_HOP:
        texts, candidates = _one_hop(ranker, question, topic, facts)
        step = run_prompt(llama, "answer/choose", [], question=question, facts=texts, candidates=candidates)
        assert all(v in candidates for v in step.value)
        hit = bool(step.value) and step.value[0] in gold
        hits += hit
        lines.append(f"{'ok ' if hit else 'BAD'} {question!r} -> {step.raw!r}")
    report = f"hits@1 {hits}/10 in {time.perf_counter() - t0:.1f} s\n" + "\n".join(lines)
    print(report)
    assert hits >= 6, report


# --- a real llama_cpp.server behind the openai backend --------------------------------------------

def test_openai_backend_against_llama_cpp_server(llama_server, llama, settings, monkeypatch, tmp_path):
    monkeypatch.setenv("KGSPARQL_TEST_KEY", "sk-local-not-needed")
    trace = tmp_path / "trace.jsonl"
    remote = build_llm(settings.replace(llm="openai:gemma", llm_base_url=llama_server, llm_api_key_env="KGSPARQL_TEST_KEY",
                                        trace=str(trace), plugins={"openai": {"few_shot": True}}))
    with stats.collect() as st:
        out = remote.complete(KISMET_FEW_SHOT, prompt_name="test/kismet", max_tokens=16, stop=["\n"])
    assert out.text.strip() == "William Dieterle"
    local = llama.complete(KISMET_FEW_SHOT, prompt_name="test/kismet", max_tokens=16, stop=["\n"])
    assert out.prompt_tokens == local.prompt_tokens > 0           # the server's usage, not an estimate
    assert out.completion_tokens > 0 and st.prompt_tokens == out.prompt_tokens
    chat = remote.complete([{"role": "user", "content": "Say hello."}], prompt_name="test/chat", max_tokens=4)
    assert chat.prompt_tokens > 0                                 # chat endpoint round trip, usage read
    assert "sk-local-not-needed" not in trace.read_text() and len(trace.read_text().splitlines()) == 2


def test_run_prompt_against_llama_cpp_server(llama_server, settings):
    remote = build_llm(settings.replace(llm="openai:gemma", llm_base_url=llama_server, plugins={"openai": {"few_shot": True}}))
    step = run_prompt(remote, "answer/choose", [], question="who directed Kismet",
                      facts=["Kismet directed by William Dieterle", "Kismet release year 1944"],
                      candidates=["William Dieterle", "1944"])
    assert step.source == "llm" and step.value == ["William Dieterle"]


# --- retries against a local fake server ------------------------------------------------------------

class _Failing(BaseHTTPRequestHandler):
    status, headers_out, seen = 500, {}, []

    def do_POST(self):  # noqa: N802
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        type(self).seen.append(time.monotonic())
        self.send_response(self.status)
        for k, v in self.headers_out.items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(b'{"error": {"message": "busy"}}')

    def log_message(self, *args):
        pass


@pytest.mark.parametrize("status, headers, error", [
    (429, {"Retry-After": "0"}, LLMRateLimited),
    (500, {}, LLMUnavailable),
])


def test_openai_retries_then_gives_up(status, headers, error):
    handler = type("Handler", (_Failing,), {"status": status, "headers_out": headers, "seen": []})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    try:
        llm = build_llm(Settings(llm="openai:m", llm_base_url=f"http://127.0.0.1:{httpd.server_address[1]}/v1",
                                 retries=2, llm_timeout=5))
        with pytest.raises(error, match="after 3 attempts") as err:
            llm.complete("p", prompt_name="t")
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert type(err.value) is error
    assert len(handler.seen) == 3 and llm.transport.attempts == 3
    gaps = [b - a for a, b in zip(handler.seen, handler.seen[1:])]
    if status == 429:
        assert max(gaps) < 0.4                  # Retry-After: 0 honoured, no exponential wait
    else:
        assert gaps[0] >= 0.45 and gaps[1] >= 0.95  # backoff 0.5 s, then 1 s


# --- FRAG end to end with a real model (issue: LLM layer, "must show") ------------------------------
import gzip  # noqa: E402
import random  # noqa: E402
from importlib import resources  # noqa: E402

from click.testing import CliRunner  # noqa: E402

from kgsparql.api import Asker  # noqa: E402
from kgsparql.cli import main as cli_main  # noqa: E402
from kgsparql.kg import ensure_demo_store  # noqa: E402

_TEMPLATES = {"directed_by": "Who directed {}?", "written_by": "Who wrote {}?",
              "release_year": "When was {} released?", "in_language": "What language is {} in?"}


def _one_hop_lookups(n: int = 10, seed: int = 7) -> list[tuple[str, str]]:
    """Plain-English one-hop questions over the demo KG (a MetaQA subset) with their KB answer:
    films with exactly one value for the relation, drawn with a fixed seed, relations interleaved."""
    values: dict[tuple[str, str], list[str]] = {}
    with resources.as_file(resources.files("kgsparql.data").joinpath("demo_kb.txt.gz")) as path:
        for line in gzip.open(path, "rt", encoding="utf-8"):
            head, rel, tail = line.rstrip("\n").split("|")
            if rel in _TEMPLATES:
                values.setdefault((rel, head), []).append(tail)
    rng = random.Random(seed)
    by_rel = {r: sorted(h for (rr, h), v in values.items() if rr == r and len(v) == 1 and h.isascii())
              for r in _TEMPLATES}
    out = []
    while len(out) < n:
        rel = list(_TEMPLATES)[len(out) % len(_TEMPLATES)]
        head = rng.choice(by_rel[rel])
        out.append((_TEMPLATES[rel].format(head), values[(rel, head)][0]))
    return out


@pytest.fixture(scope="module")
def demo_settings(settings):
    return settings.replace(store=str(ensure_demo_store(settings)))


def test_ask_cli_with_llama_counts_llm_calls_and_tokens(llama, settings):
    result = CliRunner().invoke(cli_main, ["ask", "Who directed Kismet?", "--llm", "llama", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output.strip().splitlines()[-1])
    assert out["answers"][0] == "William Dieterle"
    assert out["stats"]["llm_calls"] >= 1
    assert out["stats"]["prompt_tokens"] > 0 and out["stats"]["completion_tokens"] > 0
    assert out["evidence"] and out["evidence"][0]["path"][0] == ["Kismet", "directed by", "William Dieterle"]


def test_ten_plain_english_lookups_with_llama(llama, demo_settings):
    questions = _one_hop_lookups()
    with Asker(demo_settings, llm=llama) as asker:
        answers = [asker.ask(q) for q, _ in questions]
    assert all(a.stats["llm_calls"] == 1 for a in answers)
    correct = sum(1 for a, (_, gold) in zip(answers, questions) if a.answers and a.answers[0] == gold)
    assert correct >= 6, [(q, g, a.answers[:2]) for a, (q, g) in zip(answers, questions)]


def test_ask_through_openai_backend_against_llama_cpp_server(llama_server, demo_settings, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    remote = demo_settings.replace(llm="openai:gemma", llm_base_url=llama_server,
                                   plugins={"openai": {"few_shot": True}})
    with Asker(remote) as asker:
        answer = asker.ask("Who directed Kismet?")
    assert answer.answers[0] == "William Dieterle"
    assert answer.plan["answered_by"] == "llm"
    assert answer.stats["llm_calls"] == 1 and answer.stats["prompt_tokens"] > 0


# --- KELGoP end to end with a real model ------------------------------------------------------------
def _kelgop_answers(settings, llm_settings, tmp_path, questions):
    from kgsparql.api import Asker
    from kgsparql.kg import ensure_demo_store

    demo = settings.replace(store=str(ensure_demo_store(Settings())), home=str(tmp_path), method="kelgop",
                            llm="none")
    with Asker(demo.replace(**llm_settings)) as asker:
        return [asker.ask(q) for q in questions]


def _check_kelgop(answers):
    from kgsparql.learn.categories import CATEGORIES

    for answer in answers:
        assert answer.stats["llm_calls"] >= 2, "classification and at least one more step asked the model"
        assert answer.stats["prompt_tokens"] > 0 and answer.plan["attempts"]
        assert answer.plan["category"] in CATEGORIES and answer.answers, answer.plan
        assert answer.plan["llm_category"] in (*CATEGORIES, None)   # None: the reply did not parse (counted)


def test_kelgop_with_llama_end_to_end(llama, settings, tmp_path):
    _check_kelgop(_kelgop_answers(settings, {"llm": "llama"}, tmp_path, ["How many films did Alfred Hitchcock direct?"]))


def test_kelgop_through_llama_cpp_server_end_to_end(llama_server, settings, tmp_path):
    _check_kelgop(_kelgop_answers(settings, {"llm": "openai:gemma", "llm_base_url": llama_server,
                                             "plugins": {"openai": {"few_shot": True}}}, tmp_path,
                                  ["what else did the director of Vertigo direct"]))
