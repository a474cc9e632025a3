#!/usr/bin/env bash
# Makes every photo set docs/scan-measurement.md measures on, from their seeds (the same
# bytes on any machine with OpenCV 5.0; it warns under another): both generators' tuning
# folders into TUNE, their held-out folders into HELD. About 95 minutes of two cores; the
# held-out folders alone about 50.
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
# both generators warp float images with OpenCV, whose bilinear warps moved in 5.1: the sets'
# bytes are the earlier rounds' under the OpenCV pyproject.toml allows (docs/dependencies.md)
"$py" - <<'PY'
import sys
import cv2
if not cv2.__version__.startswith("5.0."):
    print(f"bench/make_sets.sh: OpenCV {cv2.__version__}, not 5.0: the photos will not be the "
          "bytes docs/scan-measurement.md measured (./dev lint installs the OpenCV it allows)",
          file=sys.stderr)
PY
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
