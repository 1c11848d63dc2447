"""Candidate readings of a question: spans of tokens matched to entity labels, through the local
label index (exact key, loose key, BM25 fallback) or, without an index, through ``adapter.lookup``'s
template on a bounded set of n-grams sent in batches."""
from __future__ import annotations

from dataclasses import dataclass

from ..types import IRI, Entity
from .index import LabelIndex
from .text import Token, content_words, is_content, key_of, loose_key

__all__ = ["Reading", "base_forms", "index_readings", "fuzzy_readings", "lookup_readings", "LOOSE", "TRIMMED", "FUZZY"]

EXACT, LOOSE, TRIMMED, FUZZY = 1.0, 0.8, 0.7, 0.6   # match tiers (FUZZY is scaled by label-word coverage)
MAX_TRIM, MIN_STEM = 4, 4
# English plural and demonym/adjective endings (a name's derived forms, not any dataset's words)
ENDINGS = frozenset({"s", "es", "n", "ns", "an", "ans", "ian", "ians", "ic", "ish", "ese", "i", "is"})


@dataclass(frozen=True, slots=True)
class Reading:
    """Tokens ``i:j`` of the question read as ``entity`` (whose label matched) with tier ``tier``."""

    i: int
    j: int
    entity: Entity
    tier: float


def _entity(iri: str, label: str) -> Entity:
    return Entity(IRI(iri), label)


def index_readings(index: LabelIndex, toks: list[Token], lo: int = 0,
                   hi: int | None = None) -> list[Reading]:
    """Every token span in ``lo:hi`` whose key (else loose key, else ``_trimmed`` key) is a label."""
    hi = len(toks) if hi is None else hi
    folded = [t.text.casefold() for t in toks]
    out: list[Reading] = []
    for i in range(lo, hi):
        for j in range(i + 1, min(hi, i + index.max_tokens) + 1):
            ids = index.exact(" ".join(folded[i:j]))
            tier = EXACT
            if not ids and toks[i].text.isalnum() and toks[j - 1].text.isalnum():
                ids, tier = index.loosely(loose_key(" ".join(folded[i:j]))), LOOSE
            if not ids and toks[j - 1].text.isalpha():
                ids, tier = _trimmed(index, folded[i:j]), TRIMMED
            out.extend(Reading(i, j, _entity(*index.entries[k]), tier) for k in ids)
    return out


def _trimmed(index: LabelIndex, words: list[str]) -> list[int]:
    """Labels that the span names with a derived last word (``brazilians``, ``islamic``, ``vaders``
    for *Brazil*, *Islam*, *Vader*): the first of the last word's ``base_forms`` that, with the
    span's other words, is a loose key."""
    for stem in base_forms(words[-1]):
        ids = index.loosely(loose_key(" ".join(words[:-1] + [stem])))
        if ids:
            return ids
    return []


def base_forms(word: str) -> list[str]:
    """The forms a (lower-case) derived word may come from, shortest cut first: the word without one
    of the ``ENDINGS`` (at most ``MAX_TRIM`` letters, keeping at least ``MIN_STEM``), each cut also
    with the final ``y`` English spells as ``i`` or drops before the ending (``_y_forms``:
    ``italians`` for *Italy*, ``germans`` for *Germany*)."""
    out: list[str] = []
    for cut in range(1, min(MAX_TRIM, len(word) - MIN_STEM) + 1):
        if word[-cut:] in ENDINGS:
            out += [word[:-cut], *_y_forms(word[:-cut], word[-cut:])]
    return list(dict.fromkeys(out))


def _y_forms(stem: str, ending: str) -> tuple[str, ...]:
    """A name ending in ``y`` before a derivational ending: ``-y`` becomes ``-i`` (*Italy*, *Italian*;
    *Hungary*, *Hungarian*), and a name in ``-any`` drops its ``y`` (*Germany*, *German*). Only the
    adjective endings (``an``, ``ian`` and their plurals) derive so; a plural ``s`` does not."""
    if ending not in ("n", "ns", "an", "ans", "ian", "ians"):
        return ()
    whole = stem + ending.rstrip("s")
    forms = [stem[:-1] + "y"] if stem.endswith("i") and len(stem) > MIN_STEM else []
    return (*forms, whole + "y") if whole.endswith("an") else tuple(forms)


