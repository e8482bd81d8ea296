#!/usr/bin/env bash
# `npm test`: every check and test, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }

step "System packages"
bash scripts/system-deps.sh

step "Lint and format (Biome)"
npx biome check .

step "Typecheck"
npm run --silent typecheck

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
