#!/usr/bin/env bash
# Fuzzes the API from its own OpenAPI document (schemathesis), on SQLite and on PostgreSQL, as a visitor and
# signed in as each role of the demo data: no answer may be a 5xx, every status code must be documented for its
# operation, every body must match its documented schema.
#
# Each identity fuzzes a demo server of its own (its own database), all at once, so that what one identity's run
# changes (an account's e-mail, a course it deletes) never reaches another's. Left out, because they would end
# or lock the fuzzer's own session: logout for signed-in identities (without a readable body it ends the Bearer
# token's session; the visitor fuzzes it), and the role and status changes of accounts (an admin fuzzing them
# may demote or lock itself), and the live notification stream for signed-in identities (it never ends: an
# answer the fuzzer would wait for forever). The API tests cover them. The write limits are raised so that the fuzzer reaches
# the logic behind them (the API tests cover the 429s). Ten servers on two cores can make a request wait for a
# database connection longer than the 3 s after which a server answers 503 (a documented answer, tested by the
# outage tests): the fuzzed servers wait up to 30 s, so a busy machine is not mistaken for a fault of the API.
#
# Most requests are the coverage phase's: every boundary value and every value the document forbids, for each
# parameter and body field. They meet the checks of the body and parameters, the same whoever sends them, so
# they are sent once, by the admin (let in everywhere, it reaches every handler's own checks), in two runs side
# by side. Every identity also fuzzes with random data (examples, fuzzing and stateful phases): the admin with
# forbidden and allowed data, the others with allowed data, which reaches their role's own paths.
#
# Generating data for the largest bodies (a course's curriculum) can be slow on a busy machine: schemathesis's
# "too slow" health check, a statement about the machine and not the API, is off.
#
# Usage: .ci/fuzz.sh [sqlite] [postgres]   (both by default)
#   FUZZ_EXAMPLES   examples per operation in the fuzzing and stateful phases (default 3)
# A failing run prints each failure (operation, check, received and documented answers, a curl to replay it)
# and exits non-zero; the full reports stay in the printed directory.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"

ensure_schemathesis
# The server as built from this tree (a no-op when it is up to date), unless ACADEMY_BIN names one.
if [ -z "${ACADEMY_BIN:-}" ]; then cargo build -p academy-server --quiet; fi
BIN="${ACADEMY_BIN:-${CARGO_TARGET_DIR:-$ROOT/target}/debug/academy}"
EXAMPLES="${FUZZ_EXAMPLES:-3}"
CHECKS="not_a_server_error,status_code_conformance,response_schema_conformance"
# Serializers for the media types schemathesis does not know (video uploads): .ci/fuzz_hooks.py.
export PYTHONPATH="$ROOT/.ci${PYTHONPATH:+:$PYTHONPATH}" SCHEMATHESIS_HOOKS=fuzz_hooks
# Signed in as each role (demo accounts); the visitor has no token.
ACCOUNTS=("visitor:" "admin01:Admin@2026" "staff01:Staff@2026" "nguyenminhkhoa:Demo@2026" "phanthiyen:Demo@2026")
LIMITS="contact=100000/1,admission=100000/1,newsletter=100000/1,registration=100000/1,upload-url=100000/1,coupon=100000/1,coupon-address=100000/1"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

token_of() {
  # token_of <base url> <username> <password>
  curl -sf -X POST "$1/auth/token" -H 'content-type: application/json' \
    -d "{\"username\":\"$2\",\"password\":\"$3\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["result"]["token"])'
}

parts_of() {
  # parts_of <user>: the schemathesis runs of one identity, one per line: <part name> <arguments>.
  if [ "$1" = admin01 ]; then
    echo "coverage-dashboard --mode all --phases coverage --include-tag dashboard"
    echo "coverage-rest --mode all --phases coverage --exclude-tag dashboard"
    echo "random --mode all --phases examples,fuzzing,stateful"
  else
    echo "random --mode positive --phases examples,fuzzing,stateful"
  fi
}

