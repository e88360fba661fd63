"""Regenerate the game's sound effects in assets/sounds/ (standard library only).

Every sound is synthesised here from sine waves and seeded noise, so the files are our own
work, dedicated to the public domain (CC0). Run: python tools/make_sounds.py"""
from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"


def tone(freq: float, seconds: float, decay: float, volume: float = 0.5) -> list[float]:
    return [volume * math.sin(2 * math.pi * freq * i / RATE) * math.exp(-decay * i / RATE)
            for i in range(int(seconds * RATE))]


def knock(seconds: float = 0.09, seed: int = 1) -> list[float]:
    """A wooden click: filtered noise with a fast decay, over a low thud."""
    rng = random.Random(seed)
    out, last = [], 0.0
    for i in range(int(seconds * RATE)):
        last = 0.6 * last + 0.4 * rng.uniform(-1, 1)
        out.append(0.7 * last * math.exp(-60 * i / RATE))
    return mix(out, tone(180, seconds, 40, 0.5))


def mix(*parts: list[float], offsets: tuple[float, ...] = ()) -> list[float]:
    offsets = offsets or (0.0,) * len(parts)
    length = max(int(o * RATE) + len(p) for p, o in zip(parts, offsets))
    out = [0.0] * length
    for p, o in zip(parts, offsets):
        start = int(o * RATE)
        for i, v in enumerate(p):
            out[start + i] += v
    return out


def save(name: str, samples: list[float]) -> None:
    peak = max(1e-9, max(abs(v) for v in samples))
    scale = min(1.0, 0.9 / peak)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(32767 * v * scale)) for v in samples))


SOUNDS = {
    "move": lambda: knock(),
    "capture": lambda: mix(knock(seed=2), knock(seed=3), offsets=(0.0, 0.07)),
    "general": lambda: mix(tone(110, 1.0, 3, 0.6), tone(165, 1.0, 3.5, 0.4), tone(220, 0.8, 4, 0.3), knock(seed=4)),
    "defeat": lambda: mix(tone(392, 0.25, 6), tone(330, 0.25, 6), tone(262, 0.5, 5), offsets=(0.0, 0.18, 0.36)),
    "turn": lambda: mix(tone(880, 0.25, 10, 0.35), tone(1175, 0.35, 9, 0.35), offsets=(0.0, 0.12)),
    "alert": lambda: mix(tone(988, 0.16, 14, 0.45), tone(988, 0.16, 14, 0.45), tone(740, 0.3, 8, 0.4),
                         offsets=(0.0, 0.15, 0.3)),
    "tick": lambda: tone(1568, 0.08, 50, 0.3),
    "victory": lambda: mix(*(tone(f, 0.6, 4, 0.4) for f in (523, 659, 784, 1047)), offsets=(0.0, 0.14, 0.28, 0.42)),
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        save(name, make())
    print(f"wrote {len(SOUNDS)} sounds to {OUT}")


if __name__ == "__main__":
    main()
