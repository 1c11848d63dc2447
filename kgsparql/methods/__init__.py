"""QA methods, one folder per paper (``kgsparql/methods/<name>/``), each a plugin of the group
``kgsparql.methods`` constructed as ``Method(ctx)`` with a ``MethodContext``. What a method of any
package builds on is exported here (docs/methods/writing-a-method.md)."""
from .base import Method, build_method
from .context import MethodContext
from .no_answer import NO_ENTITY, abstain, link_or_abstain, no_fact
from .topic_answer import TopicAnswer, TopicAnswerer

__all__ = ["Method", "MethodContext", "build_method", "abstain", "link_or_abstain", "no_fact", "NO_ENTITY",
           "TopicAnswer", "TopicAnswerer"]
