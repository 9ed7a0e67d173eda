#!/usr/bin/env bash
# Installs what the project needs on this machine, once: later runs find it and skip.
# Sourced by .ci/start.sh and .ci/test.sh; every step checks before it installs.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="${ACADEMY_TOOLS:-$HOME/.cache/academy/tools}"
WASM_BINDGEN_VERSION="0.2.130"
WASM_PACK_VERSION="0.15.1"
CARGO_WATCH_VERSION="8.5.3"
export PATH="$TOOLS/bin:$ROOT/web/node_modules/.bin:$HOME/.cargo/bin:$PATH"

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }

apt_install() {
  # apt_install <package>...: installs Debian packages not yet present.
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing ${missing[*]} (apt)"
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

ensure_rust_wasm() {
  if ! rustup target list --installed | grep -q wasm32-unknown-unknown; then
    log "adding the wasm32 target"
    rustup target add wasm32-unknown-unknown
  fi
  if ! wasm-bindgen --version 2>/dev/null | grep -q "$WASM_BINDGEN_VERSION"; then
    log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes, once)"
    cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --root "$TOOLS" --force
  fi
  if ! wasm-pack --version 2>/dev/null | grep -q "$WASM_PACK_VERSION"; then
    log "installing wasm-pack $WASM_PACK_VERSION (a few minutes, once)"
    cargo install wasm-pack --version "$WASM_PACK_VERSION" --locked --root "$TOOLS" --force
  fi
}

ensure_node_modules() {
  # npm ci only when the lock file changed since the last install.
  local stamp="$ROOT/web/node_modules/.academy-lock"
  if [ ! -f "$stamp" ] || ! cmp -s "$ROOT/web/package-lock.json" "$stamp"; then
    log "installing web packages (npm ci)"
    (cd "$ROOT/web" && npm ci --no-audit --no-fund --loglevel=error)
    cp "$ROOT/web/package-lock.json" "$stamp"
  fi
}

ensure_chromium() { command -v chromium >/dev/null 2>&1 || apt_install chromium; }

ensure_postgres() {
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || apt_install postgresql postgresql-contrib
}

build_wasm() {
  # Five modules from the wasm crate: the site's first download (wasm/pkg, npm academy-wasm, feature `initial`)
  # and four loaded lazily by the pages that need them, each built from its feature alone: the account forms'
  # (wasm/pkg-account, academy-wasm-account), the dashboard's (wasm/pkg-dashboard, academy-wasm-dashboard), the
  # checkout's (wasm/pkg-checkout, academy-wasm-checkout) and the schedule page's (wasm/pkg-schedule,
  # academy-wasm-schedule).
  # wasm-opt comes from the web devDependency `binaryen` (web/node_modules/.bin, on PATH above); wasm-pack's own
  # download would need the internet. Without it the modules are built unoptimised (larger, still correct).
  log "building the rule modules (wasm: site, account, dashboard, checkout, schedule)"
  local opt=()
  if ! command -v wasm-opt >/dev/null 2>&1; then
    log "wasm-opt not found (run ensure_node_modules first): building without it"
    opt=(--no-opt)
  fi
  (cd "$ROOT/wasm" && wasm-pack --quiet build "${opt[@]}" --target bundler --release --mode no-install \
    --out-dir pkg --out-name academy_wasm)
  local module description
  for module in account dashboard checkout schedule; do
    case "$module" in
      account) description="The academy's account form rules for the browser (login, registration, profile)." ;;
      dashboard) description="The academy's dashboard rules for the browser (catalogue editor forms)." ;;
      checkout) description="The academy's checkout rules for the browser (VietQR payload and QR code)." ;;
      schedule) description="The academy's schedule rules for the browser (a teacher's week, bookable times)." ;;
    esac
    (cd "$ROOT/wasm" && wasm-pack --quiet build "${opt[@]}" --target bundler --release --mode no-install \
      --out-dir "pkg-$module" --out-name "academy_wasm_$module" -- --no-default-features --features "$module")
    # wasm-pack names the package after the crate; the web app depends on it as academy-wasm-<module>.
    (cd "$ROOT/wasm/pkg-$module" && npm pkg set name="academy-wasm-$module" description="$description")
  done
}

