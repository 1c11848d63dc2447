"""A user's own questions (``kgsparql eval FILE.jsonl --store S``): one JSON object per line,
``{"id", "question", "answers": [names], "answer_iris": [IRIs]?}``, asked against the user's KG.

A line that is not such an object becomes an item with its ``error`` (``FILE:N: what is wrong``),
recorded as an error row without asking; its id is the line's ``id`` when it has a usable one, else
``line-N``. A file with no usable line at all is an ``InputError``."""
from __future__ import annotations

import json
from pathlib import Path

from ..errors import InputError
from .items import Item

__all__ = ["load_user_questions"]


def _strings(value, field: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ValueError(f"{field} must be a list of non-empty strings")
    return value


def _item(obj, no: int) -> Item:
    if not isinstance(obj, dict):
        raise ValueError("not a JSON object")
    if not isinstance(obj.get("id"), (str, int)) or isinstance(obj.get("id"), bool) or str(obj["id"]) == "":
        raise ValueError("needs an id (a string or number)")
    if not isinstance(obj.get("question"), str) or not obj["question"].strip():
        raise ValueError("needs a question (a non-empty string)")
    answers = _strings(obj.get("answers"), "answers")
    if not answers:
        raise ValueError("answers is empty")
    iris = _strings(obj.get("answer_iris", []), "answer_iris")
    return Item(str(obj["id"]), obj["question"].strip(), answers, answer_iris=tuple(iris))


def _bad(obj, no: int, message: str, seen: set[str]) -> tuple[Item, str]:
    qid = str(obj.get("id")) if isinstance(obj, dict) and isinstance(obj.get("id"), (str, int)) else ""
    qid = qid if qid and qid not in seen else f"line-{no}"
    question = obj.get("question") if isinstance(obj, dict) and isinstance(obj.get("question"), str) else ""
    return Item(qid, question, []), message


def load_user_questions(path: str | Path) -> tuple[list[Item], list[tuple[Item, str]]]:
    """``(items, bad)``: the usable questions in file order, and each unusable line as (item, error)."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise InputError(f"no such questions file: {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read {path}: {exc}") from None
    items, bad, seen = [], [], set()
    for no, line in enumerate(lines, 1):
        if not line.strip():
            continue
        obj = None
        try:
            obj = json.loads(line)
            item = _item(obj, no)
            if item.id in seen:
                raise ValueError(f"id {item.id!r} repeats an earlier line")
        except ValueError as exc:
            bad.append(_bad(obj, no, f"{path}:{no}: {exc if obj is not None else 'not valid JSON'}", seen))
            seen.add(bad[-1][0].id)
            continue
        seen.add(item.id)
        items.append(item)
    if not items:
        raise InputError(f"{path}: no usable question (each line: {{\"id\", \"question\", \"answers\": [...]}})")
    return items, bad
