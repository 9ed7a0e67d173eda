# The academy's commands. On a fresh Debian machine each installs what it needs first (once; later runs skip it).
#
#   make run          the app on SQLite with the demo data: http://127.0.0.1:8080/
#   make test         every test (CI runs this)
#   make dev          the server (restarted on change) and the Vite dev server (hot reload): http://127.0.0.1:5173/
#
# Parts of `make test` for the inner loop: make test-rules | test-server | test-fuzz | test-web | test-e2e | lint
# Lighthouse (mobile) on the demo's public pages against their budgets: make lighthouse

.PHONY: run test dev lint lighthouse test-rules test-server test-fuzz test-web test-e2e

run:
	@bash .ci/start.sh

test:
	@bash .ci/test.sh

dev:
	@bash .ci/dev.sh

lint:
	@bash .ci/test.sh lint

lighthouse:
	@bash .ci/test.sh lighthouse

test-rules:
	@bash .ci/test.sh rules

test-server:
	@bash .ci/test.sh server

test-fuzz:
	@bash .ci/test.sh fuzz

test-web:
	@bash .ci/test.sh web

test-e2e:
	@bash .ci/test.sh e2e