sources_digest() {
  # A digest of the files (tracked or new, not ignored) under the given paths of the repository; empty outside a
  # git checkout (then nothing counts as up to date).
  (cd "$ROOT" && git rev-parse --is-inside-work-tree >/dev/null 2>&1 &&
    git ls-files -z --cached --others --exclude-standard -- "$@" | xargs -0 sha1sum 2>/dev/null | sha1sum |
    cut -d' ' -f1) || true
}

built_from() {
  # Whether the build named $1 was last made from sources with digest $2 (see mark_built).
  [ -n "$2" ] && [ -f "$ROOT/target/built-from/$1" ] && [ "$(cat "$ROOT/target/built-from/$1")" = "$2" ]
}

mark_built() {
  # Records that the build named $1 was made from sources with digest $2.
  mkdir -p "$ROOT/target/built-from" && printf '%s\n' "$2" >"$ROOT/target/built-from/$1"
}

build_front_end_if_changed() {
  # The rule modules and the web app, built again only when their sources changed since they were last built
  # here (a second `make run` starts in seconds).
  local wasm_sources web_sources
  wasm_sources="$(sources_digest Cargo.toml Cargo.lock shared wasm)"
  if wasm_built && built_from wasm "$wasm_sources"; then
    log "the rule modules are up to date"
  else
    build_wasm
    mark_built wasm "$wasm_sources"
  fi
  web_sources="$wasm_sources-$(sources_digest web/src web/public web/index.html web/package-lock.json \
    web/vite.config.ts web/tsconfig.json)"
  if [ -f "$ROOT/web/dist/index.html" ] && [ -f "$ROOT/web/dist-ssr/server.js" ] && built_from web "$web_sources"; then
    log "the web app is up to date"
  else
    build_web
    mark_built web "$web_sources"
  fi
}

wasm_built() {
  # Whether all five rule modules have been built (build_wasm).
  local pkg
  for pkg in pkg pkg-account pkg-dashboard pkg-checkout pkg-schedule; do
    [ -f "$ROOT/wasm/$pkg/package.json" ] || return 1
  done
}

check_wasm_budget() {
  # Gzip budgets (bytes) of the modules a visitor waits for: the site's first module, in every first download
  # (25 KiB: 24.4 KB measured and ~5% room), and the checkout's, loaded while a buyer waits for the QR code to pay
  # with (29 KiB: 28.3 KB measured and ~5% room). Prints raw and gzip sizes of all five; the account forms', the
  # dashboard's and the schedule page's modules, loaded with their pages only, have no budget of their own.
  local failed=0 module file raw gz budget
  for module in initial account dashboard checkout schedule; do
    case "$module" in
      initial) file="$ROOT/wasm/pkg/academy_wasm_bg.wasm"; budget=25600 ;;
      checkout) file="$ROOT/wasm/pkg-checkout/academy_wasm_checkout_bg.wasm"; budget=29696 ;;
      *) file="$ROOT/wasm/pkg-$module/academy_wasm_${module}_bg.wasm"; budget="" ;;
    esac
    [ -f "$file" ] || { [ "$module" = initial ] && { echo "missing $file: run build_wasm" >&2; return 1; }; continue; }
    raw=$(wc -c <"$file"); gz=$(gzip -9 -c "$file" | wc -c)
    log "$module rule module: ${raw} bytes raw, ${gz} bytes gzip${budget:+ (budget $budget)}"
    if [ -n "$budget" ] && [ "$gz" -gt "$budget" ]; then
      echo "the $module rule module is over its budget: ${gz} > ${budget} bytes gzip" >&2
      failed=1
    fi
  done
  return "$failed"
}

