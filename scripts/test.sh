#!/usr/bin/env bash
# `npm test`: every check and test, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# The project's own Node 24 (the `node` package) first, also when this file is run without npm.
export PATH="$PWD/node_modules/.bin:$PATH"

step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }

step "Node $(node -v) ($(command -v node))"
node scripts/lib/require-node.mjs

step "Lockfile matches package.json (npm ci accepts it)"
node scripts/lockfile-check.mjs

step "System packages"
bash scripts/system-deps.sh

step "Lint and format (Biome)"
npx biome check .

step "Typecheck"
npm run --silent typecheck

step "Production dependencies' advisories (npm audit --omit=dev: fails on high or critical)"
node scripts/audit.mjs

step "Unit tests (domain, web)"
npx vitest run --project domain --project web

# Vitest gives the API project one worker on two cores, and much of a PostgreSQL run is waiting on
# the server: the two runs go side by side, PostgreSQL's output printed when both are done.
step "API tests on PGlite, and on PostgreSQL beside it"
pg_log=$(mktemp /tmp/bima-api-pg-XXXXXX.log)
bash scripts/with-postgres.sh npx vitest run --project api >"$pg_log" 2>&1 &
pg_pid=$!
pglite_status=0
npx vitest run --project api || pglite_status=$?
pg_status=0
wait "$pg_pid" || pg_status=$?
step "API tests on PostgreSQL"
cat "$pg_log"
rm -f "$pg_log"
[ "$pglite_status" -eq 0 ] || { echo "API tests on PGlite failed" >&2; exit 1; }
[ "$pg_status" -eq 0 ] || { echo "API tests on PostgreSQL failed" >&2; exit 1; }

# Built once here: the soak's instances run in production mode, which serves this build and never builds.
step "Build the web app"
npm run --silent build

step "Soak: 50 purchase journeys through nginx on 2 production instances (PostgreSQL, Redis), one killed"
node scripts/soak.mjs --journeys 50 --instances 2

step "Playwright journeys (Debian Chromium)"
npx playwright test -c e2e/playwright.config.ts
