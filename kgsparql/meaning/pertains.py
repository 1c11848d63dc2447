"""The proper names an English word pertains to, by WordNet: "Mexican" -> Mexico, "Finnish" ->
Finland, "Scottish" -> Scotland. A demonym or adjective of a place written in a claim names that
place in another form, not a thing of its own. WordNet's pertainyms (adjective -> noun) and
derivational links of the word's senses give it; nothing is listed here, for any KG
(docs/meaning.md). Without ``nltk`` / ``wn`` (``lexicon.available``) a word pertains to nothing."""
from __future__ import annotations

from pathlib import Path

from .lexicon import _wordnet

__all__ = ["Pertains"]


class Pertains:
    """``pertains(word)``: the capitalised names the word pertains to, looked up once per word."""

    def __init__(self, home: Path | str):
        self.home = Path(home)
        self._seen: dict[str, tuple[str, ...]] = {}

    def __call__(self, word: str) -> tuple[str, ...]:
        key = word.strip().lower()
        if key not in self._seen:
            self._seen[key] = _proper_names(_wordnet(self.home), key) if key.isalpha() else ()
        return self._seen[key]


def _proper_names(wordnet, word: str) -> tuple[str, ...]:
    """The capitalised lemmas one pertainym or derivational link away from ``word``'s senses."""
    if wordnet is None:
        return ()
    found = set()
    for synset in wordnet.synsets(word):
        for lemma in synset.lemmas():
            for other in lemma.pertainyms() + lemma.derivationally_related_forms():
                name = other.name().replace("_", " ")
                if name[:1].isupper() and name.lower() != word:
                    found.add(name)
    return tuple(sorted(found))
