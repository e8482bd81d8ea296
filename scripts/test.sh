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

# The API tests run in full on PostgreSQL, the production database, two files at a time (each file has
# its own database on the throwaway cluster). PGlite, the embedded default, runs every journey below;
# here it also runs the API files marked `// @pglite` (what differs on it: the queue in front of it,
# its backups, start-up, the books and pg-boss on its adapter). The whole API suite on both would
# take a second quarter of an hour to prove the same SQL twice.
step "API tests on PostgreSQL"
bash scripts/with-postgres.sh npx vitest run --project api --maxWorkers=2

step "API tests on PGlite (the files marked @pglite)"
mapfile -t pglite_files < <(grep -l '^// @pglite' apps/api/test/*.test.ts)
[ "${#pglite_files[@]}" -gt 0 ] || { echo "no API test file is marked // @pglite" >&2; exit 1; }
npx vitest run --project api "${pglite_files[@]}"

# Built once here: the soak's instances run in production mode, which serves this build and never builds.
step "Build the web app"
npm run --silent build

step "Soak: 50 purchase journeys through nginx on 2 production instances (PostgreSQL, Redis), one killed"
node scripts/soak.mjs --journeys 50 --instances 2

step "Playwright journeys (Debian Chromium)"
npx playwright test -c e2e/playwright.config.ts
