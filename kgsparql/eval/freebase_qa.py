"""WebQSP and CWQ (Freebase) over a Freebase-shaped KB built from their evidence (``freebase_kb``).

Files: ``<data>/webqsp/webqsp_test.jsonl`` and ``<data>/cwq/cwq_test.jsonl`` (their SOURCE.md). Only
the test files are there: ``dev`` (= ``tune``) is a stable 30 % share of a file chosen by id hash
(``sha256("kgsparql-split-v1:<dataset>:<id>")`` below 0.3 of the hash range), ``test`` the other
70 %; there is no ``train``. One KB per dataset (the evidence of every question of the file), stored
as ``webqsp`` / ``cwq`` under ``<home>/stores``.

Gold: WebQSP answer names and mids; CWQ ``answer_name`` and the answer mids (a literal answer such as
``financier`` counts as a name). ``answerable`` says whether some gold answer is in the KB at all.
``topic_iris``: the WebQSP topic mid, the CWQ topic entities (``--gold-topic``). ``qtype``: CWQ's
compositionality_type. Item ids are the datasets' own (``WebQTest-0``)."""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from ..errors import InputError
from .freebase_kb import FreebaseKB, is_mid, mid_iri, read_jsonl
from .items import Item, Part, file_split
from .kb import KBSource

__all__ = ["load_webqsp", "load_cwq", "in_dev", "FILES", "DEV_SHARE"]

FILES = {"webqsp": "webqsp_test.jsonl", "cwq": "cwq_test.jsonl"}
DEV_SHARE = 0.3
KB_VERSION = "freebase-kb-3"        # bump when freebase_kb writes a different KB from the same files
_SALT = "kgsparql-split-v1"


def in_dev(dataset: str, item_id: str) -> bool:
    digest = hashlib.sha256(f"{_SALT}:{dataset}:{item_id}".encode()).hexdigest()
    return int(digest[:8], 16) < DEV_SHARE * 0x100000000


def _path(data_dir: Path, name: str) -> Path:
    return Path(data_dir) / name / FILES[name]


@lru_cache(maxsize=4)
def _kb(data_dir: Path, name: str, stamp: tuple) -> tuple[list[dict], FreebaseKB]:
    """The question rows of ``name`` and its KB (cached while the files are unchanged: ``stamp``)."""
    rows = {n: read_jsonl(_path(data_dir, n)) if _path(data_dir, n).is_file() else [] for n in FILES}
    return rows[name], FreebaseKB.build(rows[name], rows["webqsp"], rows["cwq"])


def _stamp(data_dir: Path) -> tuple:
    return tuple((p.stat().st_mtime_ns, p.stat().st_size) if p.is_file() else None
                 for p in (_path(data_dir, n) for n in FILES))


def _source(data_dir: Path, name: str) -> KBSource:
    other = [_path(data_dir, n) for n in FILES if n != name]
    return KBSource(name, _path(data_dir, name), "nt",
                    derive=lambda out: _kb(data_dir, name, _stamp(data_dir))[1].write_ntriples(out),
                    inputs=tuple(other), version=KB_VERSION)


def _webqsp_item(row: dict, kb: FreebaseKB) -> Item:
    names, mids = list(row.get("answers") or []), list(row.get("answer_mids") or [])
    topic = row.get("topic_entity_mid")
    return Item(row["id"], row["question"], names, None, None, topic,
                answer_iris=tuple(mid_iri(m) for m in mids if is_mid(m)),
                topic_iris=(mid_iri(topic),) if topic else (), answerable=kb.holds(names, mids))


def _cwq_item(row: dict, kb: FreebaseKB) -> Item:
    mids = [m for m in row.get("answer_mids") or [] if is_mid(m)]
    names = [row["answer_name"]] if row.get("answer_name") else []
    names += [a for a in row.get("answer_mids") or [] if not is_mid(a) and a not in names]   # literal answers
    topics = row.get("topic_entity") or {}
    return Item(row["id"], row["question"], names, None, row.get("compositionality_type"),
                "|".join(topics.values()) or None, answer_iris=tuple(mid_iri(m) for m in mids),
                topic_iris=tuple(mid_iri(m) for m in topics), answerable=kb.holds(names, mids))


def _load(name: str, data_dir: Path, split: str, hops: set[int] | None) -> list[Part]:
    if hops:
        raise InputError(f"{name} questions have no hop count: drop --hops")
    if split == "train":
        raise InputError(f"{name} has no train split: dev is a seeded 30 % share of its test file, test the rest")
    data_dir = Path(data_dir).resolve()
    rows, kb = _kb(data_dir, name, _stamp(data_dir))
    make = _webqsp_item if name == "webqsp" else _cwq_item
    want_dev = file_split(split) == "dev"
    items = []
    for no, row in enumerate(rows, 1):
        if not isinstance(row, dict) or not isinstance(row.get("id"), str) or not row.get("question"):
            raise InputError(f"{_path(data_dir, name)}:{no}: not a {name} question (needs id and question)")
        if in_dev(name, row["id"]) == want_dev:
            items.append(make(row, kb))
    return [Part(name, _source(data_dir, name), items)]


def load_webqsp(data_dir: Path, split: str, variant: str, hops: set[int] | None) -> list[Part]:
    return _load("webqsp", data_dir, split, hops)


def load_cwq(data_dir: Path, split: str, variant: str, hops: set[int] | None) -> list[Part]:
    return _load("cwq", data_dir, split, hops)
