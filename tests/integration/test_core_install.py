"""A plain ``pip install kgsparql`` (no ``embed`` extra): the encoder falls back to the lexical
backend, the demo questions are still answered, and stderr says once how to get better ranking.
The missing extra is simulated by hiding onnxruntime from the import system; everything else (the
demo store, linking, FRAG, KELGoP) is the real thing."""
import importlib.util

import pytest

from kgsparql import Asker
from kgsparql.config import Settings
from kgsparql.errors import PluginError
from kgsparql.rank import lexical
from kgsparql.rank.embedding import EmbeddingRanker
from kgsparql.rank.base import RankerContext


@pytest.fixture
def no_embed_extra(monkeypatch, tmp_path):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *args: None if name == "onnxruntime" else real(name, *args))
    monkeypatch.setattr(lexical, "_noted", False)
    monkeypatch.setenv("KGSPARQL_HOME", str(tmp_path / "home"))


def test_the_demo_questions_are_answered_without_embeddings(no_embed_extra, capsys):
    with Asker(Settings.load(flags={"llm": "none"})) as asker:
        first = asker.ask("Who directed Kismet?")
        second = asker.ask("which movies did the director of [Kismet] also direct")
        assert asker.method.ctx.encoder.lexical
    assert first.answers == ("William Dieterle",)
    assert {"The Life of Emile Zola", "The Story of Louis Pasteur"} <= set(second.answers)
    err = capsys.readouterr().err
    assert err.count("pip install 'kgsparql[embed]'") == 1 and "onnxruntime is not installed" in err


def test_lexical_vectors_measure_stem_overlap():
    a, b, c = lexical.lexical_vectors(["directed by", "who directed Kismet", "starred actors"])
    assert float(a @ b) > 0.5 and float(a @ c) == 0.0 and abs(float(a @ a) - 1.0) < 1e-6
    assert not lexical.lexical_vectors(["the of"]).any()                 # no content words


def test_a_chosen_backend_still_needs_its_packages(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *args: None if name == "sentence_transformers" else real(name, *args))
    ctx = RankerContext(name="embedding", options=EmbeddingRanker.Options(backend="sentence-transformers"))
    with pytest.raises(PluginError, match=r"pip install 'kgsparql\[embed\]'"):
        EmbeddingRanker(ctx)
