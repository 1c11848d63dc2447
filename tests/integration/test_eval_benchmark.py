"""benchmarks/retrieval_latency.py: the recording endpoint and the timing loop, with a stand-in asker."""
import importlib.util
from pathlib import Path

from kgsparql.endpoints.embedded import EmbeddedEndpoint
from kgsparql.eval.items import Item
from kgsparql.loading import load_files
from kgsparql.types import IRI, Answer

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "retrieval_latency.py"
BASE = "https://kgsparql.example/"


def _bench():
    spec = importlib.util.spec_from_file_location("retrieval_latency", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_recorded_queries_are_final_texts_and_rerun_on_the_raw_store(tmp_path, capsys):
    bench = _bench()
    (tmp_path / "kb.tsv").write_text("Kismet\tdirected_by\tWilliam Dieterle\n")
    load_files([tmp_path / "kb.tsv"], tmp_path / "store", "tsv", BASE)
    rec = bench.RecordingEndpoint(EmbeddedEndpoint.open(tmp_path / "store"))

    class StandIn:
        def ask(self, question, id=None):
            rows = rec.select("SELECT ?o WHERE { VALUES ?s { } ?s ?p ?o }", {"s": [IRI(f"{BASE}e/Kismet")]})
            rec.ask("ASK { ?s ?p ?o }")
            return Answer(question, tuple(str(r["o"]) for r in rows), id=id)

    items = [Item("m-1", "who directed [Kismet]", ["William Dieterle"], 1)]
    rows = bench.measure(StandIn(), rec, items, repeat=2)
    assert rows[0]["queries"] == 2 and rows[0]["error"] is None
    assert rows[0]["pipeline_s"] > 0 and rows[0]["raw_s"] > 0 and rows[0]["ratio"] > 0
    assert "<https://kgsparql.example/e/Kismet>" in rec.log[0][1]
    bench.report(rows)
    out = capsys.readouterr().out
    assert "m-1" in out and "pipeline / raw" in out
    rec.close()
