#!/bin/sh
# Makes sure the browser tests have a Chromium, before any test runs (`npm test` and `.ci/run`
# call it first). Exit 0 when there is one, non-zero with one line saying what to do otherwise.
#
# - CHROMIUM_PATH set: it must be an executable file. If it is not, say so and stop; nothing is
#   installed over the user's choice.
# - CHROMIUM_PATH unset (or empty): /usr/bin/chromium. If it is missing and this runs as root on
#   a machine with apt-get, install Debian's `chromium` (one line says so first); otherwise stop
#   with one line naming the command to run.
#
# For this script's own tests only (never needed otherwise):
#   ENSURE_CHROMIUM_DEFAULT_PATH  the default Chromium path instead of /usr/bin/chromium
#   ENSURE_CHROMIUM_APT_GET       the apt-get command to run (e.g. a fake, or /nonexistent)
#   ENSURE_CHROMIUM_UID           the user id to act as instead of `id -u` (0 means root)
set -eu

default_path=${ENSURE_CHROMIUM_DEFAULT_PATH:-/usr/bin/chromium}
apt_get=${ENSURE_CHROMIUM_APT_GET:-apt-get}
uid=${ENSURE_CHROMIUM_UID:-$(id -u)}

say() { printf '%s\n' "$*"; }
fail() {
  printf '%s\n' "$*" >&2
  exit 1
}

if [ -n "${CHROMIUM_PATH:-}" ]; then
  if [ ! -e "$CHROMIUM_PATH" ]; then
    fail "CHROMIUM_PATH=$CHROMIUM_PATH does not exist: point it at a Chromium executable, or unset it to use $default_path."
  fi
  if [ ! -f "$CHROMIUM_PATH" ] || [ ! -x "$CHROMIUM_PATH" ]; then
    fail "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file: point it at a Chromium executable, or unset it to use $default_path."
  fi
  exit 0
fi

if [ -f "$default_path" ] && [ -x "$default_path" ]; then
  exit 0
fi

if ! command -v "$apt_get" >/dev/null 2>&1; then
  fail "Chromium not found at $default_path and there is no apt-get to install it: install Chromium, then run: CHROMIUM_PATH=/path/to/chromium npm test"
fi
if [ "$uid" != 0 ]; then
  fail "Chromium not found at $default_path; the browser tests need it. Run as root: apt-get update && apt-get install -y chromium"
fi

say "Chromium not found at $default_path: installing Debian's chromium (apt-get update -qq && apt-get install -y -qq chromium)"
# apt-get's own output (progress, debconf notes) is shown only when it fails.
apt_log=$(mktemp)
if ! { "$apt_get" update -qq && DEBIAN_FRONTEND=noninteractive "$apt_get" install -y -qq chromium; } >"$apt_log" 2>&1; then
  cat "$apt_log" >&2
  rm -f "$apt_log"
  fail "Installing Debian's chromium failed (apt-get's output above); run as root: apt-get update && apt-get install -y chromium"
fi
rm -f "$apt_log"
if [ ! -f "$default_path" ] || [ ! -x "$default_path" ]; then
  fail "Installed Debian's chromium but found no executable at $default_path: set CHROMIUM_PATH to the Chromium executable."
fi
