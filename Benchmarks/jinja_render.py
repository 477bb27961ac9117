#!/usr/bin/env python3
"""Times Jinja2 on a template for `vkbench templates`: reads {templates, main, context,
iterations} as JSON on stdin, renders `main` (autoescaped, as our .html templates are) after a
warm-up, and prints the milliseconds per render (best of three batches)."""
import json
import sys
import time

import jinja2

spec = json.load(sys.stdin)
env = jinja2.Environment(loader=jinja2.DictLoader(spec["templates"]), autoescape=True,
                         keep_trailing_newline=True)
template = env.get_template(spec["main"])
context = spec["context"]
iterations = max(1, int(spec["iterations"]))
for _ in range(max(3, iterations // 10)):
    template.render(context)
best = float("inf")
for _ in range(3):
    start = time.perf_counter()
    for _ in range(iterations):
        template.render(context)
    best = min(best, (time.perf_counter() - start) / iterations)
print(f"{best * 1000:.3f}")
