"""Claim wording (negation, counts, date comparisons), the decision rules, and the parsers of the
verify prompts; a ScriptedLLM pins the RefKG control flow beside the real-model tests."""
from __future__ import annotations

import pytest

from kgsparql.errors import ParseError
from kgsparql.llm.scripted import ScriptedLLM
from kgsparql.verify import SubClaim, decide, explain, flip, read_claim
from kgsparql.rank.embedding import Encoder
from kgsparql.verify.unlinked import unlinked_names

COMMON = Encoder().words()         # the sentence encoder's whole-word vocabulary (no model is loaded)
from kgsparql.verify.result import CONTRADICTED, SUPPORTED, UNKNOWN
from kgsparql.prompts.verify.parsers import parse_decompose, parse_judge


@pytest.mark.parametrize("claim", [
    "Kismet was not directed by William Dieterle.", "Ang Lee didn't direct The Ice Storm.",
    "Greta Garbo never starred in Anna Christie.", "Tom Hanks had nothing to do with Kismet.",
    "It is not true that Wes Anderson directed Bottle Rocket.", "Rick Moody isn't the writer of Jaws.",
    "The Abyss wasn’t released in 1989.", "Neither Tom Hanks nor Meg Ryan starred in Jaws.",
    "Steven Spielberg had no hand in directing Havana.", "Kara Tointon was nowhere to be seen in Jaws.",
    "No film of Ang Lee came out in 1990.", "No but Kismet was not released in 1944."])
def test_negations_are_read(claim):
    assert read_claim(claim).negated


@pytest.mark.parametrize("claim", [
    "Kismet was directed by William Dieterle.", "Not only did Ang Lee direct it, he wrote it too.",
    "Notorious came out in 1946.", "Nothingness is a film.", "Brandon Carter is known for the No-hair theorem.",
    "Kirk Douglas starred in no more than 10 films.",
    # an opening "No" that answers, before "but" or a pronoun, denies nothing
    "No but Ang Lee directed The Ice Storm.", "No it was Sydney Pollack who directed Havana."])
def test_plain_claims_are_not_negated(claim):
    assert not read_claim(claim).negated


@pytest.mark.parametrize("claim, count", [
    ("Alfred Hitchcock directed more than 5 films.", (">", 5)),
    ("John Wayne acted in fewer than ten movies.", ("<", 10)),
    ("Billy Wilder wrote exactly 8 films.", ("=", 8)),
    ("Stephen King has writing credits on at least 7 movies.", (">=", 7)),
    ("Kirk Douglas starred in at most 10 films.", ("<=", 10)),
    ("Mean Girls has two writers.", ("=", 2)),
    ("The Cocoanuts had more than one director.", (">", 1)),
])
def test_counts_are_read(claim, count):
    form = read_claim(claim)
    assert form.count == count and form.date_op is None


@pytest.mark.parametrize("claim, op", [
    ("Kismet came out before Casablanca.", "<"), ("Jaws was released earlier than Alien.", "<"),
    ("Anna Christie is older than Bicycle Thieves.", "<"), ("Alien came out later than Jaws.", ">"),
    ("Mean Girls was released after 2000.", ">"), ("Heat is a more recent film than Alien.", ">"),
    ("Bicycle Thieves predates The Dunwich Horror.", "<")])
def test_date_comparisons_are_read(claim, op):
    form = read_claim(claim)
    assert form.date_op == op and form.count is None


def test_a_year_is_not_a_count():
    assert read_claim("The Ice Storm came out in 1997.").count is None


def test_a_number_opening_a_name_is_not_a_count():
    assert read_claim("11 Diagonal Street has 20 floors owned by Redefine Properties Limited.").count is None


def _part(status):
    return SubClaim("a —r→ b", status, (), f"because {status}")


@pytest.mark.parametrize("statuses, negated, verdict", [
    ([SUPPORTED], False, "true"), ([CONTRADICTED], False, "false"), ([UNKNOWN], False, "not_enough_info"),
    ([SUPPORTED], True, "false"), ([CONTRADICTED], True, "true"), ([UNKNOWN], True, "not_enough_info"),
    ([SUPPORTED, SUPPORTED], False, "true"), ([SUPPORTED, CONTRADICTED], False, "false"),
    ([SUPPORTED, UNKNOWN], False, "not_enough_info"), ([UNKNOWN, CONTRADICTED], False, "false"),
    ([], False, "not_enough_info"), ([], True, "not_enough_info")])
