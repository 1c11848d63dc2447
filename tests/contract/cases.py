"""What every adapter must find in its fixture KG (tests/fixtures/kg): one ``Case`` per adapter ×
dataset pair. The contract tests are written once against these tables."""
from __future__ import annotations

from dataclasses import dataclass

from kgsparql.config import DEFAULT_BASE_IRI
from kgsparql.loading.convert import entity_iri, relation_iri
from kgsparql.types import Relation

__all__ = ["Rel", "Agg", "Case", "CASES", "NASTY_LABEL"]

# The label of one entity in the freebase, wikidata and dbpedia fixtures, byte for byte.
NASTY_LABEL = ("Tricky \"quoted\" 'single' } > \\ back\nDROP ALL; INSERT DATA { <urn:x> <urn:y> <urn:z> } "
               "naïve 東京 🎬")


@dataclass(frozen=True)
class Rel:
    iri: str
    via: str | None = None
    inverse: bool = False

    def make(self) -> Relation:
        return Relation(self.iri, None, self.inverse, self.via)


@dataclass(frozen=True)
class Agg:
    """``expect``: op -> value. count: {iri: n}; max/min/sum/avg: a number (compared as one) or a
    lexical form; argmax/argmin: the set of winning IRIs (ties kept); the filters gt/ge/lt/le/eq:
    (value, the set of IRIs whose value compares so with it)."""
    entities: tuple[str, ...]
    relation: Rel
    expect: dict


@dataclass(frozen=True)
class Case:
    adapter: str
    dataset: str
    entity: str                                   # the IRI everything starts from
    label: str                                    # its exact label
    messy_label: str                              # case / whitespace variant lookup must resolve
    alias: str | None                             # alias, altLabel or redirect resolving to it
    labels: dict[str, str | None]                 # one batch for labels(); None = no label expected
    out_relation: tuple[Rel, int]                 # a relation out of ``entity`` and its fan-out
    in_relation: tuple[str, Rel, int]             # (node, relation into it, fan-in)
    neighbours: tuple[Rel, frozenset[str]]        # relation from ``entity`` -> its tails
    two_hop: tuple[str, str, tuple[Rel, Rel], str]   # (start, direction, relations, end)
    path: tuple[str, str, int, tuple[Rel, ...]]   # (source, target, max_hops, relations of one path)
    path3: tuple[str, str, tuple[Rel, Rel, Rel]]  # (source, target, relations of one three-hop path)
    relation_path: tuple[str, tuple[Rel, ...], frozenset[str]]  # (source, relations, end ids)
    aggregates: tuple[Agg, ...]
    hidden: frozenset[str] = frozenset()          # CVT / statement nodes: never shown as entities
    nasty: str | None = None                      # IRI of the entity labelled NASTY_LABEL
    unicode_label: str | None = None              # a non-ASCII label lookup must find
    schema: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())  # (in, not in) schema_relations

    @property
    def id(self) -> str:
        return f"{self.adapter}-{self.dataset}"


# --- generic × metaqa (tests/fixtures/kg/metaqa.txt through the converter) -------------------------
def _m(label: str) -> str:
    return entity_iri(DEFAULT_BASE_IRI, label)


def _mr(name: str, inverse: bool = False) -> Rel:
    return Rel(relation_iri(DEFAULT_BASE_IRI, name), None, inverse)


_ACTORS = frozenset(_m(a) for a in ("Marlene Dietrich", "Edward Arnold", "Ronald Colman", "James Craig"))
_FILMS = tuple(_m(f) for f in ("Kismet", "Flags of Our Fathers", "War", "The Bride Wore Black"))
METAQA = Case(
    "generic", "metaqa", _m("Kismet"), "Kismet", "  kISMET ", None,
    {_m("Kismet"): "Kismet", _m("William Dieterle"): "William Dieterle", _m("No Such Film"): None},
    (_mr("starred_actors"), 4), (_m("War"), _mr("has_genre", True), 1),
    (_mr("starred_actors"), _ACTORS),
    (_m("William Dieterle"), "both", (_mr("directed_by", True), _mr("starred_actors")), _m("Marlene Dietrich")),
    (_m("Marlene Dietrich"), _m("William Dieterle"), 2, (_mr("starred_actors", True), _mr("directed_by"))),
    (_m("Marlene Dietrich"), _m("The Bride Wore Black"),
     (_mr("starred_actors", True), _mr("has_tags"), _mr("has_tags", True))),
    (_m("William Dieterle"), (_mr("directed_by", True), _mr("starred_actors")), _ACTORS),
    (Agg(_FILMS, _mr("release_year"), {
        "count": {f: 1 for f in _FILMS}, "max": 2007, "min": 1944, "sum": 7925, "avg": 1981.25,
        "argmax": {_m("War")}, "argmin": {_m("Kismet")}, "gt": (2006, {_m("War")}), "ge": (2007, {_m("War")}),
        "lt": (1945, {_m("Kismet")}), "le": (1944, {_m("Kismet")}), "eq": (1944, {_m("Kismet")})}),),
    unicode_label="François Truffaut",
    schema=(frozenset({_mr("directed_by").iri, _mr("has_genre").iri}),
            frozenset({"http://www.w3.org/2000/01/rdf-schema#label"})),
)