test_wasm() {
  # The rule modules' own tests, through their JavaScript boundary, in Node (wasm-bindgen-test-runner from
  # wasm-bindgen-cli, installed by ensure_rust_wasm): one build with every module's feature runs each module's
  # tests (wasm/tests/<module>.rs). That each module also builds alone is build_wasm's part, and that it exports
  # what the pages import is the web app's type check against wasm/pkg-*.
  log "wasm: boundary tests of every module (wasm-pack test --node, all features)"
  (cd "$ROOT/wasm" && wasm-pack test --node -- --all-features)
}

test_generated_types() {
  # Regenerates the TypeScript types of the rules (web/src/lib/rules, ts-rs) and fails when they differ from
  # the committed ones: run `cargo test -p academy-shared --features ts` and commit the result.
  # --all-features, as the rule tests run: the same build, nothing compiled again.
  log "rules: TypeScript types are up to date"
  cargo test -p academy-shared --all-features --quiet export_typescript_types >/dev/null
  if ! git -C "$ROOT" diff --exit-code --stat -- web/src/lib/rules \
    || [ -n "$(git -C "$ROOT" status --porcelain -- web/src/lib/rules)" ]; then
    echo "web/src/lib/rules is stale: commit the regenerated types" >&2
    return 1
  fi
}

generate_api_types() {
  # The web app's API types (web/src/lib/api/schema.d.ts) from the server's OpenAPI document, printed by
  # `academy openapi` without a database: the server binary named by $1 (built already), else `cargo run`.
  # openapi-typescript 6 builds its output without the TypeScript compiler (7.x needs TypeScript 5's compiler API,
  # which TypeScript 7 no longer ships).
  local doc
  doc="$(mktemp)"
  if [ -n "${1:-}" ]; then "$1" openapi >"$doc"; else cargo run --quiet -p academy-server -- openapi >"$doc"; fi
  (cd "$ROOT/web" && npx openapi-typescript "$doc" --output src/lib/api/schema.d.ts >/dev/null)
  rm -f "$doc"
}

test_api_types() {
  # Regenerates the web app's API types from the server's OpenAPI document and fails when they differ from the
  # committed ones: run `generate_api_types` (or `npm run api-types` in web/) and commit the result.
  # From the server binary of the test build (build_server_tests: nothing new to compile after the server's tests).
  log "api: TypeScript types are up to date"
  build_server_tests >/dev/null
  generate_api_types "$(server_binary)"
  if ! git -C "$ROOT" diff --exit-code --stat -- web/src/lib/api/schema.d.ts \
    || [ -n "$(git -C "$ROOT" status --porcelain -- web/src/lib/api/schema.d.ts)" ]; then
    echo "web/src/lib/api/schema.d.ts is stale: commit the regenerated types" >&2
    return 1
  fi
}

build_web() {
  log "building the web app and its page renderer"
  (cd "$ROOT/web" && npx vite build --logLevel warn && npx vite build --ssr src/ssr/server.ts --logLevel warn)
}

check_js_budget() {
  # The JavaScript a visitor's browser fetches for the home page to start (the start script, the entry and every
  # chunk it imports statically, read from Vite's manifest) within 120 KiB gzip: .ci/js-budget.mjs, which prints
  # every chunk's size. Needs build_web.
  node "$ROOT/.ci/js-budget.mjs" "$ROOT/web/dist"
}

test_web() {
  # The web app's unit tests (vitest): translations, api client against a real local server, components.
  log "web: unit tests (vitest)"
  (cd "$ROOT/web" && npx tsc --noEmit -p . && npx vitest run)
}

