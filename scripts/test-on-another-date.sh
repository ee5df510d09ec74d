#!/bin/sh
# Runs Vitest (the whole suite, or the files given after the spec) with the system clock moved by
# faketime, to show the tests pass on any date (docs/budgets.md). `.ci/run` calls it once (docs/budgets.md "Dates").
#
#   scripts/test-on-another-date.sh '+400d'                     # 400 days ahead
#   scripts/test-on-another-date.sh '@2026-11-30 18:29:00'      # starts then (UTC), and runs on
#   scripts/test-on-another-date.sh '+400d' tests/integration/pickups.test.ts
#
# The spec is libfaketime's advanced format (`man faketime`): '+400d' is an offset from now,
# '@YYYY-MM-DD hh:mm:ss' a start time read in UTC (the run has TZ=UTC). The clock keeps running,
# and every process Vitest starts (workers, test servers) shares it (FAKETIME_DONT_RESET=1). Only
# the wall clock moves: timers and durations (the monotonic clock) stay real. The tests run on
# the in-memory database (TEST_DATABASE_URL is ignored): a PostgreSQL server keeps its own clock.
set -eu

if [ $# -lt 1 ] || [ -z "$1" ]; then
  printf '%s\n' "usage: $0 FAKETIME_SPEC [vitest file...]   e.g. $0 '+400d'" >&2
  exit 2
fi
if ! command -v faketime >/dev/null 2>&1; then
  printf '%s\n' "faketime is missing: install Debian's faketime package (sudo apt-get install faketime)." >&2
  exit 1
fi

spec=$1
shift
cd "$(dirname "$0")/.."
export TZ=UTC FAKETIME_DONT_RESET=1
unset TEST_DATABASE_URL
exec faketime -m --exclude-monotonic -f "$spec" npx vitest run "$@"
