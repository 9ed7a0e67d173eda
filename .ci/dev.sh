#!/usr/bin/env bash
# The dev loop (`make dev`): the academy server on SQLite with the demo data, rebuilt and restarted when the
# server, shared or migrations change; the rule modules rebuilt when shared or wasm change; and the Vite dev server
# with hot reload in front of it. Open http://127.0.0.1:5173/ (the API calls go through Vite's proxy to :8080).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"

ensure_rust_wasm
ensure_node_modules
ensure_cargo_watch
wasm_built || build_wasm

export ACADEMY_ADDR="${ACADEMY_ADDR:-127.0.0.1:8080}"
export ACADEMY_DATA_DIR="${ACADEMY_DATA_DIR:-$ROOT/data}"
export ACADEMY_DEMO=true
export RUST_LOG="${RUST_LOG:-info}"

pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT INT TERM
cargo watch --quiet --postpone -w shared/src -w wasm/src -s "bash -c 'source .ci/setup.sh; build_wasm'" &
pids+=($!)
cargo watch --quiet -w server/src -w server/Cargo.toml -w shared/src -w migrations -x "run -p academy-server -- serve" &
pids+=($!)
log "dev server: http://127.0.0.1:5173/ (API on http://$ACADEMY_ADDR)"
(cd web && npx vite --host 127.0.0.1 --port 5173 --strictPort)
