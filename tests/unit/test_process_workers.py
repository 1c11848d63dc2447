"""What a worker process is given: the settings' fields, picklable (read-only tables become dicts),
rebuilt into equal settings; and which pool ``--pool auto`` picks."""
import pickle

from kgsparql.config import Settings
from kgsparql.eval.process_workers import _portable, choose_pool


def test_settings_with_tables_cross_to_a_worker_process_unchanged():
    settings = Settings(store="/tmp/s", plugins={"frag": {"top_paths": 8}},
                        tables={"methods": {"frag": {"top_paths": 8}}})
    rebuilt = Settings(**pickle.loads(pickle.dumps(_portable(settings))))
    assert rebuilt == settings and rebuilt.plugin("frag")["top_paths"] == 8
    assert rebuilt.table("method", "frag") == {"top_paths": 8}


def test_auto_picks_processes_for_a_store_and_threads_for_an_endpoint():
    assert choose_pool("auto", 2, None) == "processes"
    assert choose_pool("auto", 2, "http://127.0.0.1:1/sparql") == "threads"
    assert choose_pool("processes", 1, None) == "threads"      # one worker runs in the caller
    assert choose_pool("threads", 4, None) == "threads"
