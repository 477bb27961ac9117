#!/usr/bin/env bash
# Builds the fuzzers with libFuzzer + AddressSanitizer and runs each for a fixed budget:
#   templates  the template lexer, parser and renderer
#   records    the record file reader: front matter, list files, every kind's decoder
# Usage (from the repository root): Benchmarks/Fuzz/run-fuzz.sh [seconds] [templates|records|all]
# A crash it finds is written as crash-*; keep it as a test: templates in
# Tests/TemplateEngineTests/FuzzFindingsTests.swift, record files in
# Tests/VibeKeeperTests/Hostile.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-300}"
which="${2:-all}"
out=.build/fuzz
mkdir -p "$out/corpus" "$out/records-corpus"
# The engine and the value types it uses, as two modules like the package's targets (the
# fuzz entry point joins the engine's module).
sanitize=(-sanitize=fuzzer,address -parse-as-library -O)
swiftc "${sanitize[@]}" -module-name VibeBasics -emit-library -static -emit-module \
  -emit-module-path "$out/VibeBasics.swiftmodule" -o "$out/libVibeBasics.a" \
  Sources/VibeBasics/*.swift
if [ "$which" = templates ] || [ "$which" = all ]; then
swiftc "${sanitize[@]}" -module-name TemplateEngine -I "$out" -L "$out" -lVibeBasics \
  Sources/TemplateEngine/*.swift Sources/TemplateEngine/{Filters,Reads}/*.swift \
  Benchmarks/Fuzz/FuzzTemplate.swift -o "$out/fuzz-templates"
# Seed corpus: the default templates and a few snippets.
i=0
for f in templates/*.html templates/*/*.html; do
  [ -f "$f" ] || continue
  { printf '\0'; cat "$f"; } > "$out/corpus/seed-$i"; i=$((i + 1))
done
printf '\0{%% for g in gifts %%}<a href="{{ g.name }}">{{ loop.index }}</a>{%% endfor %%}' > "$out/corpus/s1"
printf '\1SUMMARY:{{ text }}\n{%% include "part.html" %%}' > "$out/corpus/s2"
printf '\0{%% extends "base.html" %%}{%% block b %%}{{ super() }}{{ gift.price | currency }}{%% endblock %%}' > "$out/corpus/s3"
printf '\2{"a": "{{ gift.title }}", "b": {{ gifts | sort("n") }}}' > "$out/corpus/s4"
printf '\3{%% macro m(x, y=2) %%}{{ x ~ y }}{%% endmacro %%}{{ m(1) | upper }}{{ today | date("EEEE") }}' > "$out/corpus/s5"
"$out/fuzz-templates" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 -dict=Benchmarks/Fuzz/templates.dict "$out/corpus" 2>&1 | tail -25
fi

if [ "$which" = records ] || [ "$which" = all ]; then
  # libyaml from the Yams checkout, with the same instrumentation.
  [ -d .build/checkouts/Yams ] || swift package resolve >/dev/null
  cyaml=.build/checkouts/Yams/Sources/CYaml
  mkdir -p "$out/cyaml"
  for c in "$cyaml"/src/*.c; do
    clang -c -O1 -fsanitize=fuzzer-no-link,address -I "$cyaml/include" -DYAML_DECLARE_STATIC \
      "$c" -o "$out/cyaml/$(basename "$c" .c).o"
  done
  ar rcs "$out/libCYaml.a" "$out"/cyaml/*.o
  # The loader and the model it fills, as one module with the fuzz entry point.
  printf '@_exported import VibeBasics\n' > "$out/Exports.swift"
  swiftc "${sanitize[@]}" -module-name VibeKeeper -I "$out" -L "$out" -lVibeBasics \
    -Xcc -I"$cyaml/include" -Xcc -fmodule-map-file="$cyaml/include/module.modulemap" \
    -L "$out" -lCYaml \
    Sources/VibeKeeper/Load/*.swift Sources/VibeKeeper/Load/Kinds/*.swift \
    Sources/VibeKeeper/Model/*.swift Sources/VibeKeeper/Model/Schema/*.swift \
    Sources/VibeKeeper/Build/Parallel.swift Sources/VibeKeeper/Publish/ContentHash.swift \
    "$out/Exports.swift" \
    Benchmarks/Fuzz/FuzzRecords.swift -o "$out/fuzz-records"
  # Seed corpus: the bundled data's record files, each as the kind and form it is.
  i=0
  for f in data/*/*.md data/*/*/*.md data/*/*.yml data/*/*/*.yml data/*/*/*/*.yml; do
    [ -f "$f" ] || continue
    kind=$(echo "$f" | cut -d/ -f2)
    k=0
    for name in contacts occasions gifts reminders budgets purchases items prices shopping games results; do
      [ "$name" = "$kind" ] && break
      k=$((k + 1))
    done
    form=0
    case "$f" in *.yml) form=1 ;; esac
    { printf "\\$(printf '%03o' $((k * 2 + form)))"; cat "$f"; } > "$out/records-corpus/seed-$i"
    i=$((i + 1))
  done
  # Leak detection is off: LeakSanitizer reports Swift's lazily made globals (the record
  # schema) as leaks of the first input. Memory growth is still caught by -rss_limit_mb.
  ASAN_OPTIONS=detect_leaks=0 "$out/fuzz-records" -max_total_time="$seconds" -max_len=8192 \
    -timeout=10 -rss_limit_mb=2048 \
    -detect_leaks=0 -print_final_stats=1 "$out/records-corpus" 2>&1 | tail -25
fi
