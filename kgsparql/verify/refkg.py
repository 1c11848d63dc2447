"""``refkg``: the default claim-verification pipeline (RefKG's decouple / retrieve / joint-inference
pipeline applied to claims; docs/verify.md maps the paper's steps to this code).

1. decouple the claim into sub-claims: with an LLM the ``verify/decompose`` prompt; without one
   the claim is decomposed by the KG itself, into the relation paths that join its entities;
2. retrieve evidence for each sub-claim and decide it by rules (``assess``): supported,
   contradicted or unknown; negation flips, a conjunction needs every part, dates and counts are
   compared;
3. with an LLM, RefKG's joint inference: the evidence reconstructed as text plus the sub-claim
   results go to ``verify/judge``, which gives the verdict and a one-sentence explanation; the
   rule-based verdict is the fallback when the reply does not parse. Without an LLM the rules
   decide and the explanation is assembled from the evidence."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import ConfigError
from ..llm.evidence import verbalize_path
from ..llm.steps import run_prompt
from .assess import Assessment, assess
from .features import claim_features
from .view import rule_view
from .head import VerdictHead
from .result import SUPPORTED, Verdict
from .rules import decide, explain

__all__ = ["RefKGVerifier", "RefKGOptions"]


@dataclass(frozen=True)
class RefKGOptions:
    """``[verifiers.refkg]``."""

    max_hops: int = 2             # longest path that can join two entities of a sub-claim
    max_entities: int = 4         # entities of one claim that are checked
    decompose: bool = True        # with an LLM: split the claim with verify/decompose first
    evidence_items: int = 12      # evidence lines given to the joint-inference prompt
    head: str = ""                # a trained verdict head (kgsparql train verifier), for the KG it was trained on
    closed_world: bool = False    # a name the KG lacks is false beside any recorded relation the claim names

    def __post_init__(self) -> None:
        if not 1 <= self.max_hops <= 3:
            raise ConfigError("max_hops must be 1, 2 or 3")
        if self.max_entities < 1 or self.evidence_items < 1:
            raise ConfigError("max_entities and evidence_items must be at least 1")


class RefKGVerifier:
    """RefKG-style claim verification: decouple, retrieve evidence per sub-claim, joint inference
    (LLM) or rule-based decision (--llm none)."""

    name = "refkg"
    Options = RefKGOptions

    def __init__(self, ctx):
        self.ctx = ctx
        self.options = ctx.options or RefKGOptions()
        self.llm = ctx.llm
        ctx.ranker("alignment")
        ctx.warm_encoder()
        self.head = self._load_head(self.options.head) if self.options.head else None

    def _load_head(self, path: str) -> VerdictHead:
        return self.ctx.models.load(("verdict-head", path), lambda: VerdictHead.load(path, self.ctx.settings.adapter))

    def _assess(self, text: str) -> Assessment:
        return assess(self.ctx, text, max_hops=self.options.max_hops, max_entities=self.options.max_entities,
                      closed_world=self.options.closed_world)

    def features(self, claim: str):
        """The rule path's assessment of ``claim``, its verdict and what the rules saw (``rule_view``,
        the verdict head's input)."""
        whole = self._assess(claim)
        verdict = decide(whole.parts, whole.form.negated, whole.form.each_negated, whole.denied)
        return whole, verdict, rule_view(whole, verdict)

    def verify(self, claim: str, *, id: str | None = None) -> Verdict:
        whole = self._assess(claim)
        parts, negated = whole.parts, whole.form.negated
        verdict = decide(parts, negated, whole.form.each_negated, whole.denied)
        plan = {"verifier": self.name, "negated": negated,
                "entities": [m.entity.name for m in whole.mentioned],
                "subclaims": [p.to_json() for p in parts], "decided_by": "rules"}
        explanation = explain(verdict, parts, negated, whole.reason, whole.denied)
        if self.head is not None and self.head.knows(whole.held):
            verdict, explanation, plan = self._with_head(whole, verdict, explanation, plan)
        elif self.llm is not None:
            verdict, explanation, plan = self._with_llm(claim, whole, verdict, explanation, plan)
        # "supports" is said of the claim as written: under a negation a path that supports the
        # sub-claim contradicts the claim
        denied = whole.denied or (negated,) * len(parts)
        evidence = tuple((path, s != d) for p, d in zip(parts, denied) for path, s in p.evidence)
        return Verdict(claim, verdict, evidence, explanation, {}, plan, id)

    def _with_head(self, whole: Assessment, verdict: str, explanation: str, plan: dict):
        """The trained head decides from what the rules saw; the rule verdict stays in the plan."""
        decided, p = self.head.decide(claim_features(self.ctx.encoder, rule_view(whole, verdict)))
        lead = "True" if decided == "true" else "False"
        plan = {**plan, "decided_by": "head", "rule_verdict": verdict, "p_true": round(p, 4)}
        return decided, f"{lead} by the trained head (p={p:.2f}); the rules: {explanation[0].lower()}{explanation[1:]}", plan

    def _with_llm(self, claim: str, whole: Assessment, verdict: str, explanation: str, plan: dict):
        """RefKG with an LLM: decoupled sub-claims checked one by one, then joint inference."""
        subclaims = [f"{p.text}: {p.status}" for p in whole.parts]
        if self.options.decompose:
            step = run_prompt(self.llm, "verify/decompose", fallback=[claim], claim=claim)
            texts = [t for t in step.value if t.strip() != claim.strip()]
            plan["decomposed"] = step.value
            for text in texts:
                sub = self._assess(text)
                status = decide(sub.parts, sub.form.negated, sub.form.each_negated, sub.denied)
                subclaims.append(f"{text}: {_STATUS.get(status, 'unknown')}")
        evidence = [f"{verbalize_path(p)} ({'supports' if s else 'contradicts'})"
                    for part in whole.parts for p, s in part.evidence][: self.options.evidence_items]
        judged = run_prompt(self.llm, "verify/judge", fallback=(verdict, explanation),
                            claim=claim, evidence=evidence, subclaims=subclaims or ["(none)"])
        plan = {**plan, "decided_by": "llm" if judged.from_llm else "rules (the reply did not parse)",
                "rule_verdict": verdict}
        new_verdict, new_explanation = judged.value
        return new_verdict, new_explanation or explanation, plan


_STATUS = {"true": SUPPORTED, "false": "contradicted", "not_enough_info": "unknown"}