# --- freebase × freebase -------------------------------------------------------------------------------
NS = "http://rdf.freebase.com/ns/"


def _f(mid: str) -> str:
    return NS + mid


def _fr(rel: str, via: str | None = None, inverse: bool = False) -> Rel:
    return Rel(NS + rel, NS + via if via else None, inverse)


_STARRING_ACTOR = _fr("film.film.starring", "film.performance.actor")
_ACTED_IN = _fr("film.actor.film", "film.performance.film")
_FB_FILMS = (_f("m.0fx_sw"), _f("m.0fx_esb"), _f("m.0fx_raiders"))
FREEBASE = Case(
    "freebase", "freebase", _f("m.0fx_sw"), "Star Wars", "  star   WARS ", "A New Hope",
    {_f("m.0fx_sw"): "Star Wars", _f("m.0fx_lucas"): "George Lucas", _f("m.0fx_p1"): None,
     _f("m.0fx_de"): "Star Wars Omnibus"},
    (_STARRING_ACTOR, 2), (_f("m.0fx_sw"), Rel(_ACTED_IN.iri, _ACTED_IN.via, True), 2),
    (_STARRING_ACTOR, frozenset({_f("m.0fx_hamill"), _f("m.0fx_ford")})),
    (_f("m.0fx_hamill"), "out", (_ACTED_IN, _fr("film.film.directed_by")), _f("m.0fx_lucas")),
    (_f("m.0fx_hamill"), _f("m.0fx_ford"), 2, (_ACTED_IN, _STARRING_ACTOR)),
    (_f("m.0fx_kershner"), _f("m.0fx_raiders"), (_fr("film.director.film"), _STARRING_ACTOR, _ACTED_IN)),
    (_f("m.0fx_lucas"), (_fr("film.director.film"), _STARRING_ACTOR), frozenset({_f("m.0fx_hamill"), _f("m.0fx_ford")})),
    (Agg(_FB_FILMS, _fr("film.film.estimated_budget", "measurement_unit.dated_money_value.amount"), {
        "count": {f: 1 for f in _FB_FILMS}, "max": 18_000_000, "min": 11_000_000, "sum": 47_000_000,
        "avg": 47_000_000 / 3, "argmax": {_f("m.0fx_esb"), _f("m.0fx_raiders")}, "argmin": {_f("m.0fx_sw")},
        "gt": (17_000_000, {_f("m.0fx_esb"), _f("m.0fx_raiders")}), "ge": (18_000_000, {_f("m.0fx_esb"), _f("m.0fx_raiders")}),
        "lt": (12_000_000, {_f("m.0fx_sw")}), "le": (11_000_000, {_f("m.0fx_sw")}), "eq": (11_000_000, {_f("m.0fx_sw")})}),
     Agg(_FB_FILMS, _fr("film.film.initial_release_date"), {
         "max": "1981-06-12", "min": "1977-05-25", "argmax": {_f("m.0fx_raiders")}, "argmin": {_f("m.0fx_sw")}})),
    hidden=frozenset(_f(f"m.0fx_{x}") for x in ("p1", "p2", "p3", "p4", "p5", "b1", "b2", "b3", "n1")),
    nasty=_f("m.0fx_nasty"),
    schema=(frozenset({NS + "film.film.starring", NS + "film.film.directed_by"}), frozenset({NS + "type.object.name"})),
)

# --- wikidata × wikidata -------------------------------------------------------------------------------
WD, WDT, P = "http://www.wikidata.org/entity/", "http://www.wikidata.org/prop/direct/", "http://www.wikidata.org/prop/"
PS, PQ = "http://www.wikidata.org/prop/statement/", "http://www.wikidata.org/prop/qualifier/"


def _w(q: str) -> str:
    return WD + q


