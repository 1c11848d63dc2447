#!/usr/bin/env bash
# Install Debian's chromium and chromium-driver non-interactively, for the browser test of the
# `kgsparql serve` page (tests/integration/test_serve_page.py drives /usr/bin/chromium through
# /usr/bin/chromedriver with selenium, headless, on 127.0.0.1 only).
#
# Idempotent: exits at once when both binaries are already there. No browser is downloaded from
# anywhere but the distribution's package archive.
set -euo pipefail

if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  echo "chromium: already installed ($(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium))"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive

$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null

[ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] \
  || { echo "chromium: install finished but /usr/bin/chromium or /usr/bin/chromedriver is missing" >&2; exit 1; }
echo "chromium: installed ($(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium))"
