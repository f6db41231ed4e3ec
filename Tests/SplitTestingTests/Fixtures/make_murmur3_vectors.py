#!/usr/bin/env python3
"""Writes murmur3_vectors.json: MurmurHash3_x86_32 reference vectors from PyPI's `mmh3`.

SplitTesting's bucketing must be reproducible on other platforms, so its hash is checked
against this independent implementation rather than against itself. Run from this folder:

    pip install mmh3
    python3 make_murmur3_vectors.py > murmur3_vectors.json

The keys are deterministic (no randomness), so rerunning it reproduces the committed file.
"""
import json
import sys

import mmh3

BUCKETS = 10_000


def keys():
    # Every key length 0...15 covers every tail length (0-3 bytes left after 4-byte blocks).
    alphabet = "abcdefghijklmnop"
    for length in range(16):
        yield alphabet[:length]
    # Realistic "<salt>:<unit>" keys: device UUIDs and user ids for a few salts.
    salts = ["button_color", "profile_redesign", "feed_prefetch", "checkout", "a", ""]
    units = [
        "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
        "00000000-0000-0000-0000-000000000000",
        "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
        "user-42",
        "user-1",
        "",
        "0",
        "ø-ünicode-ключ-🗻",
        "日本語のユーザー",
        "emoji-👩‍👩‍👧‍👦-family",
        "e\u0301",  # a combining accent: bytes, not characters, are hashed
        "tab\tnew\nline",
        "quote\"backslash\\",
    ]
    for salt in salts:
        for unit in units:
            yield f"{salt}:{unit}"
    # Long keys, with every tail length.
    for extra in range(4):
        yield "long:" + "x" * (1000 + extra)
        yield "long-emoji:" + "🗻" * (250 + extra)
    # A sweep of user ids, so the vectors spread over the whole bucket range.
    for index in range(120):
        yield f"sweep:user-{index}"


def main():
    vectors = []
    for key in keys():
        for seed in (0, 1, 2):
            h = mmh3.hash(key.encode("utf-8"), seed, signed=False)
            vectors.append({"key": key, "seed": seed, "hash": h, "bucket": (h * BUCKETS) >> 32})
    json.dump(vectors, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
