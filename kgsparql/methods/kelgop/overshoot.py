"""A composition that walks past what the question asks for. "What is a major *religion* where X is a
founder" reads a place ("where X is a founder", then "what is a major religion in [#1]"), but the
inner hop already reaches religions (X -> *Buddhism*): the rest walks on to a country. When the
inner answers fit the noun the question asks for clearly better than the outer answers do (MiniLM
cosine of the noun and the answers' own names, as ``frag/type_fit.py`` reads a chain's ends), the
inner answers are the answer. English for the noun, the KG's own names for the answers; no relation
or type of any KG is named here."""
from __future__ import annotations

import re

from ...linking.topics import MASK
from ...rank.base import tokenize
from ..frag.type_fit import asked_noun, noun_fits
from .sub_questions import SubQuestion

__all__ = ["bridge_is_asked", "agent_is_asked"]


def bridge_is_asked(encoder, outer_text: str, inner: SubQuestion, outer: SubQuestion, min_fit: float = 0.5,
                    lead: float = 0.1, sample: int = 5) -> bool:
    """Do ``inner``'s answers fit the noun ``outer_text`` asks for ("what is a major *religion* in X")
    at least ``min_fit`` and by ``lead`` more than ``outer``'s answers do?"""
    if getattr(encoder, "lexical", False) or not inner.entities or not outer.entities:
        return False
    noun = asked_noun(outer_text)
    if noun is None:
        return False
    fits = noun_fits(encoder, noun, ("inner", "outer"), {"inner": inner.entities, "outer": outer.entities}, sample)
    near, far = fits.get("inner", 0.0), fits.get("outer", 0.0)
    return near >= min_fit and near - far >= lead


# the rest only asks who did something to [#1]: "who wrote X", "who composed X?"
_WHO_DID = re.compile(rf"^\W*who (?:[a-z][\w\-]*) {MASK}\W*$", re.IGNORECASE)


def agent_is_asked(verbalize, inner_text: str, outer_text: str, inner: SubQuestion) -> bool:
    """"Who wrote *the libretto of X*": the KG says whose X's libretto is, ``libretto by`` (its relation
    is the noun and "by"), so the inner hop already reaches who made the noun; the rest ("who wrote
    [#1]") would ask it again of that person (and reach the librettist's own opera). Only where the
    relation's name is the inner phrase's noun followed by "by" (not "the *director* of X", an agent
    noun whose relation says ``directed by``: "who married the director of X" asks of the director)."""
    noun = re.match(rf"^\W*(?:the|a|an) ((?:[\w\-]+ ){{0,2}}?[\w\-]+) of (?:(?:the|a|an) [\w\-]+ )?{MASK}\W*$",
                    inner_text, re.IGNORECASE)
    if noun is None or not _WHO_DID.match(outer_text) or not inner.answers or len(inner.chain or ()) != 1:
        return False
    hop = inner.chain[0]
    words = tokenize(verbalize(hop))
    return not getattr(hop, "inverse", False) and words[-1:] == ["by"] and \
        [_stem(w) for w in words[:-1]] == [_stem(w) for w in tokenize(noun.group(1))]


def _stem(word: str) -> str:
    return word[:-1] if word.endswith("s") and len(word) > 3 else word
