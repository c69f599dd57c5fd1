# Garrison: `make run` plays, `make test` checks everything. Both set up .venv on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean setup

# Two installs: `make run` needs the package and the server extra only; `make test` adds the
# research, learning, arena and test tools. The compiled rules (core/*.pyx, games/*/rules.pyx)
# are built by the install, so a changed rules module reinstalls.
SOURCES := pyproject.toml setup.py tools/declare.py $(wildcard src/garrison/core/*.pyx src/garrison/core/*.pxd \
	src/garrison/games/*/rules.pyx src/garrison/games/*/*.pxi)
RUN_STAMP := $(VENV)/.installed-run

$(VENV)/bin/python:
	@echo "Setting up $(VENV) (a Python environment for Garrison)"
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# The install says what it does as it goes (the compiled rules take a few minutes on two
# cores, built one module per core): pip's own lines and the build's progress are shown, the
# rest of pip's verbose output goes to .venv/install.log, shown whole if the install fails.
SHOW := grep --line-buffered -E "^(Collecting|Successfully|ERROR)|^ *(Installing|Building|Preparing) |\[garrison build\]"
INSTALL = bash -o pipefail -c '$(BIN)/pip install -v $(1) 2>&1 | tee $(VENV)/install.log | $(SHOW)' \
	|| { tail -n 60 $(VENV)/install.log; exit 1; }

# the extras of each install (a variable: a comma in $(call ...) would split its argument)
TEST_EXTRAS := rl,dev,arena,server,learn

$(RUN_STAMP): $(SOURCES) | $(VENV)/bin/python
	@echo "Installing Garrison with what serving needs, and compiling its rules"
	@$(call INSTALL,-e ".[server]")
	touch $(RUN_STAMP)

# PyTorch for the learn extra, pinned before the rest so that the resolver keeps it: this version's
# CPU build is the one the machines here have (a plain `torch` would pull a GPU build).
TORCH ?= torch==2.13.0

$(STAMP): $(SOURCES) | $(VENV)/bin/python
	@echo "Installing PyTorch (CPU), then Garrison with its research, learning, arena and test tools"
	$(BIN)/pip install --quiet "$(TORCH)"
	@$(call INSTALL,-e ".[$(TEST_EXTRAS)]")
	touch $(STAMP) $(RUN_STAMP)

setup: $(STAMP)

# Debian's Chromium for the browser tests (Playwright never downloads a browser).
CHROMIUM := /usr/bin/chromium
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
$(CHROMIUM):
	$(SUDO) apt-get update
	$(SUDO) apt-get install -y chromium

# Debian's PostgreSQL server for the tests of several server processes on one database (each
# test starts its own cluster on a private port with initdb and pg_ctl, and stops it after).
.PHONY: postgresql
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb > /dev/null 2>&1 || \
		{ $(SUDO) apt-get update && $(SUDO) apt-get install -y postgresql; }

# `make run PORT=8080 HOST=0.0.0.0` serves elsewhere than 127.0.0.1:8000
PORT ?= 8000
HOST ?= 127.0.0.1
run: $(RUN_STAMP)
	$(BIN)/garrison serve --host $(HOST) --port $(PORT)

# stubtest holds the .pyi stubs (core/*.pyi, games/*/rules.pyi) to the compiled modules; what
# Cython adds and no caller uses is listed in stubtest-allowlist.txt
COMPILED := garrison.core.compiled garrison.core.batch garrison.core.cfr garrison.core.net garrison.core.streams $(subst /,.,$(patsubst src/%.pyx,%,$(wildcard \
	src/garrison/games/*/rules.pyx)))

lint: $(STAMP)
	$(BIN)/ruff check src tests bench examples research tools templates $(wildcard scripts)
	$(BIN)/python tools/declare.py --check
	$(BIN)/python tools/protocol_js.py --check
	$(BIN)/mypy
	$(BIN)/python -m mypy.stubtest --ignore-disjoint-bases --allowlist stubtest-allowlist.txt \
		$(COMPILED)
	$(BIN)/lint-imports

# lint runs mypy over the kernel, the server and the games moved to compiled rules
# (files in pyproject.toml)
# The month of recorded Gravon games replays when its archive is at hand (CI has it beside the
# clone); elsewhere those tests skip, and the games kept in tests/stratego/fixtures still replay.
GRAVON_ARCHIVE ?= $(firstword $(wildcard ../shared/data/gravon/strados2015-2.zip))
test: $(STAMP) lint $(CHROMIUM) postgresql
	GARRISON_GRAVON_ARCHIVE=$(abspath $(GRAVON_ARCHIVE)) HYPOTHESIS_PROFILE=ci $(BIN)/python -m pytest -n 2

bench: $(STAMP)
	$(BIN)/garrison bench

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .hypothesis
