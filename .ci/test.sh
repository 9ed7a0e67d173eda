#!/usr/bin/env bash
# Runs every test of the academy: the rules (Rust and wasm), the server on SQLite and on PostgreSQL, the web
# app's unit tests and the browser tests in Chromium. Installs what is missing first.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"

ensure_rust_wasm
ensure_node_modules
ensure_chromium
ensure_postgres

log "rules: unit and property tests"
cargo test -p academy-shared --all-features
test_generated_types
log "rules: wasm module through its JavaScript boundary"
test_wasm
build_wasm
check_wasm_budget

test_server
test_api_types

build_web
test_web
cargo build -p academy-server --quiet
test_e2e
log "all tests passed"
