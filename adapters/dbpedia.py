"""DBpedia (``dbr:`` resources, ``dbo:`` ontology and ``dbp:`` infobox properties).

Schema rules (SPARQL in ``queries/dbpedia/``; docs/adapters.md explains each choice):
- labels are ``rdfs:label`` in the adapter's language;
- ``lookup`` follows ``dbo:wikiPageRedirects``: the label of a redirect page ("Obama") resolves to
  the target resource; disambiguation pages are never returned;
- every predicate is a plain hop except the noise in ``NOISE``: Wikipedia bookkeeping
  (``wikiPage*``), ``prov:``, ``owl:sameAs``, types, categories, abstracts, comments, images."""
from __future__ import annotations

from .schema import SchemaAdapter

__all__ = ["DBpediaAdapter", "DBR", "DBO", "DBP", "NOISE"]

DBR = "http://dbpedia.org/resource/"
DBO = "http://dbpedia.org/ontology/"
DBP = "http://dbpedia.org/property/"
_RDFS = "http://www.w3.org/2000/01/rdf-schema#"
# Kept in step with the FILTER in queries/dbpedia/*.rq (tests check that none of these is a hop).
NOISE = (
    "http://www.w3.org/1999/02/22-rdf-syntax-ns#type", _RDFS + "label", _RDFS + "comment",
    _RDFS + "seeAlso", "http://www.w3.org/2002/07/owl#sameAs", "http://www.w3.org/2002/07/owl#differentFrom",
    "http://xmlns.com/foaf/0.1/isPrimaryTopicOf", "http://xmlns.com/foaf/0.1/primaryTopic",
    "http://xmlns.com/foaf/0.1/depiction", "http://xmlns.com/foaf/0.1/name", "http://purl.org/dc/terms/subject",
    DBO + "abstract", DBO + "thumbnail",
)
NOISE_PREFIXES = (DBO + "wikiPage", DBP + "wikiPage", "http://www.w3.org/ns/prov#",
                  "http://purl.org/linguistics/gold/")


class DBpediaAdapter(SchemaAdapter):
    name = "dbpedia"
    queries = "dbpedia"
    compound_hops = False  # no intermediate nodes: every hop is one triple

    @staticmethod
    def is_noise(relation_iri: str) -> bool:
        """True for a predicate the templates drop."""
        return relation_iri in NOISE or relation_iri.startswith(NOISE_PREFIXES)
