#!/usr/bin/env bash
# Prints the path of a Chromium for the browser tests, installing one when it can:
# $CHROME_PATH if set; else a system chromium-headless-shell (the same Blink without the browser's
# window machinery: the suite ran ~16 % faster on it, ADR 0089) or chromium; else, as root on
# Debian/Ubuntu, apt's `chromium-headless-shell`;
# else Playwright's own download (where the internet allows it). Otherwise it says what to do.
set -euo pipefail
if [[ -n "${CHROME_PATH:-}" && -x "${CHROME_PATH}" ]]; then echo "$CHROME_PATH"; exit 0; fi
for candidate in /usr/bin/chromium-headless-shell /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome /usr/bin/google-chrome-stable; do
  if [[ -x "$candidate" ]]; then echo "$candidate"; exit 0; fi
done
if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium-headless-shell package for the browser tests…" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null) >&2 || true
  if [[ -x /usr/bin/chromium-headless-shell ]]; then echo /usr/bin/chromium-headless-shell; exit 0; fi
fi
if npx --no-install playwright install chromium >&2 2>&1; then
  echo "playwright-managed"; exit 0
fi
cat >&2 <<'MSG'
No Chromium found for the browser tests, and none could be installed automatically.
Install one, then run the tests again:
  Debian/Ubuntu:  sudo apt-get install chromium-headless-shell   (or chromium, or set CHROME_PATH=/path/to/chrome)
  elsewhere:      npx playwright install chromium
MSG
exit 1
