# The two commands of the README: `make run` and `make test`. Everything else is a helper.
VENV ?= .venv
PYTHON := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
HOST ?= 127.0.0.1
PORT ?= 8000
# pytest-xdist workers for `make test` and `make test-quick` (auto: one per CPU; 0 runs in this process alone). Each
# worker has its own test database, Redis database and live channels (tests/support/parallel.py).
TEST_WORKERS ?= auto
PYTEST_PARALLEL := -n $(TEST_WORKERS) --dist loadfile

.PHONY: run demo test test-quick test-js install install-dev migrate lint format check-schema check-migrations worker clean screenshots \
	messages

# Python 3.11 or later, checked before the venv is made (a venv of another Python keeps failing after switching; then
# `make clean` and again).
PYTHON_OK := import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)
$(VENV)/bin/activate:
	@python3 -c '$(PYTHON_OK)' || { echo "scorekeeper needs Python 3.11 or later; python3 is $$(python3 --version 2>&1)" >&2; exit 1; }
	python3 -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

$(VENV)/.installed: requirements.txt | $(VENV)/bin/activate
	@$(PYTHON) -c '$(PYTHON_OK)' || { echo "$(VENV) was made with $$($(PYTHON) --version 2>&1); scorekeeper needs 3.11 or later: make clean, then again" >&2; exit 1; }
	$(PIP) install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(VENV)/bin/activate
	@$(PYTHON) -c '$(PYTHON_OK)' || { echo "$(VENV) was made with $$($(PYTHON) --version 2>&1); scorekeeper needs 3.11 or later: make clean, then again" >&2; exit 1; }
	$(PIP) install --quiet -r requirements-dev.txt
	touch $@ $(VENV)/.installed

# The e2e checks' axe-core (package.json, pinned by package-lock.json): npm ci, again only when the lock changes.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev node_modules/.package-lock.json

migrate: install
	$(PYTHON) manage.py migrate --noinput

## Serve the API on http://$(HOST):$(PORT) (SQLite, in-memory cache, tasks in-process unless configured).
run: migrate
	$(PYTHON) manage.py runserver $(HOST):$(PORT)

## A demo club with a league per game and a few weeks of matches (prints the demo sign-in and the standings' links).
demo: migrate
	$(PYTHON) manage.py seed_demo --base-url http://$(HOST):$(PORT)

## Lint, migration and schema checks, the page's JavaScript modules, then the whole test suite.
test: install-dev lint check-migrations check-schema test-js
	$(PYTHON) -m pytest $(PYTEST_PARALLEL)

## The quick subset while working: the engines, services, API, exports, webhooks and pages' server side, and the
## page's modules; no browser, no fault-injection servers, no lint (`make test` before a commit runs everything).
test-quick: install-dev test-js
	$(PYTHON) -m pytest $(PYTEST_PARALLEL) -q -m "not e2e" --ignore=tests/reliability --ignore=tests/e2e

## Unit tests of the page's ES modules (tests/js/) with Node's own test runner: Node 20 or later, no npm install.
## Without Node they are skipped with a note, except under CI=true, where they must run.
test-js:
	@if command -v node >/dev/null 2>&1; then node --test tests/js/; \
	elif [ "$(CI)" = "true" ]; then echo "CI=true but node is not installed: tests/js must run" >&2; exit 1; \
	else echo "node not found: tests/js skipped (install Node 20 or later)"; fi

## Refresh the README's screenshots in docs/screenshots/ (a plain test run writes them to var/screenshots/).
screenshots: install-dev
	SCREENSHOT_DIR=docs/screenshots $(PYTHON) -m pytest -q tests/e2e/test_table_loop.py tests/e2e/test_live_table.py \
		tests/e2e/test_seep_thumb.py tests/e2e/test_page_languages.py tests/e2e/test_twenty_eight_match.py tests/e2e/test_club_night_room.py \
		tests/exports/test_score_sheet_languages.py

## Refresh locale/*/django.po (Python, templates) and djangojs.po (the pages' ES modules) from the source (new messages arrive untranslated), then compile the .mo files.
## Needs gettext's tools (apt-get install gettext); the compiled .mo files are committed, so running needs neither.
messages: install-dev
	$(PYTHON) manage.py makemessages -l et -l fa -l hu --no-location --ignore=.venv --ignore=var --ignore=tests \
		--ignore=bench --ignore=node_modules --ignore='table/static/*'
	$(PYTHON) manage.py makemessages -d djangojs -l et -l fa -l hu --no-location --ignore=.venv --ignore=var \
		--ignore=tests --ignore=bench --ignore=node_modules --ignore=staticfiles --ignore='table/templates/*'
	$(PYTHON) manage.py compilemessages --ignore=.venv

## The catalogues (msgfmt -c: headers, plural forms, python-format; games/check_placeholders.py: every {placeholder}
## of the English in each translation, and no other); the formatters in check mode (ruff format; Biome's format and lint of the page's JavaScript); ruff; mypy over the app, bench and tests (every `--strict` check on the modules pyproject.toml lists: every app, bench and tests); the rings of DESIGN.md and no import cycle (import-linter's contracts
## in pyproject.toml); no block of 11 lines written twice in the app (pylint's duplicate-code only, configured in
## pyproject.toml). All must be clean.
APP := scorekeeper games api table exports webhooks nights web bench
lint: install-dev
	for catalogue in locale/*/LC_MESSAGES/*.po; do msgfmt -c -o /dev/null $$catalogue || exit 1; done
	$(PYTHON) -m games.check_placeholders
	$(VENV)/bin/ruff format --check .
	npx --no-install biome ci --colors=off
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy $(APP) tests
	$(VENV)/bin/lint-imports
	$(VENV)/bin/pylint $(APP)

## Apply the formatters (the whole tree was formatted once: .git-blame-ignore-revs names that commit for git blame).
format: install-dev
	$(VENV)/bin/ruff format .
	npx --no-install biome format --write
	npx --no-install biome lint --write

check-migrations: install-dev
	$(PYTHON) manage.py makemigrations --check --dry-run

check-schema: install-dev
	$(PYTHON) manage.py spectacular --validate --fail-on-warn --file /dev/null

## A Celery worker (needs REDIS_URL; refuses to start without it). It takes every queue, or only those named:
## make worker QUEUES=exports, QUEUES=webhooks, QUEUES=imports (comma-separated), so each can have its own workers.
QUEUES ?=
worker: install
	$(VENV)/bin/celery -A scorekeeper worker --loglevel=INFO $(if $(QUEUES),--queues=$(QUEUES))

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis

## Benchmarks (bench/README.md). bench.load needs PostgreSQL: DATABASE_URL=postgres://...
.PHONY: bench
bench: install-dev
	$(PYTHON) -m bench.engines
	$(PYTHON) -m bench.recording
	$(PYTHON) -m bench.load
