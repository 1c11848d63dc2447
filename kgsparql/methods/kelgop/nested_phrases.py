"""The nested phrases of a composition question: "the director of X", "X's films", "what kinds of ...",
"... share actors with X", a noun with a clause that ends in the topic ("the country that contains
X"). English phrasing only, never a KG's relations: which relations a phrase names is read from the
KG's vocabulary by the planner (``composition.Composer``)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from .lexicon import WORD, tidy
from .where_clause import where_clause

__all__ = ["Composition", "compositions", "nested", "bridge_phrases"]

_I = re.IGNORECASE
# where a name written after its kind ends ("the film X", then a stop or the question's own question word)
_PHRASE_END = r"[\s\"”]*(?:[,;?.!]|$|(?:what|which|who|whom|whose|where|when|how)\b)"


@dataclass(frozen=True)
class Composition:
    inner: str          # the sub-question about the topic ("the director of X")
    outer: str          # the rest, the inner phrase replaced by the mask ("which films did X make")
    kind: str = "of"    # "of" (a noun of X), "kinds" (what kinds of ...), "share" (... share N with X),
                        # "clause" (the noun who/that/with ... X: "the country that contains X"),
                        # "checked" (a noun of X whose words name no second relation: both halves checked, composition.py)

    @property
    def other(self) -> bool:
        """The outer question asks for *other* things than the topic ("what else", "which other")."""
        return bool(_OTHER.search(self.outer))


def compositions(masked: str, mask: str = "X") -> list[Composition]:
    """Nested phrases around the masked topic: "the <noun> of X", "X's <noun>", "what kinds of <...>",
    "<...> share <noun> with X", and, when none of these, a noun with a clause that ends in X ("the
    person who attended X", "the country with X"). Only when the outer question keeps a content word
    of its own."""
    out = []
    m = re.search(rf"\b(the (?:{WORD} ){{0,2}}?{WORD}) (?:of|for|from|in|behind) ((?:the|a|an) {WORD} )?{mask}\b",
                  masked, _I)
    if m and m.group(2) and not re.match(_PHRASE_END, masked[m.end():], _I) \
            and not re.search(r"\b(?:do|does|did)\b", masked[: m.start()], _I):
        m = None    # "the capital of the country X comes from": X opens a clause, it is not named by its
                    # kind; after "does" the verb is the question's own ("what stadium does the champion
                    # of the tournament X play at"), and a question word starts the question's own clause
    if m:       # "the subject of the film X": the kind of X written before it stays with it
        out.append(Composition(f"{m.group(1)} of {m.group(2) or ''}{mask}", _replace(masked, m)))
    m = re.search(rf"\b{mask}'s ((?:{WORD} ){{0,1}}{WORD})", masked, _I)
    if m:
        out.append(Composition(f"the {m.group(1)} of {mask}", _replace(masked, m)))
    m = re.search(r"\b(kinds?|types?|sorts?) of\s+(?!the\b|a\b|an\b|" + mask + r"\b)", masked, _I)
    if m:
        out.append(Composition(tidy("which " + masked[m.end():]), f"what {m.group(1).lower()} is {mask}", "kinds"))
    m = re.search(rf"\bshares? (?:the same |any |some |common )?({WORD}) (?:with|as) {mask}\b", masked, _I)
    if m:
        out.append(Composition(f"the {m.group(1)} of {mask}", _replace(masked, m, f"have {mask}"), "share"))
    m = None if m else re.search(rf"\bthe same ((?:{WORD} ){{0,1}}{WORD}) (?:as|that) {mask}\b(?: (?:did|does|do|has|had|used))?",
                                 masked, _I)
    if m:       # "which missions used the same rocket as X": the rocket of X, then what else used it
        out.append(Composition(f"the {m.group(1)} of {mask}", _replace(masked, m), "share"))
    where = None if out else where_clause(masked, mask)
    if where is not None:
        out.append(where)
    m = re.search(rf"\b(?:the|a|an) (?:{WORD} ){{0,2}}?{WORD} (?:(?:who|that|which|whose(?:'s)?|where) "
                  rf"(?:{WORD} ){{1,5}}?|with (?:{WORD} ){{0,4}}?)[\"“]?{mask}\b[\"”]?", masked, _I)
    if m and not out:
        out.append(Composition(m.group(0), _replace(masked, m), "clause"))
        end = _clause_end(masked, m)
        if end > m.end():       # the other reading, tried when the first gives no answer
            out.append(Composition(tidy(masked[m.start():end]), tidy(masked[: m.start()] + mask + masked[end:]),
                                   "clause"))
    return [c for c in out if _has_content(c.outer, mask)]


def _clause_end(masked: str, m: re.Match) -> int:
    """Where a clause ending in the topic may also end: past the topic, when the question's auxiliary
    comes before it and more than one word follows the topic, the last word being the rest's own verb
    and the words before it the clause's ("where *does* the team that won the X *championship*
    *play*", "which films *did* the actors that X *worked with* *direct*")."""
    if not re.search(r"\b(?:do|does|did)\b", masked[: m.start()], _I):
        return m.end()
    tail = re.match(rf"((?: [\w\-]+)+?) {WORD}(?=\s*(?:[,;?.!]|$))", masked[m.end():])
    return m.end() + tail.end(1) if tail else m.end()


# a noun that something next to the topic is, the question asking something else of it: "the team
# head coached by X", "the speaker on X", "a participant of the X", "the actor from X"
_DESCRIBED = (rf"\b(?:the|a|an) (?:{WORD} ){{0,2}}?{WORD} (?:(?:{WORD} )?{WORD}ed by|of|from|on|for|in|at|about|behind)"
              rf" (?:the |a |an )?[\"“]?MASK\b[\"”]?")
_ASKING = re.compile(r"^(?:what|which|who|whom|whose|where|when|how|name|called|list|tell|give|me|is|are|was|were|"
                     r"do|does|did|has|have|had|the|a|an|of|in|s|X|\W)*$", _I)
_IS_ANSWER = re.compile(r"(?:^\W*(?:in |of |for |from |at )?(?:what|which|who|whom)(?:'s|’s| is| are| was| were| s)?"
                        r"(?: the (?:name|title) of)?|\b(?:that|who|which)(?:'s|’s| is| are| was| were| s))\s*$", _I)


def bridge_phrases(masked: str, mask: str = "X") -> list[Composition]:
    """The phrases that may name the bridge of a one-hop answer (``bridge.past_bridge``): a clause
    composition, else a noun described by a reduced clause or a preposition ending in the topic ("where
    does *the team head coached by X* play"), when the rest still asks something of its own (not
    "who was the speaker on X"). Read only past an answer, never to plan one: a reduced clause is
    how MetaQA's own two-hop templates are written, where the chain prior knows the chain. A phrase
    the question's own words say the answer is ("what is the title of *the movie that X directed*",
    "what country that is *a trading partner of X*") names no bridge."""
    found = [c for c in compositions(masked, mask) if c.kind == "clause"]
    m = None if found else re.search(_DESCRIBED.replace("MASK", mask), masked, _I)
    if m is not None:
        outer = _replace(masked, m)
        found = [] if _ASKING.match(outer.replace(mask, " X ")) else [Composition(m.group(0), outer, "clause")]
    return [c for c in found if not _IS_ANSWER.search(masked[: masked.find(c.inner)] if c.inner in masked else "")]


def _replace(text: str, m: re.Match, by: str = "X") -> str:
    return tidy(text[: m.start()] + by + text[m.end():])


_OTHER = re.compile(r"\b(other|else|also|too|another|same|more)\b", _I)
_EMPTY = re.compile(r"^(?:who|what|which|name|list|tell me|give me|is|are|was|were|s|the|of|me|X|\W)*$", _I)


def _has_content(outer: str, mask: str) -> bool:
    return not _EMPTY.match(outer.replace(mask, " X "))


def nested(masked: str, mask: str = "X") -> bool:
    """Does the topic sit inside a phrase that describes something else: a composition above, a clause
    that ends in it past the question's first word ("... spoken where X is made", "the country where X
    is ..."), or "<nouns> of X" ("residents of X")? Then the question asks about that something."""
    if compositions(masked, mask):
        return True
    clause = re.search(rf"\S\s+(?:who|whom|whose|which|that|where)\s+(?:{WORD}\s+){{0,5}}?[\"“]?{mask}\b", masked, _I)
    return bool(clause or re.search(rf"\b[a-z]+s of (?:the )?[\"“]?{mask}\b", masked))
