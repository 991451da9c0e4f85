# The two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN = $(VENV)/bin

.PHONY: run test check backup lint fuzz bench bench-multi pg-start pg-stop clean

$(BIN)/activate: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(BIN)/activate

run: $(BIN)/activate
	$(BIN)/python -m bot

# every game in progress of SAILBOT_DB loaded as the bot loads it (after an upgrade)
check: $(BIN)/activate
	$(BIN)/python -m bot check

# a copy of the SQLite file (SAILBOT_DB) in backups/, consistent while the bot runs
backup: $(BIN)/activate
	mkdir -p backups
	$(BIN)/python -m bot backup backups/sailbot-$$(date +%Y-%m-%d-%H%M%S).sqlite3

test: $(BIN)/activate
	$(BIN)/ruff check .
	PYTHONPATH=. $(BIN)/lint-imports --no-cache
	# every registered game, every player count, both random policies
	$(BIN)/python -m rules all random --games 8 --seed 0
	# the store and service tests run on SQLite and on a real PostgreSQL, which
	# scripts/pg_test_server.sh installs if missing, starts (or reuses) and names
	# pytest last, so its summary is the closing line
	SAILBOT_TEST_PG="$$(bash scripts/pg_test_server.sh start)" $(BIN)/python -m pytest -q

lint: $(BIN)/activate
	$(BIN)/ruff check .
	PYTHONPATH=. $(BIN)/lint-imports --no-cache

fuzz: $(BIN)/activate
	$(BIN)/python -m rules all random --games 100 --seed 1729

bench: $(BIN)/activate
	$(BIN)/python scripts/bench_render.py
	$(BIN)/python scripts/bench_service.py

# several processes on PostgreSQL vs one on SQLite; the 60 s race; a 1,000-game migration
bench-multi: $(BIN)/activate
	$(BIN)/python scripts/bench_multi.py
	$(BIN)/python scripts/bench_race.py
	$(BIN)/python scripts/bench_migrate.py

# the test PostgreSQL server of this checkout (make test starts it and leaves it running)
pg-start:
	bash scripts/pg_test_server.sh start
pg-stop:
	bash scripts/pg_test_server.sh stop

clean:
	rm -rf $(VENV)