check_web_style() {
  # The web app's formatting (Prettier, web/.prettierrc.json) and lint (ESLint, web/eslint.config.js: typescript-eslint
  # with types, the rules of hooks, features never importing each other, no import cycles), warnings denied.
  # ESLint reads the rule modules' types: build them first (build_wasm). Fix with `npm run format` / `npm run lint`.
  log "web: formatting (Prettier) and lint (ESLint)"
  (cd "$ROOT/web" && npx prettier --check --log-level warn . && npx eslint --max-warnings 0 .)
}

test_e2e() {
  # Browser tests (Playwright, Debian's Chromium) against the real server serving web/dist.
  # Needs: build_web and the server binary (target/debug/academy, or ACADEMY_BIN); e2e/serve.sh starts it.
  ensure_chromium
  log "web: browser tests (Playwright, Chromium)"
  # The run's closing summary (which tests failed) is kept for the step table: CI's log may show only its end.
  local output status=0
  output="$(mktemp "${TMPDIR:-/tmp}/academy-e2e.XXXXXX")"
  (cd "$ROOT/web" && CI="${CI:-true}" npx playwright test) 2>&1 | tee "$output" || status=$?
  if [ -n "${STEP_TIMES:-}" ]; then
    awk '/^  [0-9]+ (failed|flaky)$/ { on = 1 } /^  [0-9]+ passed/ { on = 0 } on' "$output" >"$STEP_TIMES.e2e"
  fi
  rm -f "$output"
  return "$status"
}

run_lighthouse() {
  # Lighthouse (mobile) on the public pages of a demo server started for it (web/e2e/serve.sh: the built web app,
  # the debug server, a fresh data dir): .ci/lighthouse/run.mjs, its own npm project, installed here once.
  ensure_chromium
  ensure_lighthouse
  local dir="$ROOT/.ci/lighthouse"
  local port=18765 server status=0
  E2E_PORT=$port bash "$ROOT/web/e2e/serve.sh" >/dev/null 2>&1 &
  server=$!
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.3; done
  log "Lighthouse (mobile: slow 4G, calibrated CPU slowdown) on the public pages, median of 3 runs"
  (cd "$dir" && node run.mjs "http://127.0.0.1:$port" 3) || status=$?
  # serve.sh waits on the server (to remove its data dir after): stop the server, then serve.sh ends.
  pkill -P "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  return "$status"
}

server_binary() {
  # The server binary the test build makes (build_server_tests, build_server): the fuzz, the browser tests and
  # Lighthouse run it.
  echo "${CARGO_TARGET_DIR:-$ROOT/target}/debug/academy"
}

build_server_tests() {
  # The server, its unit tests and its API test binary (server/tests/api), in one cargo run; the executables'
  # paths go to target/server-tests.list. Integration tests make cargo build the server binary too, with the
  # same features as the tests (a plain `cargo build` would compile it again: the test dependencies change the
  # features of shared libraries), so every later step runs this one binary.
  log "server: building the server and its tests (once)"
  local list="${CARGO_TARGET_DIR:-$ROOT/target}/server-tests.list"
  mkdir -p "$(dirname "$list")"
  cargo test -p academy-server --lib --test api --no-run --message-format=json-render-diagnostics | python3 -c '
import json, sys
for line in sys.stdin:
    try:
        message = json.loads(line)
    except ValueError:
        continue
    if message.get("reason") == "compiler-artifact" and message.get("executable") and message["profile"]["test"]:
        kind = "unit" if "lib" in message["target"]["kind"] else message["target"]["name"]
        print(kind, message["executable"])
' >"$list.new"
  mv "$list.new" "$list"
}

build_server() {
  # The server binary alone, as the test build makes it (build_server_tests), so the two never replace each
  # other's artefacts.
  build_server_tests
}

server_test_executable() {
  # server_test_executable <unit|api>: the path build_server_tests recorded.
  awk -v kind="$1" '$1 == kind { print $2 }' "${CARGO_TARGET_DIR:-$ROOT/target}/server-tests.list"
}

