"""The ``kelgop`` method (KELGoP, the default planner): ``method.py`` holds the plugin class, ``options.py`` its
options, ``llm_steps.py`` its LLM steps (where it has any), the other files its named steps."""
from .method import KELGoP

__all__ = ["KELGoP"]
