"""Measure the clients against hostile servers (issue 78): for each mode, a hostile server on
loopback and, in a process of its own, the window's link polled 60 times a second (as the game
screen does) or the network bot; prints each client's peak memory, CPU time, connections made and
how it ended, as a table.

    python tools/hostile_servers.py [--seconds 20]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from hostile_server import CODE, Hostile, table_and_welcome, write  # noqa: E402

CLIENT = r"""
import json, resource, sys, time
from qiguo.net.link import Link
from qiguo.net.protocol import VERSION
port, seconds = int(sys.argv[1]), float(sys.argv[2])
start = time.monotonic()
link = Link("127.0.0.1", port, {"type": "hello", "version": VERSION, "code": "SECRET", "seat": "r"})
got = 0
while time.monotonic() - start < seconds and link.state != "closed":
    got += len(link.poll())
    time.sleep(1 / 60)
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"rss_mb": usage.ru_maxrss / 1024, "cpu_s": usage.ru_utime + usage.ru_stime,
                  "ended": link.error or "still open", "after_s": time.monotonic() - start, "messages": got}))
"""


def modes():
    table, welcome = table_and_welcome()
    g = table.game
    g.play("e10e5")
    move = {"type": "move", "seq": 1, "move": "e10e5", "kingdom": "w", "qfen": g.to_qfen(), "result": None, "sent": 0}

    async def endless(writer, *messages):
        while True:
            await write(writer, *messages)

    async def welcomes(r, w, n):
        await r.readline()
        await endless(w, welcome)

    async def stale(r, w, n):
        await r.readline()
        await write(w, welcome, move)
        await endless(w, dict(move, seq=1))

    async def silent(r, w, n):
        await r.readline()
        await asyncio.sleep(3600)

    async def trickle(r, w, n):
        await r.readline()
        while True:
            await write(w, b"{")
            await asyncio.sleep(0.5)

    async def half_line(r, w, n):
        await r.readline()
        await write(w, b'{"type": "wel')

    async def gap(r, w, n):
        await r.readline()
        await write(w, welcome, dict(move, seq=5))
        await asyncio.sleep(3600)

    async def notices_first(r, w, n):
        await r.readline()
        await endless(w, {"type": "notice", "event": "left", "kingdom": "w", "wait": 1})

    async def pongs(r, w, n):
        await r.readline()
        await write(w, welcome)
        await endless(w, *[{"type": "pong"}] * 50)
    return {"endless welcomes": welcomes, "endless stale moves": stale, "silent": silent,
            "a byte every 0.5 s": trickle, "half a line, then close": half_line, "a gap in seq": gap,
            "notices before the welcome": notices_first, "endless pongs": pongs}


def run_client(kind: str, port: int, seconds: float, data: str) -> dict:
    start = time.monotonic()
    if kind == "window":
        out = subprocess.run([sys.executable, "-c", CLIENT, str(port), str(seconds)], capture_output=True,
                             text=True, timeout=seconds + 60, cwd=ROOT)
        return json.loads(out.stdout.strip().splitlines()[-1])
    proc = subprocess.Popen([sys.executable, "-c", "import resource, runpy, signal, sys\n"
                             "signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))\n"
                             "sys.argv = ['bot'] + sys.argv[1:]\n"
                             "try:\n    runpy.run_module('qiguo.net.bot', run_name='__main__')\n"
                             "finally:\n    u = resource.getrusage(resource.RUSAGE_SELF)\n"
                             "    print('USAGE', u.ru_maxrss / 1024, u.ru_utime + u.ru_stime, file=sys.stderr)",
                             "--join", f"127.0.0.1:{port}", "--code", CODE, "--seat", "r", "--level", "novice",
                             "--data", data, "--retry", "1"],
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, cwd=ROOT)
    try:
        _, err = proc.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    lines = err.strip().splitlines()
    usage = next((line.split() for line in lines if line.startswith("USAGE")), ["", "0", "0"])
    words = [line for line in lines if line.startswith("error:")]
    return {"rss_mb": float(usage[1]), "cpu_s": float(usage[2]), "after_s": time.monotonic() - start,
            "ended": words[-1][7:] if words else "still trying", "messages": 0}


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--seconds", type=float, default=20.0)
    args = p.parse_args()
    import tempfile
    print("| mode | client | peak memory MB | CPU s | connections | ended after s | how |")
    print("|---|---|---|---|---|---|---|")
    for name, script in modes().items():
        for kind in ("window", "bot"):
            fake = Hostile(script)
            try:
                with tempfile.TemporaryDirectory() as data:
                    r = run_client(kind, fake.port, args.seconds, data)
            finally:
                fake.stop()
            print(f"| {name} | {kind} | {r['rss_mb']:.0f} | {r['cpu_s']:.2f} | {fake.connections} | "
                  f"{r['after_s']:.1f} | {r['ended']} |", flush=True)


if __name__ == "__main__":
    main()
