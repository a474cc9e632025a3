#!/usr/bin/env bash
# Makes every photo set docs/scan-measurement.md measures on, from their seeds (the same
# bytes on any machine): both generators' tuning folders into TUNE, their held-out folders
# into HELD. About 75 minutes of two cores; the held-out folders alone about 40.
#
#   bench/make_sets.sh TUNE HELD [--held-only | --tune-only]
#
# Tune on TUNE only; HELD is read once, to report (bench/held_out.sh). A photo already made
# is kept, so a run cut short goes on where it stopped. Do not change printkit/ while it
# runs: the sheets' renders are cached by a digest of its sources. Its Python is $PYTHON,
# else the checkout's .venv (./dev lint makes one), else python3.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: bench/make_sets.sh TUNE HELD [--held-only | --tune-only]" >&2; exit 2; }
tune=$1
held=$2
only=${3:-}
root=$(cd "$(dirname "$0")/.." && pwd)
py=${PYTHON:-python3}
[ -z "${PYTHON:-}" ] && [ -x "$root/.venv/bin/python" ] && py="$root/.venv/bin/python"
cd "$root"
export PYTHONPATH="$root"
# both generators side by side, one process each; fails when either does
both() {
    "$py" -m bench.photo2.make --set "$1" --out "$3" > /dev/null &
    local second=$!
    "$py" -m bench.photo.synth --set "$2" --out "$3" > /dev/null
    wait "$second"
}
[ "$only" = --tune-only ] || both g2-held-out held-out "$held"
[ "$only" = --held-only ] || both g2-tune tune "$tune"
echo "bench/make_sets.sh: made into $tune and $held"
