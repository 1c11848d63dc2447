"""``kgsparql report`` and ``eval --report``: one self-contained HTML page over results files, side
by side, with the figures computed from the rows; bad input is one line on stderr."""
import json
import re

import pytest
from click.testing import CliRunner

from kgsparql.cli import main
from kgsparql.eval.charts import bar_chart, cdf_chart, nice_ticks
from kgsparql.eval.report import load_runs, report_context


def _row(i, hit, hops=1, seconds=0.1, abstained=None, **extra):
    return {"id": f"q-{i}", "question": f"who directed [Film {i}] <script>x</script>", "gold": ["A"],
            "answers": [] if abstained else (["A"] if hit else ["B"]), "hits1": hit, "hit_any": hit,
            "f1": 1.0 if hit else 0.0, "em": hit, "hops": hops, "qtype": f"type{hops}", "topic": f"Film {i}",
            "stats": {"seconds": seconds, "sparql_queries": 10 + i, "sparql_round_trips": 4, "llm_calls": 1},
            "abstained": abstained,
            "evidence": [{"path": [[f"Film {i}", "directed_by", "B"]], "score": 0.75}], **extra}


@pytest.fixture
def files(tmp_path):
    a = [_row(1, True), _row(2, False, 2, 2.5), _row(3, False, 2, abstained="no fact about Film 3 answers this"),
         _row(4, True, 3)]
    b = [_row(1, False), _row(2, True, 2), _row(3, True, 2), _row(4, True, 3)]
    paths = []
    for name, rows in (("kelgop", a), ("frag", b)):
        paths.append(tmp_path / f"{name}.jsonl")
        paths[-1].write_text("".join(json.dumps(r) + "\n" for r in rows))
    return paths


def test_figures_come_from_the_rows(files):
    ctx = report_context(load_runs(files), worst=5)
    first, second = ctx["runs"]
    assert first["summary"]["overall"]["hits1"] == 0.5 and second["summary"]["overall"]["hits1"] == 0.75
    assert first["summary"]["by_hops"]["2"]["hits1"] == 0.0 and second["summary"]["by_hops"]["2"]["hits1"] == 1.0
    assert first["abstentions"]["n"] == 1 and first["abstentions"]["reasons"] == [("no fact about ‹topic› answers this", 1)]
    assert first["latency"]["max"] == 2.5
    assert [r["id"] for r in first["worst"]] == ["q-2", "q-3"]          # the slower miss first
    assert ctx["agreement"] == [{"label": "frag", "common": 4, "both": 1, "only_first": 1, "only_other": 2,
                                 "neither": 0}]


def test_cli_writes_one_self_contained_page(files, tmp_path):
    out = tmp_path / "sub" / "report.html"
    result = CliRunner().invoke(main, ["report", *map(str, files), "--out", str(out)])
    assert result.exit_code == 0, result.output
    html = out.read_text()
    assert html.count("<svg") == 4 and "<polyline" in html and "<rect" in html
    assert not re.search(r"""(src|href)\s*=|@import|url\(|<script""", html)   # nothing fetched, no script
    assert "&lt;script&gt;" in html                                           # row text is escaped
    assert "kelgop" in html and "frag" in html and "directed_by" in html and "no fact about Film 3" in html


@pytest.mark.parametrize("content, message", [
    (None, "cannot read results file"),
    ("not json\n", "not valid JSON"),
    ("", "holds no result rows"),
])
def test_bad_input_is_one_line(tmp_path, content, message):
    path = tmp_path / "rows.jsonl"
    if content is not None:
        path.write_text(content)
    result = CliRunner().invoke(main, ["report", str(path), "--out", str(tmp_path / "r.html")])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], result.stderr
    assert not (tmp_path / "r.html").exists()


def test_summary_only_writes_the_report(files, tmp_path):
    out = tmp_path / "one.html"
    result = CliRunner().invoke(main, ["eval", "--summary-only", str(files[0]), "--report", str(out)])
    assert result.exit_code == 0, result.output
    assert "Hits@1 per hop" in out.read_text()


def test_charts_scale_to_their_data():
    assert nice_ticks(0.93) == [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
    assert nice_ticks(13) == [0, 5, 10, 15]
    chart = bar_chart("t", ["1-hop", "2-hop"], {"a": [1.0, 0.5]}, y_label="Hits@1", y_max=1.0)
    assert chart.bars[0].h == chart.plot_h and chart.bars[1].h == chart.plot_h / 2
    cdf = cdf_chart("t", {"a": [0.01, 0.1, 1.0]}, x_label="s")
    last = cdf.lines[0].points.split()[-1]
    assert float(last.split(",")[1]) == cdf.top                               # reaches 100 %
    assert [t.label for t in cdf.x_ticks][:3] == ["0.01", "0.02", "0.05"]
