# Two commands: `make run` starts the bot, `make test` runs every check. Both install first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test compiled-check catalogs

$(VENV)/.run: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.test: pyproject.toml $(VENV)/.run
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

run: $(VENV)/.run
	$(BIN)/heat run

test: $(VENV)/.test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy engine render data bot
	$(BIN)/pytest -n 2 --dist worksteal

# The gettext catalogs: the template read again from the code, every language's .po brought
# up to date (new texts empty, unused ones dropped), then checked (docs/translating.md).
catalogs: $(VENV)/.run
	$(BIN)/python -m data.catalogs update

# The engine compiled by mypyc (as the Docker image has it) against all of tests/engine:
# about 2 minutes to build, then the engine tests; `make test` runs a shorter check of it.
compiled-check: $(VENV)/.test
	HEAT_COMPILED_TESTS="tests/engine -n 2" $(BIN)/pytest tests/test_compiled.py -n 0