def test_decision_rules(statuses, negated, verdict):
    assert decide([_part(s) for s in statuses], negated) == verdict


def test_flip_and_explanation():
    assert flip("true") == "false" and flip("false") == "true" and flip("not_enough_info") == "not_enough_info"
    text = explain("false", [_part(SUPPORTED), _part(CONTRADICTED)], False)
    assert text.startswith("False") and "because contradicted" in text and "because supported" not in text
    assert explain("not_enough_info", [], False, "no entity").startswith("Not enough information: no entity")


def test_unlinked_names_skip_function_words_and_linked_mentions():
    assert unlinked_names("X was directed by Ridley Scott.") == ["Ridley Scott"]
    assert unlinked_names("Both X and X acted in X.", COMMON) == []
    assert unlinked_names("Do you know X? She had a child.") == []
    assert unlinked_names("Zorblax was written by X.", COMMON) == ["Zorblax"]
    assert unlinked_names("Is it true? Paris Hilton wrote X.", COMMON) == ["Paris Hilton"]
    # a common word opening the claim before a date is not a name: "Born" here
    assert unlinked_names("Born September 22nd, 1856, X, died on the July 3rd, 1941.", COMMON) == []


@pytest.mark.parametrize("reply, verdict", [
    ("true. Kismet was directed by William Dieterle.", "true"), ("False - the KG has another director", "false"),
    ("Verdict: not enough info. Nothing is known.", "not_enough_info"), ("Supported: yes", "true"),
    ("refuted, because ...", "false"), ("NOT_ENOUGH_INFO", "not_enough_info")])
def test_parse_judge(reply, verdict):
    assert parse_judge(reply)[0] == verdict


def test_parse_judge_explanation_is_one_sentence():
    assert parse_judge("false. Casablanca was directed by Michael Curtiz. Also more.")[1] == \
        "Casablanca was directed by Michael Curtiz."


@pytest.mark.parametrize("reply", ["", "I cannot say", "maybe"])
def test_parse_judge_refuses_replies_without_a_verdict(reply):
    with pytest.raises(ParseError):
        parse_judge(reply)


def test_parse_decompose():
    claim = "Kismet was directed by William Dieterle and starred Marlene Dietrich."
    assert parse_decompose("1. Kismet was directed by William Dieterle\n2. Kismet starred Marlene Dietrich",
                           claim=claim) == ["Kismet was directed by William Dieterle", "Kismet starred Marlene Dietrich"]
    assert parse_decompose("Kismet was directed by William Dieterle; Kismet starred Marlene Dietrich",
                           claim=claim) == ["Kismet was directed by William Dieterle", "Kismet starred Marlene Dietrich"]
    with pytest.raises(ParseError):
        parse_decompose("Bananas are yellow.", claim=claim)


@pytest.fixture(scope="module")
def demo_kg():
    from kgsparql.config import Settings
    from kgsparql.kg import KnowledgeGraph

    settings = Settings()
    with KnowledgeGraph.from_settings(settings) as kg:
        yield kg, settings


def _verifier(demo_kg, replies):
    from kgsparql.loaded_models import Models
    from kgsparql.verify import build_verifier

    kg, settings = demo_kg
    llm = ScriptedLLM.replying(replies)
    return build_verifier(kg, settings, llm=llm, models=Models()), llm


def test_refkg_with_a_scripted_llm_takes_the_joint_inference_verdict(demo_kg):
    verifier, _ = _verifier(demo_kg, ["Kismet was directed by William Dieterle",
                                      "false. The facts say otherwise."])
    result = verifier.verify("Kismet was directed by William Dieterle.")
    assert result.verdict == "false"                       # the model's verdict, not the rules'
    assert result.plan["rule_verdict"] == "true" and result.plan["decided_by"] == "llm"
    assert result.explanation == "The facts say otherwise."
    assert result.evidence and result.evidence[0][1] is True


