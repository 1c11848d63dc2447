"""The two readings of a clause's inner phrase. "The studio where X was recorded" is a noun and its clause:
read plainly, the clause's verb names the hop (``recorded by`` may reach the band); read as the
question it is, "*which studio* where X was recorded", FRAG's type fit also reads the noun and takes
the hop that reaches studios. Neither reading is right everywhere: as the only reading, "which country
where Rome is" was turned down by abstention where the plain one reached *Italy*. So both are asked,
and the one whose answers fit the clause's noun (MiniLM cosine of the noun and the answers' own
names, ``frag/type_fit.noun_fits``) is followed first; the other stays as the fallback. English for the
noun, the KG's own names for the answers; no relation or type of any KG is named here."""
from __future__ import annotations

import re

from ..frag.type_fit import asked_noun, noun_fits
from .sub_questions import SubQuestion

__all__ = ["asked_reading", "clause_noun", "by_noun_fit"]

_ARTICLES = re.compile(r"^(?:(?:the|a|an)\s+)+", re.IGNORECASE)


def asked_reading(phrase: str) -> str:
    """A clause's inner phrase as the question it is: "the studio where X was recorded" -> "which studio
    where X was recorded". Not for "the N of X", whose noun names the hop itself ("the rocket of X" is
    its launch vehicle; read as "which rocket", MiniLM put *Mars* nearer to "rocket" than *Atlas V*)."""
    return _ARTICLES.sub("which ", phrase)


def clause_noun(phrase: str) -> str | None:
    """The noun a clause's inner phrase is about ("the recording *studio* where X ..." -> "recording
    studio"), or None when it has none ("where X was recorded")."""
    asked = asked_reading(phrase)
    return asked_noun(asked) if asked != phrase else None


def by_noun_fit(encoder, phrase: str, plain: SubQuestion, asked: SubQuestion, lead: float = 0.05,
                sample: int = 5) -> list[SubQuestion]:
    """The answered readings of ``phrase``, the one whose answers fit its noun first: the plain reading
    unless the asked one has answers and fits the noun by ``lead`` more (or the plain one has none)."""
    readings = [s for s in (plain, asked) if s.answers]
    if len(readings) < 2:
        return readings
    if set(plain.entities) == set(asked.entities):
        return [plain]
    noun = clause_noun(phrase)
    if noun is None or getattr(encoder, "lexical", False):
        return readings
    fits = noun_fits(encoder, noun, ("plain", "asked"), {"plain": plain.entities, "asked": asked.entities}, sample)
    return [asked, plain] if fits.get("asked", 0.0) >= fits.get("plain", 0.0) + lead else readings
