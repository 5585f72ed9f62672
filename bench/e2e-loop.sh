#!/bin/bash
# The e2e project run after run beside a busy Node loop on one core (issue 53's loaded runs):
#   git worktree add --detach /tmp/e2e-loop HEAD && cp -al node_modules /tmp/e2e-loop/ \
#     && (cd /tmp/e2e-loop && npm run api:document && npm run build) && bench/e2e-loop.sh /tmp/e2e-loop 10
# A copy of its own, so edits and builds elsewhere cannot reach a run. One line per run in
# /tmp/e2e-loop-summary.txt (start, load, wall time, result, and what failed); each run's output
# and JSON report in /tmp/e2e-loop-<n>.log and .json. Results are written down in bench/E2E-RUNS.md.
set -u
dir=${1:?usage: bench/e2e-loop.sh <working copy> [runs]}
runs=${2:-10}
cd "$dir" || exit 1
hog=''
# A loop stopped half-way leaves no busy loop behind (one did, once, loading the next runs twice over).
trap '[ -n "$hog" ] && kill "$hog" 2> /dev/null' EXIT
for i in $(seq 1 "$runs"); do
  node -e "const end = Date.now() + 3600e3; while (Date.now() < end) {}" &
  hog=$!
  start=$(date -u +%H:%M:%S)
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  began=$(date +%s)
  CI=true npx vitest run --project e2e --reporter=default --reporter=json --outputFile.json="/tmp/e2e-loop-$i.json" > "/tmp/e2e-loop-$i.log" 2>&1
  rc=$?
  kill "$hog"
  wait "$hog" 2> /dev/null
  summary=$(grep -a -E "Tests " "/tmp/e2e-loop-$i.log" | tail -1 | sed 's/\x1b\[[0-9;]*m//g')
  echo "$i $start load($load) $(($(date +%s) - began))s rc=$rc $summary" >> /tmp/e2e-loop-summary.txt
  if [ "$rc" -ne 0 ]; then
    sed 's/\x1b\[[0-9;]*m//g' "/tmp/e2e-loop-$i.log" | grep -a -E "FAIL|×" | head -20 >> /tmp/e2e-loop-summary.txt
  fi
done
