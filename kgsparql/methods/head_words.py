"""A relation label read with its head word: "lead developer" is not "developer", and "director of
photography" is not "director". MiniLM and the aligner read a compound much as its head, so "who is
the lead developer of X" aligns with ``developer`` as well as with ``lead developer``, and "which
organisation develops X" with both too. The words themselves tell them apart:

- the question names every word of a **narrower** label of the KG (``lead developer``) that holds
  every word of the chain's (``developer``): it asks for the narrower relation;
- the chain's label holds a word the question does not use (``lead``), and the rest of it is a
  **broader** label of the KG (``developer``) the question names in full: it asks for the broader one.
  Only for a chain of one hop: in a longer chain the noun names the kind of thing a hop reaches ("the
  capital of the *country* X comes from" along ``origin country ; capital``), not another relation.

Words are compared by their stems (``rank.base.stems``), function words left out. Only the KG's own
labels are read; no relation of any KG is named here."""
from __future__ import annotations

from typing import Iterable, Sequence

from ..meaning import without_direction
from ..rank.base import stems

__all__ = ["head_word_rival"]


def head_word_rival(question: str, hops: Sequence[str], labels: Iterable[str]) -> str | None:
    """The KG label (of ``labels``) the question names instead of one of the chain's ``hops`` because
    that label is narrower or broader than the hop by words the question does or does not use; None
    when there is none. ``question``: the masked question; ``hops``: the chain's labels, hop order."""
    asked = stems(question)
    own = {without_direction(h) for h in hops}
    one_hop = len(hops) == 1
    others = {label: stems(label) for label in {without_direction(x) for x in labels} - own}
    for hop in own:
        words = stems(hop)
        if not words:
            continue
        for label, theirs in sorted(others.items()):
            if not theirs or not theirs <= asked:
                continue
            narrower = words < theirs
            broader = one_hop and theirs < words and not (words - theirs) & asked
            if narrower or broader:
                return label
    return None
