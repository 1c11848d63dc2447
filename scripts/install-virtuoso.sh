#!/usr/bin/env bash
# Install Debian's virtuoso-opensource (virtuoso-t, isql-vt) non-interactively, for the test suite.
#
# Idempotent: exits at once when virtuoso-t and isql-vt are already there. The DBA password is
# preseeded through debconf (VIRTUOSO_DBA_PASSWORD, default "dba"); the tests never use the system
# instance: tests/servers.py runs private instances on free 127.0.0.1 ports with their own database.
# Where the package starts a system instance (no policy-rc.d blocking it), it is stopped and disabled
# so that nothing listens on *:1111 / *:8890.
set -euo pipefail

if command -v virtuoso-t >/dev/null 2>&1 && command -v isql-vt >/dev/null 2>&1; then
  echo "virtuoso: already installed ($(command -v virtuoso-t))"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
PASSWORD="${VIRTUOSO_DBA_PASSWORD:-dba}"
export DEBIAN_FRONTEND=noninteractive

printf '%s\n' \
  "virtuoso-opensource-7 virtuoso-opensource-7/dba-password password ${PASSWORD}" \
  "virtuoso-opensource-7 virtuoso-opensource-7/dba-password-again password ${PASSWORD}" \
  | $SUDO debconf-set-selections

$SUDO apt-get update -qq
# Without a running service the postinst prints "Unable to set password for the Virtuoso DBA
# user"; that is harmless (apt still exits 0) because the tests never use the system database.
$SUDO apt-get install -y -qq virtuoso-opensource >/dev/null

if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet virtuoso-opensource-7 2>/dev/null; then
  $SUDO systemctl stop virtuoso-opensource-7 || true
  $SUDO systemctl disable virtuoso-opensource-7 >/dev/null 2>&1 || true
elif [ -x /etc/init.d/virtuoso-opensource-7 ]; then
  $SUDO /etc/init.d/virtuoso-opensource-7 stop >/dev/null 2>&1 || true
fi

command -v virtuoso-t >/dev/null && command -v isql-vt >/dev/null \
  || { echo "virtuoso: install finished but virtuoso-t/isql-vt are missing" >&2; exit 1; }
echo "virtuoso: installed ($(command -v virtuoso-t))"