run_server_unit_tests() {
  log "server: unit tests"
  (cd "$ROOT/server" && "$(server_test_executable unit)")
}

run_server_api_tests() {
  # The server's integration tests (one binary, server/tests/api) on SQLite and on PostgreSQL at once, each with
  # its output in a log of its own: the summary is printed, and a backend's whole output when it fails. Each runs
  # two tests at a time (the cores): many tests wait on the database or on a password hash, so the two suites
  # together keep both cores busy. For PostgreSQL the test binary starts a throwaway cluster of its own in a
  # temp dir (as the postgres user when run as root) and removes it when it exits; ACADEMY_TEST_PG_URL=
  # postgres://user@host:port uses an existing server instead (a fresh database per test is created there).
  # API_TEST_THREADS changes the tests run at a time per backend.
  local api logs backend status=0 pids=()
  api="$(server_test_executable api)"
  ensure_mail_server
  ensure_s3_server
  logs="$(mktemp -d "${TMPDIR:-/tmp}/academy-api-tests.XXXXXX")"
  log "server: integration tests on SQLite and on PostgreSQL side by side"
  for backend in sqlite postgres; do
    (cd "$ROOT/server" && ACADEMY_TEST_BACKEND=$backend "$api" --test-threads "${API_TEST_THREADS:-2}"       >"$logs/$backend.log" 2>&1) &
    pids+=($!)
  done
  local i=0
  for backend in sqlite postgres; do
    if wait "${pids[$i]}"; then
      printf '    %-9s %s\n' "$backend" "$(grep -E '^test result:' "$logs/$backend.log" | tail -1)"
    else
      status=1
      echo "---- server: integration tests on $backend failed:" >&2
      cat "$logs/$backend.log" >&2
    fi
    i=$((i + 1))
  done
  rm -rf "$logs"
  return "$status"
}

test_server() {
  # The server's unit and integration tests (build_server_tests, then both suites).
  ensure_postgres
  build_server_tests
  run_server_unit_tests
  run_server_api_tests
}

check_rust_format() {
  # The house formatting (rustfmt.toml) and no import cycles between the server's modules.
  log "lint: rustfmt"
  cargo fmt --all --check
  log "lint: no import cycles between the server's modules"
  python3 "$ROOT/.ci/module_cycles.py" "$ROOT/server/src"
}

check_clippy() {
  # Clippy with warnings denied, on every crate and target.
  log "lint: clippy"
  cargo clippy --workspace --all-targets --quiet -- -D warnings
}

ensure_rust_components() {
  local component
  for component in rustfmt clippy; do
    if ! rustup component list --installed | grep -q "^$component"; then
      log "adding the $component component"
      rustup component add "$component"
    fi
  done
}

check_rust_style() {
  # rustfmt, clippy and the module cycles.
  ensure_rust_components
  check_rust_format
  check_clippy
}

test_rules() {
  # The rule crate's unit and property tests (every feature), then its generated TypeScript types.
  log "rules: unit and property tests"
  cargo test -p academy-shared --all-features
  test_generated_types
}

ensure_lint_tools() {
  # rustfmt, clippy, and what ESLint reads (the web packages, the rule modules' types).
  ensure_rust_components
  ensure_rust_wasm
  ensure_node_modules
  [ -f "$ROOT/wasm/pkg/package.json" ] || build_wasm
}

ensure_front_end_tools() {
  ensure_rust_wasm
  ensure_node_modules
}

ensure_server_test_tools() {
  ensure_postgres
  ensure_node_modules
  ensure_mail_server
  ensure_s3_server
}

ensure_lighthouse() {
  # Lighthouse, .ci/lighthouse's own npm project, installed once.
  local dir="$ROOT/.ci/lighthouse" stamp="$ROOT/.ci/lighthouse/node_modules/.academy-lock"
  if [ ! -f "$stamp" ] || ! cmp -s "$dir/package-lock.json" "$stamp"; then
    log "installing Lighthouse (npm ci in .ci/lighthouse)"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    cp "$dir/package-lock.json" "$stamp"
  fi
}

