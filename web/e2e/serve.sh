#!/usr/bin/env bash
# Starts the real academy server for the browser tests: a fresh temporary data dir, the built web app, $E2E_PORT.
# Uses $ACADEMY_BIN when set, else the workspace's debug binary when present, else `cargo run`.
# E2E_PREVIEW=1 serves web/dist with `vite preview` instead (front-end only, no API).
set -euo pipefail
WEB="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROOT="$(cd "$WEB/.." && pwd)"
PORT="${E2E_PORT:?E2E_PORT is required}"

if [ "${E2E_PREVIEW:-0}" = "1" ]; then
  exec "$WEB/node_modules/.bin/vite" preview --host 127.0.0.1 --port "$PORT" --strictPort
fi

DATA="$(mktemp -d "${TMPDIR:-/tmp}/academy-e2e.XXXXXX")"
trap 'rm -rf "$DATA"' EXIT
# Configuration through the environment works whatever the command line looks like.
export ACADEMY_ADDR="127.0.0.1:$PORT" ACADEMY_DATA_DIR="$DATA" ACADEMY_WEB_DIR="$WEB/dist" ACADEMY_PAGE_RENDERER="$WEB/dist-ssr/server.js"
export RUST_LOG="${RUST_LOG:-warn}"
unset DATABASE_URL
# The bank feed's key the specs sign their bank transactions with (E2E_SEPAY_KEY in e2e/identity-fixtures.ts).
export ACADEMY_SEPAY_API_KEY="${ACADEMY_SEPAY_API_KEY:-e2e-only-sepay-key-2026}"
# The browser tests read the demo catalogue (courses, mentors, posts...).
export ACADEMY_DEMO="${ACADEMY_DEMO:-true}"

TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
BIN="${ACADEMY_BIN:-$TARGET/debug/academy}"
if [ ! -x "$BIN" ]; then
  (cd "$ROOT" && cargo build --quiet -p academy-server)
  BIN="$TARGET/debug/academy"
fi
# Newer servers take a `serve` subcommand; older ones serve with no arguments.
ARGS=()
if "$BIN" --help 2>/dev/null | grep -qE '^\s+serve\b'; then ARGS=(serve); fi
"$BIN" "${ARGS[@]}"
