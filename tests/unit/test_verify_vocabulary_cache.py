"""The KG vocabulary a claim is read against belongs to the adapter it was read from: an entry left by
an adapter that is gone is not handed to a later adapter that was given the same address."""
import gc
import types
import weakref

from kgsparql.loaded_models import Models
from kgsparql.verify.kg_vocabulary import vocabulary
from kgtest import lines_adapter


class _Gone:
    pass


def test_an_entry_of_a_dead_adapter_at_the_same_address_is_read_again():
    adapter = lines_adapter(["Inception|directed by|Christopher Nolan"])
    models = Models()
    gone = _Gone()
    dead = weakref.ref(gone)
    del gone
    gc.collect()
    models.load(("claim-vocabulary", adapter.name, id(adapter)), lambda: (dead, ["stale relation"]))
    read = vocabulary(types.SimpleNamespace(adapter=adapter, models=models))
    assert "stale relation" not in read
    assert "directed by" in read


def test_the_same_adapter_reads_its_vocabulary_once():
    adapter = lines_adapter(["Inception|directed by|Christopher Nolan"])
    ctx = types.SimpleNamespace(adapter=adapter, models=Models())
    first = vocabulary(ctx)
    assert vocabulary(ctx) is first
