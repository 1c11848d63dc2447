"""A name the claim gives beside two or more linked entities that the KG does not hold ("Michele
Marcolini played for Tokat Plevne Belediyesi and manages A.C. Lumezzane"). In a closed world (a KG
whose recorded things are taken as complete, as FactKG reads DBpedia) the claim then states a link to
something that is not there: a contradicted part. An open KG may simply not know the name, so there
it says nothing.

A capitalised word the linker leaves is not always such a thing; these are not (English writing, no
KG's vocabulary):

- an abbreviation of one or two letters ("TV series", "Bayonne, NJ", "Dr.");
- a word written right beside a linked mention, with only a space between: the linker took a part of
  that name and left the rest ("AC Lumezzane" linked by "Lumezzane", "Icebreaker Aleksey Chirikov");
- a name whose words are all words of a linked entity's name or mention ("FC Bari" beside *F.C. Bari
  1908*, "Carter's" beside *Brandon Carter*);
- a common word of the language opening the claim ("Interestingly Hans Eschke ...");
- a name the KG holds in another form (``verify.name_forms``: "FC Bari 1908" for *F.C. Bari 1908*),
  which the linker missed;
- a word that pertains to a name the KG holds, by WordNet ("Mexican" beside *Mexico*, "Finnish" of
  *Finland*; ``kgsparql.meaning.pertains``): it names that place as an adjective or demonym
  (``pertains_to_held``; ``verify.assess`` drops such words from the unlinked names altogether).

Nor is a name in a claim whose subject is a personal pronoun ("It's called Turk Sehitleri Aniti in
Baku, Azerbaijan", "He played for X and now plays for Y in Syria"): the name may be the unnamed
subject's own, or a thing it is linked to, which the linked entities need not hold."""
from __future__ import annotations

import re
import unicodedata

from .linked import Mentioned
from .name_forms import held_in_form
from .result import CONTRADICTED, SubClaim

__all__ = ["absent_names", "absent_parts", "pertains_to_held"]

_POSSESSIVE = re.compile(r"['’]s?$")
_WORD = re.compile(r"\w+")
_PRONOUN_SUBJECT = re.compile(r"^\W*(?:it|he|she|they)\b", re.I)


def _words(text: str) -> str:
    """Lower-case words without diacritics or dots ("F.C." = "FC", "Bütüner" = "butuner")."""
    plain = unicodedata.normalize("NFKD", text.lower().replace(".", ""))
    return " ".join(_WORD.findall("".join(ch for ch in plain if not unicodedata.combining(ch))))


def absent_names(text: str, names: list[str], mentioned: list[Mentioned], common: frozenset[str] = frozenset(),
                 body: str = "", index=None, pronoun_subject: bool = False) -> list[str]:
    """The ``names`` (unlinked, not values of the linked entities' facts) that name a thing the KG
    lacks rather than a part of a linked name, an abbreviation, an opening word or a label of the
    KG's label ``index`` in another form; none when the claim's ``body`` (its framing blanked) opens
    with a personal pronoun, unless ``pronoun_subject`` (the caller reads the names against the
    unnamed subject's own facts, ``verify.unnamed.through_unnamed``)."""
    if not pronoun_subject and _PRONOUN_SUBJECT.match(body or text):
        return []
    known = set()
    for m in mentioned:
        known |= set(_words(m.entity.name).split()) | set(_words(m.text).split())
    out = []
    for name in dict.fromkeys(names):
        bare = _POSSESSIVE.sub("", name)
        words = _words(bare).split()
        if len(re.sub(r"\W", "", bare)) <= 2 or not words or set(words) <= known:
            continue
        if _beside_mention(text, bare, mentioned) or _opening_word(text, bare, common):
            continue
        if held_in_form(index, text, bare):
            continue
        out.append(name)
    return out


def absent_parts(names: list[str], mentioned: list[Mentioned]) -> list[SubClaim]:
    """One contradicted part per absent name: the claim links the entities to a thing the KG lacks."""
    entities = tuple(m.entity for m in mentioned)
    return [SubClaim(f"{' / '.join(e.name for e in entities)} —linked to→ {name}", CONTRADICTED, (),
                     f"{name} is not in the KG", entities) for name in names]


def pertains_to_held(name: str, pertains, index, mentioned: list[Mentioned]) -> bool:
    """One word that pertains to a linked entity's name or to a label the KG's label ``index``
    holds ("Mexican" of *Mexico*): it names that thing, not one the KG lacks."""
    if pertains is None or " " in name:
        return False
    linked = {_words(m.entity.name) for m in mentioned}
    return any(_words(p) in linked or held_in_form(index, p, p) for p in pertains(name))


def _beside_mention(text: str, name: str, mentioned: list[Mentioned]) -> bool:
    for hit in re.finditer(re.escape(name), text):
        for m in mentioned:
            if m.end <= m.start:
                continue
            gap = text[hit.end():m.start] if hit.end() <= m.start else text[m.end:hit.start()] if m.end <= hit.start() else None
            if gap is not None and not gap.strip():
                return True
    return False


def _opening_word(text: str, name: str, common: frozenset[str]) -> bool:
    return " " not in name and name.lower() in common and text.lstrip(" \"'“").startswith(name)