report_free_disk() {
  # The space left where the build, the databases and the browser write. The full run needs about 10 GB on a
  # fresh clone (the debug build ~6 GB, the wasm and web builds, PostgreSQL's clusters, the browsers' profiles);
  # when the disk fills, PostgreSQL stops and compilers fail in ways that do not say why, so it is said here.
  local dir free_kb
  for dir in "$ROOT" "${TMPDIR:-/tmp}"; do
    free_kb="$(df -Pk "$dir" | awk 'NR == 2 { print $4 }')"
    echo "disk: $((free_kb / 1024 / 1024)) GB free at $dir"
    if [ "$free_kb" -lt $((10 * 1024 * 1024)) ]; then
      echo "disk: less than 10 GB free at $dir; the run may fail for want of space" >&2
    fi
  done
}

ensure_all_tools() {
  # Everything the full test run needs, installed before its parts run side by side.
  report_free_disk
  ensure_rust_components
  ensure_rust_wasm
  ensure_node_modules
  ensure_postgres
  ensure_chromium
  ensure_schemathesis
  ensure_mail_server
  ensure_s3_server
  ensure_lighthouse
}

step() {
  # step <name> <function or command> [argument...]: runs it in a shell of its own (its first failing command
  # ends it, whatever called the step) and records its time and result in $STEP_TIMES for print_step_times.
  # The processor time its processes took (user + system, as `times` counts the children waited for) is
  # recorded too: on a shared machine it says what a step costs better than the time on the clock.
  local name="$1" start status=0 cpu
  shift
  start="$EPOCHREALTIME"
  cpu="$(mktemp "${TMPDIR:-/tmp}/academy-step-cpu.XXXXXX")"
  STEP_CPU="$cpu" bash -euo pipefail -c 'source "$0"; cd "$ROOT"; trap "times >\"\$STEP_CPU\"" EXIT; "$@"' \
    "$ROOT/.ci/setup.sh" "$@" || status=$?
  [ -n "${STEP_TIMES:-}" ] && printf '%s %s %s %s %s\n' "$name" "$start" "$EPOCHREALTIME" "$status" \
    "$(cpu_seconds "$cpu")" >>"$STEP_TIMES"
  rm -f "$cpu"
  return "$status"
}

cpu_seconds() {
  # The children's user + system seconds from the output of `times` (its second line: `1m2.5s 0m3.1s`).
  awk 'NR == 2 {
    total = 0
    for (i = 1; i <= 2; i++) { split($i, part, "m"); total += part[1] * 60 + part[2] }
    printf "%d", total
  }' "$1" 2>/dev/null || true
}

print_step_times() {
  # The table of the steps' times (see step), in the order they started, and the ones that failed.
  [ -s "${STEP_TIMES:-}" ] || return 0
  sort -k2,2n "$STEP_TIMES" | awk '
    function clock(s) { return sprintf("%d:%02d", int(s / 60), int(s) % 60) }
    NR == 1 { first = $2 }
    {
      if ($3 > last) last = $3
      result = $4 == 0 ? "ok" : "FAILED (" $4 ")"
      if ($4 != 0) failed = failed " " $1
      rows[NR] = sprintf("  %-14s %8s %8s %8s  %s", $1, clock($2 - first), clock($3 - $2), $5 == "" ? "" : clock($5), result)
      cpu += $5
    }
    END {
      print ""
      printf "  %-14s %8s %8s %8s  %s\n", "step", "started", "took", "cpu", "result"
      for (i = 1; i <= NR; i++) print rows[i]
      printf "  %-14s %8s %8s %8s\n", "total", "", clock(last - first), clock(cpu)
      if (failed != "") print "  failed:" failed
    }'
  # A failure for want of space says so nowhere else.
  awk '$4 != 0 { found = 1 } END { exit !found }' "$STEP_TIMES" && report_free_disk | sed 's/^/  /'
  # The browser tests that failed or were flaky, named after the table.
  if [ -s "$STEP_TIMES.e2e" ]; then
    echo
    echo "  browser tests:"
    cat "$STEP_TIMES.e2e"
  fi
  rm -f "$STEP_TIMES.e2e"
}