_HELD = Rel(P + "P39", PS + "P39")
_HELD_FROM = Rel(P + "P39", PQ + "P580")
WIKIDATA = Case(
    "wikidata", "wikidata", _w("Q76"), "Barack Obama", " barack  OBAMA", "Obama",
    {_w("Q76"): "Barack Obama", _w("Q30"): "United States of America", _w("Q999001"): None,
     WD + "statement/Q76-pres": None},
    (_HELD_FROM, 2), (_w("Q30"), Rel(WDT + "P27", None, True), 2),
    (Rel(WDT + "P39"), frozenset({_w("Q11696"), _w("Q4416090")})),   # the statement hop is the same candidate
    (_w("Q13133"), "out", (Rel(WDT + "P26"), Rel(WDT + "P39")), _w("Q11696")),   # truthy and statement: one hop
    (_w("Q76"), _w("Q30"), 2, (_HELD, Rel(WDT + "P1001"))),
    (_w("Q13133"), _w("Q30"), (Rel(WDT + "P26"), _HELD, Rel(WDT + "P1001"))),
    (_w("Q13133"), (Rel(WDT + "P26"), _HELD_FROM), frozenset({"2009-01-20T00:00:00Z", "2005-01-03T00:00:00Z"})),
    (Agg((_w("Q76"), _w("Q6279")), _HELD_FROM, {
        "count": {_w("Q76"): 2, _w("Q6279"): 1}, "max": "2009-01-20T00:00:00Z", "min": "2005-01-03T00:00:00Z",
        "argmax": {_w("Q76"), _w("Q6279")}, "argmin": {_w("Q76")}, "gt": (2008, {_w("Q76"), _w("Q6279")}),
        "ge": (2009, {_w("Q76"), _w("Q6279")}), "lt": (2006, {_w("Q76")}), "le": (2005, {_w("Q76")}),
        "eq": (2005, {_w("Q76")})}),
     Agg((_w("Q18094"), _w("Q1297")), Rel(WDT + "P1082"), {
         "sum": 3_091_452, "avg": 1_545_726, "max": 2_746_388, "min": 345_064, "argmax": {_w("Q1297")}})),
    hidden=frozenset(WD + f"statement/{s}" for s in ("Q76-pres", "Q76-sen", "Q6279-vp")),
    nasty=_w("Q999002"),
    schema=(frozenset({WDT + "P39", WDT + "P26", WDT + "P27"}), frozenset({P + "P39"})),
)

# --- dbpedia × dbpedia -------------------------------------------------------------------------------
DBR, DBO = "http://dbpedia.org/resource/", "http://dbpedia.org/ontology/"


def _d(name: str) -> str:
    return DBR + name


_DB_FILMS = (_d("Star_Wars_(film)"), _d("The_Empire_Strikes_Back"), _d("Raiders_of_the_Lost_Ark"))
DBPEDIA = Case(
    "dbpedia", "dbpedia", _d("Star_Wars_(film)"), "Star Wars (film)", " star wars (FILM) ", "A New Hope",
    {_d("Star_Wars_(film)"): "Star Wars (film)", _d("George_Lucas"): "George Lucas", _d("Nur_Deutsch"): None},
    (Rel(DBO + "starring"), 2), (_d("Harrison_Ford"), Rel(DBO + "starring", None, True), 3),
    (Rel(DBO + "starring"), frozenset({_d("Mark_Hamill"), _d("Harrison_Ford")})),
    (_d("Mark_Hamill"), "both", (Rel(DBO + "starring", None, True), Rel(DBO + "director")), _d("George_Lucas")),
    (_d("Mark_Hamill"), _d("Harrison_Ford"), 2, (Rel(DBO + "starring", None, True), Rel(DBO + "starring"))),
    (_d("Irvin_Kershner"), _d("Chicago"),
     (Rel(DBO + "director", None, True), Rel(DBO + "starring"), Rel(DBO + "birthPlace"))),
    (_d("George_Lucas"), (Rel(DBO + "director", None, True), Rel(DBO + "starring")),
     frozenset({_d("Mark_Hamill"), _d("Harrison_Ford")})),
    (Agg(_DB_FILMS, Rel(DBO + "budget"), {
        "count": {f: 1 for f in _DB_FILMS}, "max": 18_000_000, "min": 11_000_000, "sum": 47_000_000,
        "avg": 47_000_000 / 3, "argmax": {_d("The_Empire_Strikes_Back"), _d("Raiders_of_the_Lost_Ark")},
        "argmin": {_d("Star_Wars_(film)")}, "gt": (17_000_000, {_d("The_Empire_Strikes_Back"), _d("Raiders_of_the_Lost_Ark")}),
        "ge": (18_000_000, {_d("The_Empire_Strikes_Back"), _d("Raiders_of_the_Lost_Ark")}),
        "lt": (12_000_000, {_d("Star_Wars_(film)")}), "le": (11_000_000, {_d("Star_Wars_(film)")}),
        "eq": (11_000_000, {_d("Star_Wars_(film)")})}),),
    nasty=_d("Tricky_label"),
    schema=(frozenset({DBO + "starring", DBO + "director", DBO + "budget"}), frozenset({DBO + "wikiPageWikiLink"})),
)

CASES = (METAQA, FREEBASE, WIKIDATA, DBPEDIA)
