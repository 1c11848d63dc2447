"""Hypothesis strategies for fuzzing the read-only guard: SERVICE calls and every SPARQL 1.1 update
form, in generated positions (after ``.``, a number, ``BIND``, ``VALUES``; inside ``OPTIONAL``,
``FILTER EXISTS``, sub-selects, ``UNION``, ``MINUS``, ``GRAPH``, nested) and spellings (any case,
``\\u``/``\\U`` escapes per letter, ``SILENT``, comments ended by ``\\r``), plus decoys where the
word is only text (strings, IRIs, comments, variable and local names), which must be let through."""
from __future__ import annotations

from hypothesis import strategies as st

__all__ = ["spelled", "service_queries", "smuggled_queries", "update_requests", "decoy_queries", "UPDATE_TEMPLATES"]


def _letter(ch: str, how: str) -> str:
    if how == "upper":
        return ch.upper()
    if how == "lower":
        return ch.lower()
    return f"\\u{ord(ch.upper()):04X}" if how == "u4" else f"\\U{ord(ch.lower()):08x}"


def spelled(word: str, escapes: bool = True) -> st.SearchStrategy[str]:
    """``word`` with each letter in either case, or (``escapes``) written as a codepoint escape."""
    hows = ["upper", "lower", "upper", "lower"] + (["u4", "u8"] if escapes else [])
    return st.lists(st.sampled_from(hows), min_size=len(word), max_size=len(word)).map(
        lambda picks: "".join(_letter(c, h) for c, h in zip(word, picks)))


_SPACE = st.sampled_from([" ", "  ", "\t", "\n", "\r", "\r\n", " #c\n", " #c\r", "#SERVICE <x>\n"])
_GAP = st.sampled_from(["", " ", ".", " . ", ".\n", "\n", "#c\r", " #SERVICE\n"])
_BEFORE = st.sampled_from(["", "BIND(1 AS ?x)", "?s ?o 1", "VALUES ?v { 1 }", "FILTER(true)", "{}",
                           "OPTIONAL { ?s ?o 2 }", "?s <http://x/p> ?o"])
_WRAPPERS = ["{{ {} }}", "OPTIONAL {{ {} }}", "FILTER EXISTS {{ {} }}", "FILTER NOT EXISTS {{ {} }}",
             "MINUS {{ {} }}", "{{ SELECT * {{ {} }} }}", "{{ {} }} UNION {{ }}", "GRAPH ?g {{ {} }}",
             "BIND(1 AS ?w) FILTER EXISTS {{ {} }}"]
_FORMS = ["SELECT * WHERE {{ {} }}", "SELECT ?a {{ {} }}", "select distinct ?a {{ {} }}", "ASK {{ {} }}",
          "ask where {{ {} }}", "SELECT (COUNT(*) AS ?n) {{ {} }}", "SELECT ?a {{ {} }} LIMIT 5"]


@st.composite
def service_call(draw, base: str) -> str:
    keyword = draw(spelled("SERVICE"))
    silent = draw(st.one_of(st.just(""), spelled("SILENT").map(lambda s: " " + s)))
    target = draw(st.sampled_from([f"<{base}/rows>", "svc:rows", "<rows>"]))
    return f"{keyword}{silent}{draw(_SPACE)}{target}{draw(_SPACE)}{{ ?p ?q ?a }}"


@st.composite
def service_queries(draw, base: str) -> str:
    """A query that calls SERVICE on ``base`` somewhere; the store would fetch it if allowed."""
    before = draw(_BEFORE)
    gap = draw(_GAP) if before else draw(st.sampled_from(["", " "]))
    if before.startswith("?s") and "." not in gap:
        gap = "." + gap    # a triple pattern needs its dot before the next pattern
    body = f"{before}{gap}{draw(service_call(base))}"
    for wrapper in draw(st.lists(st.sampled_from(_WRAPPERS), max_size=3)):
        body = wrapper.format(body)
    prologue = f"PREFIX svc: <{base}/>{draw(_SPACE)}BASE <{base}/>{draw(_SPACE)}"
    return prologue + draw(st.sampled_from(_FORMS)).format(body)


# pieces of string bodies that read differently depending on when codepoint escapes are expanded
_JUNK = st.lists(st.sampled_from(["a", " , ", "\\u0022", "\\u0027", "\\\\", "\\U00000022", "\\u005C", " ", "\\t",
                                  "#", "\\u000A", "\\u000D"]), max_size=6).map("".join)


