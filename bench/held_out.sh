#!/usr/bin/env bash
# The held-out measurements of docs/scan-measurement.md ("The whole path and the values"),
# the three at once (one process each): the written values (bench_numbers.py), the hurried
# player's whole path (bench_enter.py) and every box (scan_fields.py, the messaging copies
# apart). Read once, to report; never tuned on.
#
#   bench/held_out.sh HELD OUT
#
# HELD: the folder the held-out sets were made into (bench/make_sets.sh); OUT: a new folder
# for the reports: numbers.json and .log, enter.json and .log, fields.jsonl and .log.
# It reads with the checkout it is in (a detached worktree of the commit measured, say); its
# Python is $PYTHON, else the checkout's .venv (./dev lint makes one), else python3.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: bench/held_out.sh HELD OUT" >&2; exit 2; }
held=$1
out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
py=${PYTHON:-python3}
[ -z "${PYTHON:-}" ] && [ -x "$root/.venv/bin/python" ] && py="$root/.venv/bin/python"
for set in photos hard scans g2-ordinary g2-hard g2-hard-seen g2-hard-seen-2 g2-light-seen g2-homeprint g2-pens g2-illegal; do
    [ -d "$held/$set" ] || { echo "bench/held_out.sh: no $held/$set (bench/make_sets.sh makes it)" >&2; exit 2; }
done
mkdir -p "$out"
cd "$root"
export PYTHONPATH="$root"
"$py" bench/bench_numbers.py --dir "$held"/{photos,hard,scans,g2-ordinary,g2-hard,g2-hard-seen,g2-hard-seen-2,g2-light-seen,g2-homeprint,g2-pens} \
    --verbose --report "$out/numbers.json" > "$out/numbers.log" 2>&1 &
enter=()
for set in g2-ordinary g2-pens g2-homeprint hard photos g2-illegal g2-hard g2-hard-seen g2-hard-seen-2 g2-light-seen; do
    enter+=(--dir "$held/$set")
done
"$py" bench/bench_enter.py "${enter[@]}" --report "$out/enter.json" > "$out/enter.log" 2>&1 &
"$py" bench/scan_fields.py "$held"/{hard,g2-hard,g2-hard-seen,g2-hard-seen-2,g2-light-seen,g2-homeprint,g2-pens,g2-ordinary,photos,scans,g2-illegal} \
    --rows "$out/fields.jsonl" --quiet > "$out/fields.log" 2>&1 &
status=0
for job in $(jobs -p); do
    wait "$job" || status=1
done
echo "bench/held_out.sh: reports in $out (status $status)"
exit $status
