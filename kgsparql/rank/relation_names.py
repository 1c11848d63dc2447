"""The names a relation label goes by, for the ``alignment`` ranker: its own words and the KG's
aliases for it (Wikidata's "cast member" is also "actor"), learned from the layer above, lazily
where reading them means scanning the KG's vocabulary, and a passive label's agent noun (``designed
by`` is also "designer"); and the KG's domain words, which modify the names of several relations and
head none ("film" in ``film genre`` and ``film director``)."""
from __future__ import annotations

from .path_words import names_label
from .word_forms import agent_noun

__all__ = ["RelationNames"]


class RelationNames:
    """label -> its names (``of``), learned with ``learn`` (a mapping, or a callable returning one,
    called on first use); ``domain_word(word)`` over the whole vocabulary learned."""

    def __init__(self):
        self._names: dict[str, tuple[str, ...]] = {}
        self._sources: list = []
        self._domains: dict[str, bool] = {}

    def learn(self, names) -> None:
        """More names for relation labels: label -> names, or a callable returning that."""
        if callable(names):
            self._sources.append(names)
            return
        for label, more in names.items():
            self._names[label] = tuple(dict.fromkeys([label, *self._names.get(label, ()), *more]))
        self._domains.clear()       # read against the vocabulary as it is now

    @property
    def all(self) -> dict[str, tuple[str, ...]]:
        """Every label learned with its names (reading the pending sources first)."""
        while self._sources:
            self.learn(self._sources.pop(0)())
        return self._names

    def of(self, label: str) -> tuple[str, ...]:
        """The label's names: its aliases, or the label alone; and a passive label's agent noun
        (``designed by``: "designer", ``word_forms.agent_noun``)."""
        names = self.all.get(label, (label,))
        agent = agent_noun(label)
        return names if agent is None or agent in names else (*names, agent)

    def domain_word(self, word: str) -> bool:
        """Does ``word`` modify the names of several relations of the KG's whole vocabulary (aliases
        included) and head none? Then it is the KG's domain word even where a question's candidates
        hold only one of them ("films" and ``director``, whose alias is "film director")."""
        names = self.all
        if word not in self._domains:
            matched = [ns for ns in names.values() if any(names_label(word, n) for n in ns)]
            self._domains[word] = len(matched) > 1 and not any(names_label(word, n, True) for ns in matched for n in ns)
        return self._domains[word]
