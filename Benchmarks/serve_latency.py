#!/usr/bin/env python3
"""Issue 20 (c): from a saved record file to the browser's reload event, end to end.

Starts `vibekeeper serve` on a data folder, listens to its reload event stream as a browser
does (`/__vibekeeper/events`), appends a line to one gift's body, and times until
`event: reload` arrives. Prints each run and the median.

Usage: Benchmarks/serve_latency.py VIBEKEEPER DATA [RUNS] [GIFT-FILE]
(DATA: e.g. a `vkbench fixture gifts 10000 DIR` folder's data/.)
"""
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    vibekeeper, data = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    gift = sys.argv[4] if len(sys.argv) > 4 else os.path.join(data, "gifts", "gift-5.md")
    port = free_port()
    output = tempfile.mkdtemp(prefix="vk-serve-latency-")
    server = subprocess.Popen(
        [vibekeeper, "serve", "--data", data, "--output", os.path.join(output, "site"),
         "--port", str(port), "--now", "2026-11-22T10:00"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 120
        while True:
            try:
                conn = socket.create_connection(("127.0.0.1", port), timeout=1)
                break
            except OSError:
                if time.time() > deadline:
                    raise SystemExit("serve did not start")
                time.sleep(0.1)
        conn.sendall(b"GET /__vibekeeper/events HTTP/1.1\r\nHost: localhost\r\n"
                     b"Accept: text/event-stream\r\n\r\n")
        conn.settimeout(30)
        buffer = b""
        while b": connected" not in buffer:
            buffer += conn.recv(4096)
        times = []
        for run in range(runs):
            time.sleep(1.0)  # let the last rebuild's files settle
            buffer = b""
            with open(gift, "a", encoding="utf-8") as f:
                f.write(f"Latency run {run}.\n")
            saved = time.monotonic()
            while b"event: reload" not in buffer:
                buffer += conn.recv(4096)
            ms = (time.monotonic() - saved) * 1000
            times.append(ms)
            print(f"run {run + 1}: {ms:.0f} ms")
        median = statistics.median(times)
        print(f"median {median:.0f} ms over {runs} runs "
              f"(issue 20's target (c): under 150 ms; {median / 150:.1f} x the target)")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
