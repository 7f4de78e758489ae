#!/usr/bin/env bash
# The two-instance test (ADR 0088): two production instances of the built server (dist/) behind
# Debian's nginx running deploy/nginx/heirloom.conf, on a fresh database of DATABASE_URL's
# PostgreSQL server (default: the local one) and s3rver. Build first (`npm run build`) when run alone.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v nginx >/dev/null || { echo "nginx is not installed (apt-get install nginx-light)"; exit 1; }
[[ -f dist/server/src/server/main.js ]] || { echo "no dist/: run npm run build first"; exit 1; }
export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
npx vitest run --config test/cluster/vitest.config.ts "$@"