@st.composite
def smuggled_queries(draw, base: str) -> str:
    """A SERVICE call between two string literals whose escapes could make a parser that expands
    them early read the call as part of a string (the store reads it as a call)."""
    quote = draw(st.sampled_from(['"', "'"]))
    left, right = f"{quote}{draw(_JUNK)}{quote}", f"{quote}{draw(_JUNK)}{quote}"
    where = draw(st.sampled_from(["OPTIONAL {{ ?s ?p {} }} .", "BIND({} AS ?l)", "FILTER(?o != {})"]))
    after = draw(st.sampled_from(["OPTIONAL {{ ?s ?p {} }}", "BIND({} AS ?r)", "FILTER(?o != {})"]))
    body = f"{where.format(left)} {draw(service_call(base))} {after.format(right)}"
    return f"PREFIX svc: <{base}/> BASE <{base}/> SELECT * {{ {body} }}"


UPDATE_TEMPLATES = [
    "INSERT DATA { <http://x/s> <http://x/p> <http://x/o> }", "DELETE DATA { <http://x/s> <http://x/p> <http://x/o> }",
    "DELETE WHERE { ?s ?p ?o }", "INSERT { ?s ?p 1 } WHERE { ?s ?p ?o }", "DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }",
    "DELETE { ?s ?p ?o } INSERT { ?s ?p 1 } WHERE { ?s ?p ?o }", "WITH <http://x/g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }",
    "LOAD <URL/rows>", "LOAD SILENT <URL/rows> INTO GRAPH <http://x/g>", "CLEAR ALL", "CLEAR SILENT DEFAULT",
    "CLEAR NAMED", "CLEAR GRAPH <http://x/g>", "DROP ALL", "DROP SILENT GRAPH <http://x/g>", "CREATE GRAPH <http://x/g>",
    "ADD DEFAULT TO <http://x/g>", "MOVE SILENT <http://x/g> TO DEFAULT", "COPY DEFAULT TO GRAPH <http://x/g>",
]
_UPDATE_WORDS = ("INSERT", "DELETE", "WHERE", "DATA", "LOAD", "SILENT", "INTO", "GRAPH", "CLEAR", "ALL",
                 "DEFAULT", "NAMED", "DROP", "CREATE", "ADD", "MOVE", "COPY", "TO", "WITH")


@st.composite
def update_requests(draw, base: str) -> str:
    """One update form (any of SPARQL 1.1's), respelled, maybe after a prologue, a query and ``;``,
    or a comment ended by ``\\r``."""
    words = []
    for token in draw(st.sampled_from(UPDATE_TEMPLATES)).replace("URL", base).split(" "):
        words.append(draw(spelled(token)) if token in _UPDATE_WORDS else token)
    update = draw(_SPACE).join(words) if draw(st.booleans()) else " ".join(words)
    lead = draw(st.sampled_from(["", "PREFIX x: <http://x/> ", "#c\r", "BASE <http://x/>\n",
                                 "SELECT * {} ;", "INSERT DATA {} ; ", "ASK {}\r#"]))
    tail = draw(st.sampled_from(["", " ;", " ; SELECT * {}", " ; DROP ALL"]))
    return f"{lead}{update}{tail}"


_DECOYS = [
    'SELECT ?service {{ BIND("SERVICE <{base}/rows> {{ ?p ?q ?a }}" AS ?service) }}',
    "SELECT ?s {{ VALUES ?s {{ <{base}/SERVICE> }} }}",
    "SELECT ?x {{ BIND(1 AS ?x) }} # .SERVICE <{base}/rows> {{ }}",
    "PREFIX service: <{base}/> SELECT ?s {{ ?s service:service ?o }}",
    "PREFIX ex: <http://x/> SELECT ?s {{ ?s ex:a.service ?o }}",
    "SELECT ?x {{ BIND('''.SERVICE <{base}/rows> {{}}''' AS ?x) }}",
    "ASK {{ ?s ?p \"insert data {{ }} ; drop all\" }}",
    "SELECT $service {{ BIND(<{base}/rows> AS $service) }}",
]


def decoy_queries(base: str) -> st.SearchStrategy[str]:
    """Read-only queries without a SERVICE call, where the word is part of text or a name."""
    return st.tuples(st.sampled_from(_DECOYS), _SPACE).map(lambda t: t[0].format(base=base) + t[1])
