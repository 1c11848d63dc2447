"""A composition that walks past what the question asks for. "What is a major *religion* where X is a
founder" reads a place ("where X is a founder", then "what is a major religion in [#1]"), but the
inner hop already reaches religions (X -> *Buddhism*): the rest walks on to a country. When the
inner answers fit the noun the question asks for clearly better than the outer answers do (MiniLM
cosine of the noun and the answers' own names, as ``frag/type_fit.py`` reads a chain's ends), the
inner answers are the answer. English for the noun, the KG's own names for the answers; no relation
or type of any KG is named here."""
from __future__ import annotations

from ..frag.type_fit import asked_noun, noun_fits
from .sub_questions import SubQuestion

__all__ = ["bridge_is_asked"]


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
