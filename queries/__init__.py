"""SPARQL templates, one folder per adapter (shipped as kgsparql.queries)."""
