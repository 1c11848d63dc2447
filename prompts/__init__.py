"""Versioned prompt files with their parsers (shipped as kgsparql.prompts)."""
