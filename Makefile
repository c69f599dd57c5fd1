# Garrison: `make run` plays, `make test` checks everything. Both set up .venv on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean setup

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[rl,dev,arena]"
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/garrison play

lint: $(STAMP)
	$(BIN)/ruff check src tests $(wildcard scripts)

test: $(STAMP) lint
	HYPOTHESIS_PROFILE=ci $(BIN)/python -m pytest -n 2

bench: $(STAMP)
	$(BIN)/garrison bench

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .hypothesis
