"""XXH64 in pure Python, and a cross-check against Debian's `xxhsum -H1`.

Invariants: xxh64(data) equals the value `xxhsum -H1` prints for the same
bytes (checked by self_check_xxh64 at capture time and by the unit test);
xxh64_hex() is always 16 lowercase hex digits.  Only the standard library.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
from typing import Optional

_P1 = 11400714785074694791
_P2 = 14029467366897019727
_P3 = 1609587929392839161
_P4 = 9650029242287828579
_P5 = 2870177450012600261
_M64 = (1 << 64) - 1


def _rotl(x: int, r: int) -> int:
    return ((x << r) | (x >> (64 - r))) & _M64


def _round(acc: int, lane: int) -> int:
    acc = (acc + lane * _P2) & _M64
    return (_rotl(acc, 31) * _P1) & _M64


def _merge_round(acc: int, val: int) -> int:
    acc ^= _round(0, val)
    return (acc * _P1 + _P4) & _M64


def xxh64(data: bytes, seed: int = 0) -> int:
    """XXH64 of data (the same value `xxhsum -H1` prints, as an int)."""
    n = len(data)
    i = 0
    if n >= 32:
        v1 = (seed + _P1 + _P2) & _M64
        v2 = (seed + _P2) & _M64
        v3 = seed & _M64
        v4 = (seed - _P1) & _M64
        limit = n - 32
        unpack = struct.Struct("<4Q").unpack_from
        while i <= limit:
            a, b, c, d = unpack(data, i)
            v1 = _round(v1, a)
            v2 = _round(v2, b)
            v3 = _round(v3, c)
            v4 = _round(v4, d)
            i += 32
        h = (_rotl(v1, 1) + _rotl(v2, 7) + _rotl(v3, 12) + _rotl(v4, 18)) & _M64
        for v in (v1, v2, v3, v4):
            h = _merge_round(h, v)
    else:
        h = (seed + _P5) & _M64
    h = (h + n) & _M64
    while i + 8 <= n:
        (k,) = struct.unpack_from("<Q", data, i)
        h ^= _round(0, k)
        h = (_rotl(h, 27) * _P1 + _P4) & _M64
        i += 8
    if i + 4 <= n:
        (k,) = struct.unpack_from("<I", data, i)
        h ^= (k * _P1) & _M64
        h = (_rotl(h, 23) * _P2 + _P3) & _M64
        i += 4
    while i < n:
        h ^= (data[i] * _P5) & _M64
        h = (_rotl(h, 11) * _P1) & _M64
        i += 1
    h ^= h >> 33
    h = (h * _P2) & _M64
    h ^= h >> 29
    h = (h * _P3) & _M64
    h ^= h >> 32
    return h


def xxh64_hex(data: bytes) -> str:
    return "%016x" % xxh64(data)


def xxhsum_hex(data: bytes) -> Optional[str]:
    """XXH64 of data as printed by Debian's `xxhsum -H1`, or None if absent."""
    exe = shutil.which("xxhsum")
    if not exe:
        return None
    out = subprocess.run([exe, "-H1", "-"], input=data, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, check=True).stdout
    return out.split()[0].decode("ascii")


def self_check_xxh64() -> str:
    """Checks xxh64() against xxhsum on a few inputs; returns a status line."""
    samples = [b"", b"a", b"FRAG\n  0: END\n", bytes(range(256)) * 3 + b"tail"]
    if not shutil.which("xxhsum"):
        return "xxhsum not installed; XXH64 not cross-checked"
    for s in samples:
        mine, theirs = xxh64_hex(s), xxhsum_hex(s)
        if mine != theirs:
            raise SystemExit("internal XXH64 disagrees with xxhsum: %s != %s"
                             % (mine, theirs))
    return "XXH64 cross-checked against xxhsum -H1 on %d inputs" % len(samples)