def fuzzy_readings(index: LabelIndex, toks: list[Token], lo: int = 0, hi: int | None = None,
                   limit: int = 10) -> list[Reading]:
    """BM25 over labels for the content words of ``lo:hi``; each hit is read on the shortest span
    holding the label words found, its tier scaled by the share of the label's words found, rare
    words counting more (``LabelIndex.specificity``)."""
    hi = len(toks) if hi is None else hi
    span = toks[lo:hi]
    words = [loose_key(t.text) for t in span]
    out: list[Reading] = []
    for k, _score in index.fuzzy(content_words([t.text for t in span]), limit=limit):
        label_words = set(index.loose[k].split())
        hits = [n for n, w in enumerate(words) if w and w in label_words]
        if not hits or not label_words:
            continue
        # the share of the label's words found, each word weighted by how rare it is among labels:
        # "beethoven" covers most of "Ludwig van Beethoven", "music" little of "Swing music"
        found = {words[n] for n in hits}
        weight = {w: index.specificity(w) for w in label_words}
        coverage = sum(weight[w] for w in found if w in weight) / (sum(weight.values()) or 1.0)
        entity = _entity(*index.entries[k])
        out.append(Reading(lo + hits[0], lo + hits[-1] + 1, entity, FUZZY * coverage * _distinct(index, found)))
    return out


def _distinct(index: LabelIndex, found: set[str]) -> float:
    """How much the question's words found in a label single it out, in (0, 1]: the specificity of
    the rarest of them against that of a word only one label holds. "beethoven" (one label) names
    *Ludwig van Beethoven*; "music", which a few dozen labels hold, hardly names *Rock music*."""
    top = index.specificity_of_unique()
    return max((index.specificity(w) for w in found), default=0.0) / top if top > 0 else 1.0


def _lookup_spans(toks: list[Token], max_tokens: int, budget: int) -> list[tuple[int, int]]:
    """Spans worth a lookup: start and end on a content word; capitalised/numeric and longer first."""
    spans = [(i, j) for i in range(len(toks)) for j in range(i + 1, min(len(toks), i + max_tokens) + 1)
             if is_content(toks[i].text) and is_content(toks[j - 1].text)]

    def priority(span: tuple[int, int]) -> tuple:
        marked = any(c.isupper() or c.isdigit() for t in toks[span[0]:span[1]] for c in t.text)
        return (-int(marked), -(span[1] - span[0]), span[0])

    return sorted(spans, key=priority)[:budget]


def lookup_readings(adapter, toks: list[Token], text: str, max_tokens: int = 6, budget: int = 40,
                    batch: int = 10) -> list[Reading]:
    """Readings found by ``adapter``'s lookup template, ``batch`` spans' spellings per query."""
    spans = _lookup_spans(toks, max_tokens, budget)
    by_key: dict[str, list[tuple[int, int]]] = {}
    for i, j in spans:
        by_key.setdefault(key_of([t.text for t in toks[i:j]]), []).append((i, j))
    out: list[Reading] = []
    for n in range(0, len(spans), batch):
        chunk = spans[n:n + batch]
        names = [text[toks[i].start:toks[j - 1].end] for i, j in chunk]
        if hasattr(adapter, "run") and hasattr(adapter, "label_forms"):
            forms = [f for name in names for f in adapter.label_forms(name)]
            rows = adapter.run("lookup", {"label": list(dict.fromkeys(forms))}, limit=20 * len(chunk))
            found = [(row["e"], row["label"].value, (row.get("name") or row["label"]).value) for row in rows]
        else:
            found = [(e.term, name, e.name) for name in names for e in adapter.lookup(name)]
        for term, matched, name in found:
            for i, j in by_key.get(key_of(matched), ()):
                out.append(Reading(i, j, Entity(term, name), EXACT))
    return list(dict.fromkeys(out))