ensure_cargo_watch() {
  # The dev loop restarts the server when its code changes.
  if ! cargo-watch --version 2>/dev/null | grep -q "$CARGO_WATCH_VERSION"; then
    log "installing cargo-watch $CARGO_WATCH_VERSION (a minute, once)"
    cargo install cargo-watch --version "$CARGO_WATCH_VERSION" --locked --root "$TOOLS" --force
  fi
}

ensure_schemathesis() {
  # schemathesis (API fuzzing from the OpenAPI document) in a virtualenv of the tools cache.
  local venv="$HOME/.cache/academy/venv" version="4.32.5"
  if ! "$venv/bin/st" --version 2>/dev/null | grep -q "$version"; then
    log "installing schemathesis $version (once)"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "schemathesis==$version"
  fi
  export PATH="$venv/bin:$PATH"
}

ensure_mail_server() {
  # aiosmtpd (a real SMTP server the mail test starts) in a virtualenv of the tools cache; the API tests find its
  # Python in ACADEMY_TEST_SMTPD_PYTHON.
  local venv="$HOME/.cache/academy/venv-mail" version="1.4.6"
  if ! "$venv/bin/python" -c "import aiosmtpd, sys; sys.exit(aiosmtpd.__version__ != '$version')" 2>/dev/null; then
    log "installing aiosmtpd $version (once)"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "aiosmtpd==$version"
  fi
  export ACADEMY_TEST_SMTPD_PYTHON="$venv/bin/python"
}

ensure_s3_server() {
  # moto's standalone S3-compatible server (the storage test starts one) in a virtualenv of the tools cache (about
  # 50 s the first time); the API tests find its Python in ACADEMY_TEST_MOTO_PYTHON.
  local venv="$HOME/.cache/academy/venv-s3" version="5.2.5"
  if ! "$venv/bin/python" -c "import moto.server, sys; sys.exit(moto.__version__ != '$version')" 2>/dev/null; then
    log "installing moto $version (once)"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "moto[server]==$version"
  fi
  export ACADEMY_TEST_MOTO_PYTHON="$venv/bin/python"
}

start_throwaway_postgres() {
  # start_throwaway_postgres <dir>: a PostgreSQL cluster of its own in <dir> on a free port (as the postgres user
  # when run as root: initdb refuses root); prints its URL. Stop it with stop_throwaway_postgres <dir>.
  local dir="$1" bin port
  bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
  mkdir -p "$dir"
  local run=(sh -c)
  if [ "$(id -u)" -eq 0 ]; then chown -R postgres:postgres "$dir"; run=(su postgres -s /bin/sh -c); fi
  "${run[@]}" "$bin/initdb -D $dir/data -A trust -U postgres -E UTF8 --locale=C --no-sync >$dir/initdb.log 2>&1"
  "${run[@]}" "$bin/pg_ctl -D $dir/data -l $dir/server.log -w -t 60 -o '-p $port -k $dir \
    -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off' start >/dev/null"
  "${run[@]}" "$bin/createdb -h 127.0.0.1 -p $port -U postgres academy"
  echo "postgres://postgres@127.0.0.1:$port/academy"
}

stop_throwaway_postgres() {
  local dir="$1" bin
  bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
  local run=(sh -c)
  [ "$(id -u)" -eq 0 ] && run=(su postgres -s /bin/sh -c)
  "${run[@]}" "$bin/pg_ctl -D $dir/data -m immediate stop" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
