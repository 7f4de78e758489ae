#!/usr/bin/env bash
# `npm test`: every check the project has — typecheck, lint, unit + API tests (Vitest), a production
# build, and the browser tests (Playwright in Chromium). Honours DATABASE_URL (PostgreSQL) for both.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }

step "Typecheck"
npx tsc -p tsconfig.json --noEmit

step "Lint"
npx eslint --max-warnings 0 .

step "Unit and API tests (Vitest) on ${DATABASE_URL:+PostgreSQL}${DATABASE_URL:-the embedded database}"
npx vitest run

step "Build"
npm run build --silent

step "Browser tests (Playwright)"
chrome="$(bash scripts/find-chromium.sh)"
if [[ "$chrome" == "playwright-managed" ]]; then export CHROME_PATH=""; else export CHROME_PATH="$chrome"; fi
npx playwright test
