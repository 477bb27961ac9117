#!/usr/bin/env bash
# Builds the template fuzzer with libFuzzer + AddressSanitizer and runs it.
# Usage (from the repository root): Benchmarks/Fuzz/run-fuzz.sh [seconds]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-300}"
out=.build/fuzz
mkdir -p "$out/corpus"
# The engine and the value types it uses, as two modules like the package's targets (the
# fuzz entry point joins the engine's module).
sanitize=(-sanitize=fuzzer,address -parse-as-library -O)
swiftc "${sanitize[@]}" -module-name VibeBasics -emit-library -static -emit-module \
  -emit-module-path "$out/VibeBasics.swiftmodule" -o "$out/libVibeBasics.a" \
  Sources/VibeBasics/*.swift
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
