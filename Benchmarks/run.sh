#!/bin/sh
# Builds VibeKeeper and the benchmarks with release binaries, then compares VibeKeeper with
# Hugo on a RAM disk and on the normal disk. Options go to `vkbench compare`
# (--quick, --runs N, --tmpfs-only, --gifts 1000,10000, --household N). Then `serve`'s
# saved-file-to-reload latency, the template engine, the daily actions and import, and the
# fuzzers for FUZZ_SECONDS (default 60) each.
set -e
cd "$(dirname "$0")"
# SwiftPM keeps the build plan of the main package (a path dependency) from the last build
# here, and misses source files added since; planning again is cheap.
rm -f .build/release.yaml
swift build -c release --product vibekeeper
swift build -c release --product vkbench
.build/release/vkbench compare "$@"
# (c): from a saved gift file to the browser's reload event through `serve`, at 10,000 gifts.
latency=$(mktemp -d /dev/shm/vk-latency.XXXXXX 2>/dev/null || mktemp -d)
.build/release/vkbench fixture gifts 10000 "$latency" > /dev/null
python3 serve_latency.py .build/release/vibekeeper "$latency/data" 7
rm -rf "$latency"
# The template engine against Stencil, swift-mustache and Jinja2, in one process.
.build/release/vkbench templates 200
# The daily actions at 100,000 records.
.build/release/vkbench actions
# Imports of a large vCard file and bank CSV (10,000 cards, 100,000 rows).
.build/release/vkbench import
# Then the fuzzers (templates, record files) for a fixed budget each; FUZZ_SECONDS=0 skips.
fuzz_seconds="${FUZZ_SECONDS:-60}"
if [ "$fuzz_seconds" -gt 0 ]; then
  Fuzz/run-fuzz.sh "$fuzz_seconds" all
fi
