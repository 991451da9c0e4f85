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
	for p in 2 3 4 5; do \
	  $(BIN)/python -m rules navegador random --games 8 --players $$p --seed $$p || exit 1; \
	  $(BIN)/python -m rules navegador random --games 8 --players $$p --seed $$p --policy explorer || exit 1; \
	done
	# pytest last, so its summary is the closing line
	$(BIN)/python -m pytest -q

lint: $(BIN)/activate
	$(BIN)/ruff check .
	PYTHONPATH=. $(BIN)/lint-imports --no-cache

fuzz: $(BIN)/activate
	for p in 2 3 4 5; do \
	  $(BIN)/python -m rules navegador random --games 100 --players $$p --seed 1729 || exit 1; \
	  $(BIN)/python -m rules navegador random --games 100 --players $$p --seed 1729 --policy explorer || exit 1; \
	done

bench: $(BIN)/activate
	$(BIN)/python scripts/bench_render.py
	$(BIN)/python scripts/bench_service.py

clean:
	rm -rf $(VENV)