def test_refkg_falls_back_to_the_rules_when_the_reply_does_not_parse(demo_kg):
    verifier, _ = _verifier(demo_kg, ["zzz", "I cannot say"])
    result = verifier.verify("Kismet was not directed by William Dieterle.")
    assert result.verdict == "false" and result.plan["decided_by"].startswith("rules")
    assert "Dieterle" in result.explanation


@pytest.mark.parametrize("claim", ["They have 5300 members.", "Arepa is one of the ingredients in Bandeja paisa.",
                                   "The runway is 2953.5 metres long."])
def test_measures_and_one_of_are_not_counts(claim):
    assert read_claim(claim).count is None


def test_a_bare_number_is_an_implicit_count():
    assert read_claim("Mean Girls has two writers.").implicit_count
    assert not read_claim("Billy Wilder wrote exactly 8 films.").implicit_count


def test_discourse_openers_are_not_names():
    assert unlinked_names("Well, X had a parent company.", COMMON) == []
    assert unlinked_names("Ever heard of X? He had an award!", COMMON) == []
    assert unlinked_names("Yep X is led by Y. Honestly X is big.", COMMON) == ["Y"]
    assert unlinked_names("He was born on May 2, 1908 and Somebody saw it.", COMMON) == []


@pytest.mark.parametrize("phrase, denies", [
    ("I don't think", True), ("I do not believe that", True), ("There's no truth to the idea that", True),
    ("It isn't true that", True), ("It is not the case that", True),
    ("Believe it or not,", False), ("I'm not sure, but", False), ("I have heard that", False), ("I think", False),
])
def test_a_negated_predicate_of_belief_or_truth_denies_the_statement(phrase, denies):
    from kgsparql.verify.claim import denied_belief

    assert denied_belief(phrase) is denies


@pytest.mark.parametrize("phrase, unreal_", [
    ("I wish that", True), ("If only", True), ("We pretended that", True), ("She dreamt that", True),
    ("I imagined that", True), ("It looked as if", True),
    ("I imagine that", False), ("I have heard that", False), ("I think", False), ("Only", False), ("If", False),
])
def test_framing_that_presents_the_statement_as_unreal(phrase, unreal_):
    from kgsparql.verify.claim import unreal

    assert unreal(phrase) is unreal_


def test_a_name_the_kg_lacks_is_false_beside_a_recorded_relation_only_in_a_closed_world(demo_kg):
    from kgsparql.eval.factkg import factkg_reading
    from kgsparql.loaded_models import Models
    from kgsparql.verify import build_verifier

    kg, settings = demo_kg
    claim = "Zorblax Quimby starred in Kismet."          # Kismet's actors are recorded; Zorblax is unknown
    open_world = build_verifier(kg, settings, llm=None, models=Models())
    assert open_world.verify(claim).verdict == "not_enough_info"    # an open KG may just not know him
    closed = build_verifier(kg, factkg_reading(settings), llm=None, models=Models())
    result = closed.verify(claim)
    assert result.verdict == "false"
    assert result.evidence and result.evidence[0][1] is False
    assert closed.verify("Zorblax Quimby did not star in Kismet.").verdict == "true"


def test_before_with_one_entity_and_no_year_is_checked_without_a_comparison(demo_kg):
    from kgsparql.loaded_models import Models
    from kgsparql.verify import build_verifier

    kg, settings = demo_kg
    verifier = build_verifier(kg, settings, llm=None, models=Models())
    result = verifier.verify("Kismet was released before the war.")     # one thing, no year to compare with
    assert result.verdict == "true", result.explanation


def test_a_negator_in_each_clause_denies_each_part():
    held, lacked = SubClaim("a", SUPPORTED, (), ""), SubClaim("b", CONTRADICTED, (), "")
    unknown = SubClaim("c", UNKNOWN, (), "")
    # "X was not born in Durango, and did not play for Y" where X played for Y: false
    assert decide([lacked, held], negated=True, each=True) == "false"
    assert decide([lacked, held], negated=True) == "true"       # one negation over the whole: not both
    assert decide([lacked, lacked], negated=True, each=True) == "true"
    assert decide([lacked, unknown], negated=True, each=True) == "not_enough_info"
