#!/bin/sh
# A larger run of the template engine's differential test against Jinja2 than CI's (seed 1,
# 1,500 cases): COUNT cases (default 20000) for each of SEEDS (default: three random ones).
# Any divergence fails the run and prints the first cases; fix it, or list it in
# docs/templates.md ("Differences from Jinja") and stop the generator making it.
# Usage (from anywhere): Benchmarks/differential.sh [COUNT] [SEED...]
set -e
cd "$(dirname "$0")/.."
count="${1:-20000}"
[ $# -gt 0 ] && shift
seeds="$*"
[ -n "$seeds" ] || seeds="$(od -An -N2 -tu2 /dev/urandom | tr -d ' ') $(od -An -N2 -tu2 /dev/urandom | tr -d ' ') $(od -An -N2 -tu2 /dev/urandom | tr -d ' ')"
swift build --build-tests >/dev/null
failed=0
for seed in $seeds; do
  echo "differential: seed $seed, $count cases"
  # CI=1: a missing Jinja2 fails the run instead of skipping it.
  if ! CI=1 VIBEKEEPER_DIFF_SEED="$seed" VIBEKEEPER_DIFF_COUNT="$count" \
    swift test --skip-build --filter JinjaDifferentialTests >/tmp/vk-differential.log 2>&1; then
    failed=1
  fi
  grep -E "✘|✔ Test run|diverge" /tmp/vk-differential.log | cut -c1-4000 || true
done
exit "$failed"
