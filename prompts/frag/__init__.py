"""FRAG prompts: reasoning over retrieved paths, and path feedback."""
