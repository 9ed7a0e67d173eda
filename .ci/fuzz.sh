#!/usr/bin/env bash
# Fuzzes the API from its own OpenAPI document (schemathesis), on SQLite and on PostgreSQL, as a visitor and
# signed in as each role of the demo data: no answer may be a 5xx, every status code must be documented for its
# operation, every body must match its documented schema. Logout and the admin's role/status changes end or
# lock the fuzzer's own session, so they are left to the API tests.
# Usage: .ci/fuzz.sh [sqlite] [postgres]   (both by default); FUZZ_EXAMPLES per operation (default 10).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"

ensure_schemathesis
ensure_postgres
BIN="${ACADEMY_BIN:-${CARGO_TARGET_DIR:-$ROOT/target}/debug/academy}"
[ -x "$BIN" ] || cargo build -p academy-server --quiet
EXAMPLES="${FUZZ_EXAMPLES:-10}"
CHECKS="not_a_server_error,status_code_conformance,response_schema_conformance"
# Signed in as each role (demo accounts); the visitor has no token.
ACCOUNTS=("visitor:" "admin01:Admin@2026" "staff01:Staff@2026" "nguyenminhkhoa:Demo@2026" "phanthiyen:Demo@2026")

token_of() {
  # token_of <base url> <username> <password>
  curl -sf -X POST "$1/auth/token" -H 'content-type: application/json' \
    -d "{\"username\":\"$2\",\"password\":\"$3\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["result"]["token"])'
}

fuzz_backend() {
  local backend="$1" work port url pid failed=0
  work="$(mktemp -d "${TMPDIR:-/tmp}/academy-fuzz.XXXXXX")"
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
  url="http://127.0.0.1:$port"
  local db=()
  if [ "$backend" = postgres ]; then db=(DATABASE_URL="$(start_throwaway_postgres "$work/pg")"); fi
  mkdir -p "$work/web"
  env "${db[@]}" ACADEMY_ADDR="127.0.0.1:$port" ACADEMY_DATA_DIR="$work/data" ACADEMY_WEB_DIR="$work/web" \
    ACADEMY_DEMO=true RUST_LOG=error "$BIN" serve >"$work/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 120); do curl -sf "$url/healthz" >/dev/null && break; sleep 0.5; done
  for account in "${ACCOUNTS[@]}"; do
    local user="${account%%:*}" password="${account#*:}" auth=()
    if [ -n "$password" ]; then auth=(-H "Authorization: Bearer $(token_of "$url" "$user" "$password")"); fi
    log "fuzz: $backend as $user ($EXAMPLES examples per operation)"
    if ! st run "$url/api/openapi.json" "${auth[@]}" --checks "$CHECKS" -n "$EXAMPLES" --seed 1 \
      --exclude-path-regex '(logout|/users/\{userId\}/(role|status))' --no-color >"$work/st-$user.txt" 2>&1; then
      failed=1
      grep -E '^(_{3,}|- |\s+(Received|Documented|curl)\b)' "$work/st-$user.txt" | head -80 >&2 || true
    fi
    grep -E 'generated|failures|passed' "$work/st-$user.txt" | tail -2
  done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  [ "$backend" = postgres ] && stop_throwaway_postgres "$work/pg"
  [ "$failed" = 0 ] && rm -rf "$work"
  return "$failed"
}

backends=("$@")
[ ${#backends[@]} -eq 0 ] && backends=(sqlite postgres)
status=0
for backend in "${backends[@]}"; do fuzz_backend "$backend" || status=1; done
[ "$status" = 0 ] && log "fuzz: no server error, every answer documented" || echo "fuzz: failures above" >&2
exit "$status"
