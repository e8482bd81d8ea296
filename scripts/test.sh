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

step "API tests on PGlite"
npx vitest run --project api

step "API tests on PostgreSQL"
bash scripts/with-postgres.sh npx vitest run --project api

step "Soak: 50 purchase journeys through nginx on 2 instances (PostgreSQL, Redis), one killed"
node scripts/soak.mjs --journeys 50 --instances 2

step "Build the web app"
npm run --silent build

step "Playwright journeys (Debian Chromium)"
npx playwright test -c e2e/playwright.config.ts
