"""Loading delimited and RDF files into an embedded store: IRIs, labels, typed values, idempotence."""
from __future__ import annotations

import gzip
from pathlib import Path

import pyoxigraph
import pytest

from kgsparql.config import DEFAULT_BASE_IRI
from kgsparql.errors import InputError
from kgsparql.loading import detect_format, load_files
from kgsparql.loading.convert import entity_iri

B = DEFAULT_BASE_IRI
LINES = ["Kismet|directed_by|William Dieterle", "Kismet|release_year|1944", "Kismet|has_tags|judd apatow",
         "Knocked Up|directed_by|Judd Apatow", "Knocked Up|has_imdb_rating|7.1", "Knocked Up|has_imdb_votes|1944"]


@pytest.fixture
def kb(tmp_path) -> Path:
    path = tmp_path / "kb.txt.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        fh.write("\n".join(LINES) + "\n")
    return path


def _query(store_dir, q):
    store = pyoxigraph.Store.read_only(str(store_dir))
    try:
        return [[str(t.value) if t is not None else None for t in row] for row in store.query(q)]
    finally:
        del store


def test_metaqa_gzip_is_converted_with_labels_and_typed_values(kb, tmp_path):
    report = load_files([kb], tmp_path / "s", "auto", B)
    assert report.triples_read == len(LINES) and report.after > len(LINES)
    rows = _query(tmp_path / "s", 'SELECT ?e WHERE { ?e <http://www.w3.org/2000/01/rdf-schema#label> ?l '
                                   'FILTER(LCASE(STR(?l)) = "judd apatow") } ORDER BY ?e')
    assert rows == [[entity_iri(B, "Judd Apatow")], [entity_iri(B, "judd apatow")]], "case-sensitive nodes"
    values = dict(map(tuple, _query(tmp_path / "s", "SELECT ?l (DATATYPE(?v) AS ?t) WHERE { "
                                    "?e <http://www.w3.org/1999/02/22-rdf-syntax-ns#value> ?v ; "
                                    "<http://www.w3.org/2000/01/rdf-schema#label> ?l }")))
    assert values["1944"].endswith("#gYear"), "a year under a *year* relation"
    assert values["7.1"].endswith("#decimal")


def test_loading_twice_adds_nothing(kb, tmp_path):
    first = load_files([kb], tmp_path / "s", "metaqa", B)
    second = load_files([kb], tmp_path / "s", "metaqa", B)
    assert second.before == second.after == first.after


def test_rdf_and_tsv_detection(tmp_path):
    (tmp_path / "a.ttl").write_text("<http://x/a> <http://x/p> <http://x/b> .\n")
    (tmp_path / "b.tsv").write_text("a\tp\tb\nc\tp\td\n")
    (tmp_path / "c.txt").write_text("no delimiters here\n")
    assert detect_format(tmp_path / "a.ttl") == "ttl"
    assert detect_format(tmp_path / "b.tsv") == "tsv"
    with pytest.raises(InputError, match="--format"):
        detect_format(tmp_path / "c.txt")


def test_bad_lines_and_bad_rdf_are_one_line_errors(tmp_path):
    (tmp_path / "bad.txt").write_text("a|b|c\nonly|two\n")
    with pytest.raises(InputError, match=r"bad.txt:2"):
        load_files([tmp_path / "bad.txt"], tmp_path / "s", "metaqa", B)
    (tmp_path / "bad.nt").write_text("<http://x/a> <http://x/p> .\n")
    with pytest.raises(InputError, match="not valid nt"):
        load_files([tmp_path / "bad.nt"], tmp_path / "s2", "auto", B)
    with pytest.raises(InputError, match="no such file"):
        load_files([tmp_path / "missing.nt"], tmp_path / "s3", "auto", B)
