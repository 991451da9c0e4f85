# The two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN = $(VENV)/bin

.PHONY: run test lint fuzz bench clean

$(BIN)/activate: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(BIN)/activate

run: $(BIN)/activate
	$(BIN)/python -m bot

test: $(BIN)/activate
	$(BIN)/ruff check .
	PYTHONPATH=. $(BIN)/lint-imports --no-cache
	# every registered game, every player count, both random policies
	$(BIN)/python -m rules all random --games 8 --seed 0
	# pytest last, so its summary is the closing line
	$(BIN)/python -m pytest -q

lint: $(BIN)/activate
	$(BIN)/ruff check .
	PYTHONPATH=. $(BIN)/lint-imports --no-cache

fuzz: $(BIN)/activate
	$(BIN)/python -m rules all random --games 100 --seed 1729

bench: $(BIN)/activate
	$(BIN)/python scripts/bench_render.py
	$(BIN)/python scripts/bench_service.py

clean:
	rm -rf $(VENV)
