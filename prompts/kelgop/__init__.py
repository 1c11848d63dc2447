"""KELGoP prompts: question classification, category-specific decomposition, sufficiency verdict."""
