#!/usr/bin/env bash
# Runs the academy on this machine: installs what is missing, builds the rule modules and the web app (again only
# when their sources changed) and the server, then starts it on SQLite with the demo data.
# Usage: make run  (ACADEMY_ADDR=0.0.0.0:8080 make run to share)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"

ensure_rust_wasm
# The server (profile `serve`, see Cargo.toml) builds while the web packages install and the web app builds.
log "building the server (profile serve) beside the web app"
cargo build --profile serve -p academy-server --quiet &
server_build=$!
ensure_node_modules
build_front_end_if_changed
wait "$server_build"

export ACADEMY_ADDR="${ACADEMY_ADDR:-127.0.0.1:8080}"
export ACADEMY_DATA_DIR="${ACADEMY_DATA_DIR:-$ROOT/data}"
export ACADEMY_WEB_DIR="$ROOT/web/dist" ACADEMY_PAGE_RENDERER="$ROOT/web/dist-ssr/server.js"
log "the academy is starting at http://${ACADEMY_ADDR/0.0.0.0/localhost}/  (Ctrl-C stops it)"
exec "${CARGO_TARGET_DIR:-$ROOT/target}/serve/academy" serve --demo