fuzz_identity() {
  # fuzz_identity <backend> <work dir> <database url or empty> <user> <password>: a demo server of its own, then
  # schemathesis against it as that user. Writes <work>/<backend>-<user>-<part>.{txt,status}.
  local backend="$1" work="$2" database="$3" user="$4" password="$5"
  local name="$backend-$user" port url pid auth=() exclude=() db=()
  port="$(free_port)"
  url="http://127.0.0.1:$port"
  [ -n "$database" ] && db=(DATABASE_URL="$database")
  env "${db[@]}" ACADEMY_ADDR="127.0.0.1:$port" ACADEMY_DATA_DIR="$work/$name" ACADEMY_WEB_DIR="$work/web" \
    ACADEMY_DEMO=true ACADEMY_RATE_LIMITS="$LIMITS" ACADEMY_DB_ACQUIRE_TIMEOUT_SECS=30 RUST_LOG=error "$BIN" serve >"$work/$name.log" 2>&1 &
  pid=$!
  local up=0
  for _ in $(seq 1 240); do
    if curl -sf "$url/healthz" >/dev/null 2>&1; then up=1; break; fi
    sleep 0.25
  done
  if [ "$up" = 1 ] && [ -n "$password" ]; then
    local token
    if token="$(token_of "$url" "$user" "$password")"; then
      auth=(-H "Authorization: Bearer $token")
      exclude=(--exclude-path-regex '(logout|/users/\{userId\}/(role|status)$|/api/notification/stream$)')
    else
      up=0
    fi
  fi
  local part args runs=()
  while read -r part args; do
    if [ "$up" = 0 ]; then
      { echo "the $backend server for $user did not start, or $user could not sign in:"; tail -20 "$work/$name.log"; } \
        >"$work/$name-$part.txt"
      echo 1 >"$work/$name-$part.status"
      continue
    fi
    # shellcheck disable=SC2086 # the part's arguments are words
    (
      status=0
      st run "$url/api/openapi.json" "${auth[@]}" --checks "$CHECKS" $args -n "$EXAMPLES" --seed 1 \
        --generation-database none --suppress-health-check too_slow "${exclude[@]}" --no-color \
        >"$work/$name-$part.txt" 2>&1 || status=$?
      echo "$status" >"$work/$name-$part.status"
    ) &
    runs+=($!)
  done < <(parts_of "$user")
  for run in "${runs[@]}"; do wait "$run" || true; done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

backends=("$@")
[ ${#backends[@]} -eq 0 ] && backends=(sqlite postgres)
work="$(mktemp -d "${TMPDIR:-/tmp}/academy-fuzz.XXXXXX")"
mkdir -p "$work/web"
pg=""
started=$SECONDS
identities=()
for backend in "${backends[@]}"; do
  case "$backend" in
    sqlite | postgres) ;;
    *) echo "unknown backend: $backend (sqlite, postgres)" >&2; exit 2 ;;
  esac
  for account in "${ACCOUNTS[@]}"; do
    user="${account%%:*}"
    database=""
    if [ "$backend" = postgres ]; then
      if [ -z "$pg" ]; then
        ensure_postgres
        # A directory of its own: the cluster runs as the postgres user, who cannot enter $work.
        pg="$(mktemp -d "${TMPDIR:-/tmp}/academy-fuzz-pg.XXXXXX")"
        server_url="$(start_throwaway_postgres "$pg")"
        server_url="${server_url%/*}"
      fi
      "$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)/createdb" -h 127.0.0.1 -p "${server_url##*:}" \
        -U postgres "fuzz_$user"
      database="$server_url/fuzz_$user"
    fi
    fuzz_identity "$backend" "$work" "$database" "$user" "${account#*:}" &
    identities+=($!)
  done
done
log "fuzz: ${backends[*]} × ${#ACCOUNTS[@]} identities at once ($EXAMPLES examples per operation and phase)"
for identity in "${identities[@]}"; do wait "$identity" || true; done
[ -n "$pg" ] && stop_throwaway_postgres "$pg"

failed=0
for backend in "${backends[@]}"; do
  for account in "${ACCOUNTS[@]}"; do
    while read -r part _; do
      name="$backend-${account%%:*}-$part"
      status="$(cat "$work/$name.status" 2>/dev/null || echo 1)"
      summary="$(grep -E '^=+ .* in [0-9.]+s =+$' "$work/$name.txt" 2>/dev/null | tail -1 | tr -d '=' | xargs || true)"
      printf '    %-42s %s\n' "$name" "${summary:-no summary}"
      if [ "$status" != 0 ]; then
        failed=1
        echo "---- $name: failures" >&2
        # Each failure (the operation, the check, the answer received and the ones documented, a curl to replay it)
        # and each error; a run that ended otherwise shows its end.
        awk '/^=+ (FAILURES|ERRORS) =+$/ { show = 1; print; next } /^=+ [A-Z ]+ =+$/ { show = 0 } show' \
          "$work/$name.txt" | head -120 >&2
        grep -qE '^=+ (FAILURES|ERRORS) =+$' "$work/$name.txt" || tail -30 "$work/$name.txt" >&2
      fi
    done < <(parts_of "${account%%:*}")
  done
done
log "fuzz: took $((SECONDS - started)) s"
if [ "$failed" = 0 ]; then
  rm -rf "$work"
  log "fuzz: no server error, every answer documented and matching its schema"
else
  echo "fuzz: failures above; full reports in $work" >&2
fi
exit "$failed"
