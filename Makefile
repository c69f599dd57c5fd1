# Garrison: `make run` plays, `make test` checks everything. Both set up .venv on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean setup

# the compiled rules (core/*.pyx, games/*/rules.pyx, games/*/_core.pyx) are built by the install,
# so a changed rules module reinstalls
$(STAMP): pyproject.toml setup.py $(wildcard src/garrison/core/*.pyx src/garrison/core/*.pxd src/garrison/games/*/rules.pyx src/garrison/games/*/_core.pyx)
	test -d $(VENV) || $(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[rl,dev,arena,server]"
	touch $(STAMP)

setup: $(STAMP)

# Debian's Chromium for the browser tests (Playwright never downloads a browser).
CHROMIUM := /usr/bin/chromium
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
$(CHROMIUM):
	$(SUDO) apt-get update
	$(SUDO) apt-get install -y chromium

run: $(STAMP)
	$(BIN)/garrison serve

lint: $(STAMP)
	$(BIN)/ruff check src tests $(wildcard scripts)

# mypy checks the kernel and the games moved to compiled rules (files in pyproject.toml)
test: $(STAMP) lint $(CHROMIUM)
	$(BIN)/mypy
	HYPOTHESIS_PROFILE=ci $(BIN)/python -m pytest -n 2

bench: $(STAMP)
	$(BIN)/garrison bench

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .hypothesis
