# Two commands: `make run` starts the bot, `make test` runs every check. Both install first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test

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
