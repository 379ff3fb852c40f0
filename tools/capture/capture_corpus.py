#!/usr/bin/env python3
"""Capture a TGSI shader corpus by running real programs on Mesa's softpipe.

Every program runs with

    GALLIUM_DRIVER=softpipe LIBGL_ALWAYS_SOFTWARE=1 SOFTPIPE_DEBUG=vs,fs,gs

under a private Xvfb server (or an X display given with --display).  softpipe
then prints every vertex, fragment and geometry shader it is handed, in
tgsi_dump's canonical text form, to stderr.  This script splits those dumps
out of each program's combined stdout+stderr log (other debug text, such as
the NIR that softpipe prints before translating to TGSI, is interleaved),
deduplicates them by the XXH64 of their exact text and writes

    OUT/shaders/<16 hex digits of XXH64>.tgsi   one dump per file, ending in \\n
    OUT/manifest.json                           index: stage, size, sources

The hash covers the file's exact bytes, so `xxhsum -H1 OUT/shaders/X.tgsi`
prints X.  Capturing into an existing OUT keeps its shaders and unions the
sources of shaders seen again.

Only the Python 3 standard library is used.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import datetime
import json
import os
import re
import select
import shlex
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
from typing import Dict, List, Optional, Sequence, Set, Tuple

MANIFEST_VERSION = 1
DEFAULT_PIGLIT_DIR = "/usr/lib/x86_64-linux-gnu/piglit"
# The piglit folders captured by default (searched recursively for
# *.shader_test).  Paths are relative to --piglit-dir.
DEFAULT_PIGLIT_FOLDERS = (
    "tests/shaders",
    "tests/spec/glsl-1.10",
    "tests/spec/glsl-1.20",
    "tests/spec/glsl-es-1.00",
    "tests/spec/arb_fragment_program",
    "tests/spec/arb_vertex_program",
    "generated_tests/spec/glsl-1.10",
    "generated_tests/spec/glsl-1.20",
)
MAX_LISTED_SOURCES = 8
# Named so that it sorts before every other family: Mesa's own shaders, which
# every program produces, keep it among their first MAX_LISTED_SOURCES.
BASELINE_SOURCE = "baseline:glxinfo -B"

CAPTURE_ENV = {
    "GALLIUM_DRIVER": "softpipe",
    "LIBGL_ALWAYS_SOFTWARE": "1",
    "SOFTPIPE_DEBUG": "vs,fs,gs",
    # Determinism: no on-disk shader cache (and no writes to ~/.cache), no
    # GL command thread that could interleave its output with the dumps.
    "MESA_SHADER_CACHE_DISABLE": "true",
    "MESA_GLTHREAD": "false",
}
# Variables that would send the dumps elsewhere or change the driver.
SCRUBBED_ENV = ("GALLIUM_LOG_FILE", "MESA_LOADER_DRIVER_OVERRIDE", "GALLIUM_HUD")


# --------------------------------------------------------------------------
# XXH64 (pure Python; cross-checked against `xxhsum -H1` by self_check_xxh64
# and by the unit test).

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


# --------------------------------------------------------------------------
# Splitting tgsi_dump output out of a log.

STAGES = ("VERT", "FRAG", "GEOM", "TESS_CTRL", "TESS_EVAL", "COMP")
_HEADER_RE = re.compile(r"(VERT|FRAG|GEOM|TESS_CTRL|TESS_EVAL|COMP)\Z")
# Declarations, immediates and properties come before the first instruction
# in everything ureg/nir_to_tgsi emit.
_PREAMBLE_RE = re.compile(
    r"(DCL [A-Z]|IMM\[\d+\] (FLT32|UINT32|INT32|FLT64|UINT64|INT64) \{|"
    r"PROPERTY [A-Z0-9_]+ )")
# tgsi_dump prints "% 3u: " then two spaces per nesting level, the opcode.
_INSN_RE = re.compile(r" *(\d+): +([A-Z][A-Z0-9_]*)")
_GLUED_HEADER_RE = re.compile(r".+(VERT|FRAG|GEOM|TESS_CTRL|TESS_EVAL|COMP)\Z")


@dataclasses.dataclass
class SplitResult:
    dumps: List[str]          # each dump's lines joined by "\n", no final "\n"
    truncated: int = 0        # dumps cut off by the end of the log
    interrupted: int = 0      # dumps cut off by a foreign line (or a header)
    glued_headers: int = 0    # dumps whose header was glued to foreign text
    interruptions: List[str] = dataclasses.field(default_factory=list)


def split_tgsi_dumps(log: str, max_examples: int = 3) -> SplitResult:
    """Splits complete tgsi_dump texts out of a log with foreign lines.

    A dump starts at a line that is exactly a processor name (VERT, FRAG,
    GEOM, TESS_CTRL, TESS_EVAL, COMP) and continues with declaration,
    immediate and property lines and then instruction lines numbered
    0, 1, 2, ... without gaps.  It is complete once its END instruction has
    been seen; further consecutively numbered instruction lines right after
    END (subroutine bodies of hand-written TGSI) still belong to it.  A dump
    that meets a foreign line (or a new header) before END is dropped and
    counted as interrupted; one that meets the end of the log before END is
    dropped and counted as truncated.  Lines are split on "\n" only; a line
    with a stray "\r" is foreign.

    Glued headers: Mesa flushes the program's stdout before each piece of
    debug output, so a program that printed part of a line to stdout (glmark2
    prints "[refract] duration=0.5:" before the scene builds its shaders)
    leaves the processor name at the end of that line.  A foreign line that
    ends with a processor name and is followed by the first line of a dump
    body starts a dump (the prefix is not part of it); these are counted.
    """
    res = SplitResult(dumps=[])
    cur: Optional[List[str]] = None
    expect = 0
    seen_end = False
    lines = log.split("\n")
    if lines and lines[-1] == "":
        lines.pop()

    def body_start(i: int) -> bool:
        if i >= len(lines) or "\r" in lines[i]:
            return False
        m = _INSN_RE.match(lines[i])
        return bool(_PREAMBLE_RE.match(lines[i]) or (m and m.group(1) == "0"))

    for idx, line in enumerate(lines):
        if _HEADER_RE.match(line):
            if cur is not None:
                if seen_end:
                    res.dumps.append("\n".join(cur))
                else:
                    res.interrupted += 1
                    if len(res.interruptions) < max_examples:
                        res.interruptions.append("%s | %r" % (" / ".join(cur[:3]), line))
            cur, expect, seen_end = [line], 0, False
            continue
        if cur is not None:
            m = _INSN_RE.match(line) if "\r" not in line else None
            if m and int(m.group(1)) == expect:
                cur.append(line)
                expect += 1
                if not seen_end and m.group(2) == "END" and line.endswith(" END"):
                    seen_end = True
                continue
            if (not seen_end and expect == 0 and "\r" not in line
                    and _PREAMBLE_RE.match(line)):
                cur.append(line)
                continue
            if seen_end:
                res.dumps.append("\n".join(cur))
            else:
                res.interrupted += 1
                if len(res.interruptions) < max_examples:
                    res.interruptions.append("%s | %r" % (" / ".join(cur[:3]), line))
            cur = None
        # A foreign line; maybe with a processor name glued to its end.
        g = _GLUED_HEADER_RE.match(line)
        if (g and line[:g.start(1)].strip() and body_start(idx + 1)
                and not _PREAMBLE_RE.match(line)
                and not _INSN_RE.match(line)):
            res.glued_headers += 1
            cur, expect, seen_end = [g.group(1)], 0, False
    if cur is not None:
        if seen_end:
            res.dumps.append("\n".join(cur))
        else:
            res.truncated += 1
    return res


def count_instructions(dump: str) -> int:
    return sum(1 for line in dump.split("\n") if _INSN_RE.match(line))


# --------------------------------------------------------------------------
# Programs to run.

@dataclasses.dataclass
class Job:
    source: str               # recorded in the manifest, e.g. "piglit:tests/..."
    argv: List[str]
    family: str               # glmark2 | piglit | command | baseline
    cwd: Optional[str] = None


def _parse_glmark2_scenes(text: str) -> Dict[str, Dict[str, Optional[List[str]]]]:
    """{scene: {option: acceptable values or None}} from --list-scenes."""
    scenes: Dict[str, Dict[str, Optional[List[str]]]] = {}
    scene = opt = None
    for line in text.splitlines():
        m = re.match(r"\[Scene\] (\S+)", line)
        if m:
            scene = m.group(1)
            scenes[scene] = {}
            opt = None
            continue
        m = re.match(r"\s+\[Option\] (\S+)", line)
        if m and scene is not None:
            opt = m.group(1)
            scenes[scene][opt] = None
            continue
        m = re.match(r"\s+Acceptable Values: (.*)", line)
        if m and scene is not None and opt is not None:
            scenes[scene][opt] = m.group(1).strip().split(",")
    return scenes


# Option variants that change the shaders glmark2 builds (loop and branch
# counts, kernels and lighting models are baked into its GLSL sources), plus
# glmark2's own default benchmark list.  Each is checked against
# `glmark2 --list-scenes`; unknown options or values are skipped and reported.
GLMARK2_VARIANTS = (
    "build:use-vbo=false",
    "texture:texture-filter=linear",
    "texture:texture-filter=mipmap",
    "texture:texture-filter=linear-shader",
    "texture:texgen=true",
    "shading:shading=blinn-phong-inf",
    "shading:shading=phong",
    "shading:shading=cel",
    "shading:shading=phong:num-lights=4",
    "shading:shading=blinn-phong-inf:num-lights=3",
    "bump:bump-render=high-poly",
    "bump:bump-render=normals",
    "bump:bump-render=normals-tangent",
    "bump:bump-render=height",
    "effect2d:kernel=0,1,0;1,-4,1;0,1,0;",
    "effect2d:kernel=1,1,1,1,1;1,1,1,1,1;1,1,1,1,1;",
    "effect2d:kernel=1,2,1;0,0,0;-1,-2,-1;:normalize=false",
    "pulsar:quads=5:texture=false:light=false",
    "pulsar:light=true:texture=true:random=true",
    "desktop:windows=4:effect=blur:blur-radius=5:passes=1:separable=true",
    "desktop:windows=4:effect=blur:blur-radius=3:separable=false",
    "desktop:windows=4:effect=shadow",
    "buffer:update-fraction=0.5:update-dispersion=0.9:columns=200:update-method=map:interleave=false",
    "buffer:update-fraction=0.5:update-dispersion=0.9:columns=200:update-method=subdata:interleave=false",
    "buffer:update-fraction=0.5:update-dispersion=0.9:columns=200:update-method=map:interleave=true",
    "conditionals:vertex-steps=0:fragment-steps=0",
    "conditionals:vertex-steps=0:fragment-steps=5",
    "conditionals:vertex-steps=5:fragment-steps=0",
    "conditionals:vertex-conditionals=false:fragment-conditionals=false:vertex-steps=3:fragment-steps=3",
    "function:fragment-steps=5:fragment-complexity=low",
    "function:fragment-steps=5:fragment-complexity=medium",
    "function:vertex-steps=5:vertex-complexity=medium:fragment-function=false",
    "loop:vertex-steps=5:fragment-steps=5:fragment-function=false",
    "loop:vertex-steps=5:fragment-steps=5:fragment-uniform=false",
    "loop:vertex-steps=5:fragment-steps=5:fragment-uniform=true",
    "loop:vertex-steps=5:vertex-uniform=false:vertex-function=false:fragment-function=false",
    "terrain:bloom=false:tilt-shift=false",
    "terrain:bloom=true:tilt-shift=false",
)


def glmark2_jobs(glmark2: str, duration: str, skipped: List[str]) -> List[Job]:
    listing = subprocess.run([glmark2, "--list-scenes"], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, timeout=60).stdout
    scenes = _parse_glmark2_scenes(listing.decode("utf-8", "replace"))
    if not scenes:
        raise SystemExit("`%s --list-scenes` listed no scenes" % glmark2)
    jobs: List[Job] = []

    def bench(spec: str) -> str:
        return "%s:duration=%s" % (spec, duration)

    # Every scene with its default options, windowed, off-screen and
    # fullscreen (the window-system paths may add their own blits).
    for scene in sorted(scenes):
        for mode, flags in (("", []), (" --off-screen", ["--off-screen"]),
                            (" --fullscreen", ["--fullscreen"])):
            jobs.append(Job("glmark2:%s%s" % (scene, mode),
                            [glmark2] + flags + ["-b", bench(scene)], "glmark2"))
    for spec in GLMARK2_VARIANTS:
        scene, _, rest = spec.partition(":")
        bad = None
        if scene not in scenes:
            bad = "no scene %r" % scene
        else:
            # kernel values contain ';' and ','; split options on ':' only.
            for kv in filter(None, rest.split(":")):
                key, _, val = kv.partition("=")
                if key not in scenes[scene]:
                    bad = "scene %s has no option %r" % (scene, key)
                elif scenes[scene][key] is not None and val not in scenes[scene][key]:
                    bad = "option %s=%s not acceptable" % (key, val)
        if bad:
            skipped.append("glmark2 variant %s: %s" % (spec, bad))
            continue
        jobs.append(Job("glmark2:%s --off-screen" % spec,
                        [glmark2, "--off-screen", "-b", bench(spec)], "glmark2"))
    return jobs


def _shader_runner_for(path: str) -> str:
    """Which shader_runner binary a test needs, as piglit's own runner picks
    it from the [require] section: GLES tests need shader_runner_gles2/3."""
    try:
        with open(path, "r", encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return "shader_runner"
    m = re.search(r"^\[require\]\s*$(.*?)^\[", text, re.M | re.S)
    req = m.group(1) if m else ""
    m = re.search(r"^\s*GL ES\s*>=?\s*(\d+)\.(\d+)", req, re.M)
    if m:
        return "shader_runner_gles3" if int(m.group(1)) >= 3 else "shader_runner_gles2"
    m = re.search(r"^\s*GLSL ES\s*>=?\s*(\d+)\.(\d+)", req, re.M)
    if m:
        return "shader_runner_gles3" if int(m.group(1)) >= 3 else "shader_runner_gles2"
    return "shader_runner"


def piglit_jobs(piglit_dir: str, folders: Sequence[str], every: int,
                skipped: List[str]) -> List[Job]:
    jobs: List[Job] = []
    bindir = os.path.join(piglit_dir, "bin")
    for folder in folders:
        root = os.path.join(piglit_dir, folder)
        if not os.path.isdir(root):
            skipped.append("piglit folder %s: not found under %s" % (folder, piglit_dir))
            continue
        tests: List[str] = []
        other: Dict[str, int] = {}
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames.sort()
            for fn in filenames:
                full = os.path.join(dirpath, fn)
                if fn.endswith(".shader_test"):
                    tests.append(full)
                else:
                    ext = os.path.splitext(fn)[1] or fn
                    other[ext] = other.get(ext, 0) + 1
        tests.sort()
        if other:
            skipped.append(
                "piglit %s: %s not run (only *.shader_test runs with "
                "shader_runner; .vert/.frag/.geom are glslparsertest "
                "compile-only tests)" % (folder, ", ".join(
                    "%d %s" % (n, e) for e, n in sorted(other.items()))))
        if every > 1 and folder.startswith("generated_tests"):
            kept = tests[::every]
            skipped.append("piglit %s: sampled every %d-th test: %d of %d"
                           % (folder, every, len(kept), len(tests)))
            tests = kept
        for t in tests:
            rel = os.path.relpath(t, piglit_dir)
            runner = os.path.join(bindir, _shader_runner_for(t))
            jobs.append(Job("piglit:" + rel, [runner, t, "-auto", "-fbo"],
                            "piglit", cwd=piglit_dir))
    return jobs


# --------------------------------------------------------------------------
# Running.

@dataclasses.dataclass
class JobResult:
    job: Job
    status: str                # ok | failed | crashed | timeout | error
    returncode: Optional[int]
    seconds: float
    dumps: List[str]
    truncated: int = 0
    interrupted: int = 0
    glued_headers: int = 0
    interruptions: List[str] = dataclasses.field(default_factory=list)
    piglit_result: Optional[str] = None
    log_bytes: int = 0
    log_text: Optional[str] = None   # kept only for the baseline job


class Runner:
    """Runs jobs in their own process groups so timeouts and Ctrl-C can kill
    whole process trees."""

    def __init__(self, env: Dict[str, str], timeout: float,
                 log_dir: str, keep_logs: bool) -> None:
        self.env = env
        self.timeout = timeout
        self.log_dir = log_dir
        self.keep_logs = keep_logs
        self._lock = threading.Lock()
        self._procs: Dict[int, subprocess.Popen] = {}
        self.stopping = False

    def kill_all(self) -> None:
        with self._lock:
            procs = list(self._procs.values())
        for p in procs:
            _kill_group(p)

    def run(self, index: int, job: Job, keep_text: bool = False) -> JobResult:
        if self.stopping:
            return JobResult(job, "error", None, 0.0, [], interruptions=["not started"])
        name = "%05d_%s.log" % (index, re.sub(r"[^A-Za-z0-9._-]+", "_", job.source)[:150])
        log_path = os.path.join(self.log_dir, name)
        start = time.monotonic()
        status = "ok"
        rc: Optional[int] = None
        with open(log_path, "wb") as log:
            try:
                proc = subprocess.Popen(job.argv, stdin=subprocess.DEVNULL,
                                        stdout=log, stderr=subprocess.STDOUT,
                                        env=self.env, cwd=job.cwd,
                                        start_new_session=True)
            except OSError as e:
                return JobResult(job, "error", None, 0.0, [],
                                 interruptions=["cannot start: %s" % e])
            with self._lock:
                self._procs[proc.pid] = proc
            try:
                rc = proc.wait(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                status = "timeout"
                _kill_group(proc)
                rc = proc.wait()
            finally:
                with self._lock:
                    self._procs.pop(proc.pid, None)
                # Grandchildren that outlived the program (shells, helpers).
                _kill_group(proc, quiet=True)
        seconds = time.monotonic() - start
        with open(log_path, "rb") as f:
            data = f.read()
        # latin-1 maps bytes 1:1, so dumps keep their exact bytes.
        text = data.decode("latin-1")
        split = split_tgsi_dumps(text)
        piglit = None
        m = None
        for m in re.finditer(r'PIGLIT: \{"result": "([a-z]+)"', text):
            pass
        if m is not None:
            piglit = m.group(1)
        if status == "ok" and rc is not None and rc != 0:
            status = "crashed" if rc < 0 else "failed"
        if not self.keep_logs:
            os.unlink(log_path)
        return JobResult(job, status, rc, seconds, split.dumps, split.truncated,
                         split.interrupted, split.glued_headers, split.interruptions,
                         piglit, len(data), text if keep_text else None)


def _kill_group(proc: subprocess.Popen, quiet: bool = False) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    except OSError as e:
        if not quiet:
            print("warning: cannot kill %d: %s" % (proc.pid, e), file=sys.stderr)


class Xvfb:
    """A private Xvfb on a free display number (picked by Xvfb -displayfd)."""

    def __init__(self, exe: str = "Xvfb") -> None:
        self.exe = exe
        self.proc: Optional[subprocess.Popen] = None
        self.display: Optional[str] = None

    def start(self) -> str:
        exe = shutil.which(self.exe)
        if not exe:
            raise SystemExit("Xvfb not found (apt-get install xvfb), or pass --display")
        rfd, wfd = os.pipe()
        try:
            self.proc = subprocess.Popen(
                [exe, "-displayfd", str(wfd), "-screen", "0", "1280x1024x24",
                 "-nolisten", "tcp", "-noreset"],
                pass_fds=(wfd,), stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                start_new_session=True)
        finally:
            os.close(wfd)
        buf = b""
        deadline = time.monotonic() + 30
        try:
            while not buf.endswith(b"\n"):
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    raise SystemExit("Xvfb did not start (exit status %s)"
                                     % self.proc.poll())
                r, _, _ = select.select([rfd], [], [], left)
                if r:
                    chunk = os.read(rfd, 64)
                    if not chunk:
                        raise SystemExit("Xvfb closed -displayfd without a number")
                    buf += chunk
        finally:
            os.close(rfd)
        self.display = ":" + buf.decode().strip()
        return self.display

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


# --------------------------------------------------------------------------
# The corpus.

@dataclasses.dataclass
class Entry:
    text: str                 # without the final newline
    stage: str
    instructions: int
    sources: Set[str]
    # Entries loaded from a manifest whose source list was capped: the
    # recorded count, the listed subset, and the programs that capture ran.
    prior_count: int = 0
    prior_listed: Set[str] = dataclasses.field(default_factory=set)
    prior_programs: Set[str] = dataclasses.field(default_factory=set)

    @property
    def prior_capped(self) -> bool:
        return self.prior_count > len(self.prior_listed)

    @property
    def source_count(self) -> int:
        if not self.prior_capped:
            return len(self.sources)
        # A program the earlier capture already ran is assumed to have
        # produced this shader then too (same program, same driver): it is
        # among the unlisted sources.  Exact when a merge adds new programs
        # or re-runs old ones.
        return self.prior_count + sum(
            1 for s in self.sources
            if s not in self.prior_listed and s not in self.prior_programs)


def shader_bytes(text: str) -> bytes:
    return (text + "\n").encode("latin-1")


class Corpus:
    def __init__(self) -> None:
        self.entries: Dict[str, Entry] = {}   # hash -> entry
        self._by_text: Dict[str, str] = {}    # text -> hash
        self.mesa_versions: List[str] = []
        self.programs: Set[str] = set()       # every program ever captured

    def add(self, text: str, source: str) -> Tuple[str, bool]:
        """Adds one dump; returns (hash, whether it is new to the corpus)."""
        h = self._by_text.get(text)
        if h is None:
            h = xxh64_hex(shader_bytes(text))
            e = self.entries.get(h)
            if e is not None and e.text != text:
                raise SystemExit("XXH64 collision on %s" % h)
            self._by_text[text] = h
            if e is None:
                stage = text.split("\n", 1)[0]
                self.entries[h] = Entry(text, stage, count_instructions(text), {source})
                return h, True
        self.entries[h].sources.add(source)
        return h, False

    def load(self, out_dir: str) -> None:
        path = os.path.join(out_dir, "manifest.json")
        if not os.path.exists(path):
            return
        with open(path, "r", encoding="utf-8") as f:
            man = json.load(f)
        if man.get("version") != MANIFEST_VERSION:
            raise SystemExit("%s: unsupported manifest version %r" % (path, man.get("version")))
        for v in str(man.get("mesa_version", "")).split(", "):
            if v and v not in self.mesa_versions:
                self.mesa_versions.append(v)
        prior_programs = set(man.get("programs", []))
        self.programs |= prior_programs
        for s in man.get("shaders", []):
            fpath = os.path.join(out_dir, s["file"])
            with open(fpath, "rb") as f:
                data = f.read()
            if xxh64_hex(data) != s["hash"]:
                raise SystemExit("%s: content does not match its hash" % fpath)
            text = data.decode("latin-1")
            if text.endswith("\n"):
                text = text[:-1]
            count = int(s.get("source_count", len(s["sources"])))
            listed = set(s["sources"])
            e = Entry(text, s["stage"], int(s["instructions"]), set(listed),
                      prior_count=count, prior_listed=listed,
                      prior_programs=prior_programs if count > len(listed) else set())
            self.entries[s["hash"]] = e
            self._by_text[text] = s["hash"]

    def write(self, out_dir: str, mesa_version: str, capture_date: str,
              mesa_package: str) -> Tuple[int, int]:
        """Writes new shader files and the manifest; returns (new, total)."""
        sdir = os.path.join(out_dir, "shaders")
        os.makedirs(sdir, exist_ok=True)
        new = 0
        for h, e in self.entries.items():
            fpath = os.path.join(sdir, h + ".tgsi")
            data = shader_bytes(e.text)
            if os.path.exists(fpath):
                with open(fpath, "rb") as f:
                    if f.read() != data:
                        raise SystemExit("%s exists with different content" % fpath)
                continue
            tmp = fpath + ".tmp"
            with open(tmp, "wb") as f:
                f.write(data)
            os.replace(tmp, fpath)
            new += 1
        versions = list(self.mesa_versions)
        if mesa_version and mesa_version not in versions:
            versions.append(mesa_version)
        shaders = []
        for h in sorted(self.entries):
            e = self.entries[h]
            srcs = sorted(e.sources)
            shaders.append({
                "hash": h,
                "file": "shaders/%s.tgsi" % h,
                "stage": e.stage,
                "instructions": e.instructions,
                "sources": srcs[:MAX_LISTED_SOURCES],
                "source_count": e.source_count,
            })
        man = {
            "version": MANIFEST_VERSION,
            "mesa_version": ", ".join(versions),
            "mesa_package": mesa_package,
            "capture_date": capture_date,
            "shaders": shaders,
            "programs": sorted(self.programs),
        }
        path = os.path.join(out_dir, "manifest.json")
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            json.dump(man, f, indent=1, sort_keys=False)
            f.write("\n")
        os.replace(path + ".tmp", path)
        return new, len(self.entries)


def mesa_version_from_glxinfo(text: str) -> str:
    m = re.search(r"OpenGL version string:.*?Mesa (\S+)", text)
    if m:
        return m.group(1)
    m = re.search(r"^\s*Version: (\S+)", text, re.M)
    return m.group(1) if m else ""


def mesa_package_version() -> str:
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "libgl1-mesa-dri"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             timeout=30).stdout.decode().strip()
        return ("libgl1-mesa-dri " + out) if out else ""
    except (OSError, subprocess.SubprocessError):
        return ""


def family_of(source: str) -> str:
    fam, _, rest = source.partition(":")
    if fam == "piglit":
        parts = rest.split("/")
        # piglit:tests/spec/glsl-1.10/... -> piglit:tests/spec/glsl-1.10
        depth = 3 if len(parts) > 3 and parts[1] == "spec" else 2
        return "piglit:" + "/".join(parts[:depth])
    return fam


# --------------------------------------------------------------------------
# Main.

class _Terminated(Exception):
    pass


def _on_sigterm(signum, frame):  # noqa: ARG001
    raise _Terminated()


class _HelpFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Shows defaults, except for options that have none."""

    def _get_help_string(self, action):
        if action.default in (None, [], False):
            return action.help
        return super()._get_help_string(action)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        description=(
            "Run programs under Mesa's softpipe driver with SOFTPIPE_DEBUG=vs,fs,gs "
            "inside a private Xvfb, split the TGSI dumps out of their logs and "
            "merge them, deduplicated by XXH64, into OUT/shaders/<xxh64>.tgsi and "
            "OUT/manifest.json. Without --command/--only, runs every glmark2 scene "
            "(defaults windowed, --off-screen and --fullscreen, plus option "
            "variants) and piglit's shader_runner over the *.shader_test files of "
            "the default piglit folders. An existing OUT is merged into, never "
            "pruned. A `glxinfo -B` run always comes first: it gives the Mesa "
            "version, and its dumps (Mesa's own context-creation shaders) are "
            "recorded with source '%s'." % BASELINE_SOURCE),
        formatter_class=_HelpFormatter)
    p.add_argument("--out", default="corpus",
                   help="corpus directory (shaders/ and manifest.json are written here)")
    p.add_argument("--piglit-dir", default=DEFAULT_PIGLIT_DIR,
                   help="piglit installation (holds bin/shader_runner, tests/, generated_tests/)")
    p.add_argument("--piglit-folder", action="append", metavar="REL",
                   help="piglit folder relative to --piglit-dir, searched recursively for "
                        "*.shader_test (repeatable; replaces the default list: %s)"
                        % ", ".join(DEFAULT_PIGLIT_FOLDERS))
    p.add_argument("--only", action="append", choices=("glmark2", "piglit"),
                   help="run only this program family (repeatable). Default: both, "
                        "unless --command is given, in which case only the commands run")
    p.add_argument("--command", action="append", default=[], metavar="CMD",
                   help="capture an arbitrary program: CMD is run with /bin/sh -c "
                        "under the capture environment and recorded as 'command:CMD' "
                        "(repeatable). Long-running programs are killed after "
                        "--timeout; their dumps so far are kept")
    p.add_argument("--filter", metavar="SUBSTRING",
                   help="run only programs whose source name contains SUBSTRING, "
                        "e.g. 'glsl-1.10/execution' or 'glmark2:shading' (the "
                        "glxinfo -B baseline always runs)")
    p.add_argument("--limit", type=int, metavar="N",
                   help="run only the first N programs (after --filter; not counting "
                        "the baseline), for quick tests")
    p.add_argument("--every", type=int, default=1, metavar="K",
                   help="run only every K-th test (in sorted order) of each "
                        "generated_tests folder")
    p.add_argument("--jobs", type=int, default=2, help="programs run in parallel")
    p.add_argument("--timeout", type=float, default=20.0,
                   help="seconds per program; dumps printed before the kill are kept")
    p.add_argument("--glmark2", default="glmark2", help="glmark2 executable")
    p.add_argument("--glmark2-duration", default="0.5",
                   help="duration= given to every glmark2 benchmark, in seconds")
    p.add_argument("--display", metavar=":N",
                   help="use this existing X display instead of starting Xvfb")
    p.add_argument("--keep-logs", metavar="DIR",
                   help="keep every program's combined stdout+stderr log in DIR, plus "
                        "summary.json (counts, and each program's status, exit code, "
                        "time, dump count and piglit result)")
    p.add_argument("--dry-run", action="store_true",
                   help="print the programs that would run (source name, tab, command "
                        "line) and what is skipped, then exit")
    return p


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    # Under `bazel run`, relative paths mean the caller's directory.
    if os.environ.get("BUILD_WORKING_DIRECTORY"):
        os.chdir(os.environ["BUILD_WORKING_DIRECTORY"])
    if args.jobs < 1 or args.every < 1:
        raise SystemExit("--jobs and --every must be at least 1")
    skipped: List[str] = []
    families = set(args.only or ([] if args.command else ["glmark2", "piglit"]))
    jobs: List[Job] = []
    if "glmark2" in families:
        exe = shutil.which(args.glmark2)
        if not exe:
            skipped.append("glmark2: %s not found" % args.glmark2)
        else:
            jobs += glmark2_jobs(exe, args.glmark2_duration, skipped)
    if "piglit" in families:
        jobs += piglit_jobs(args.piglit_dir, args.piglit_folder or DEFAULT_PIGLIT_FOLDERS,
                            args.every, skipped)
    for cmd in args.command:
        jobs.append(Job("command:" + cmd, ["/bin/sh", "-c", cmd], "command"))
    if args.filter:
        jobs = [j for j in jobs if args.filter in j.source]
    if args.limit is not None:
        jobs = jobs[:args.limit]
    if args.dry_run:
        for j in jobs:
            print("%s\t%s" % (j.source, " ".join(shlex.quote(a) for a in j.argv)))
        for s in skipped:
            print("skipped: " + s, file=sys.stderr)
        return 0

    print(self_check_xxh64(), file=sys.stderr)
    signal.signal(signal.SIGTERM, _on_sigterm)
    xvfb = None
    tmpdir = None
    runner = None
    corpus = Corpus()
    corpus.load(args.out)
    preexisting = len(corpus.entries)
    results: List[JobResult] = []
    interrupted = False
    mesa_version = ""
    t0 = time.monotonic()
    capture_date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    try:
        env = {k: v for k, v in os.environ.items() if k not in SCRUBBED_ENV}
        env.update(CAPTURE_ENV)
        if args.display:
            env["DISPLAY"] = args.display
        else:
            xvfb = Xvfb()
            env["DISPLAY"] = xvfb.start()
            print("started Xvfb on %s" % env["DISPLAY"], file=sys.stderr)
        if args.keep_logs:
            os.makedirs(args.keep_logs, exist_ok=True)
            log_dir = args.keep_logs
        else:
            tmpdir = tempfile.mkdtemp(prefix="capture_corpus.")
            log_dir = tmpdir
        runner = Runner(env, args.timeout, log_dir, bool(args.keep_logs))

        base = runner.run(0, Job(BASELINE_SOURCE, ["glxinfo", "-B"], "baseline"), keep_text=True)
        mesa_version = mesa_version_from_glxinfo(base.log_text or "")
        base.log_text = None
        results.append(base)
        corpus.programs.add(base.job.source)
        for d in base.dumps:
            corpus.add(d, BASELINE_SOURCE)
        if base.status != "ok":
            print("warning: glxinfo -B: %s" % base.status, file=sys.stderr)
        print("Mesa %s; %d programs to run with %d jobs, timeout %gs"
              % (mesa_version or "?", len(jobs), args.jobs, args.timeout), file=sys.stderr)

        tty = sys.stderr.isatty()
        total_dumps = len(base.dumps)
        counts = {"failed": 0, "crashed": 0, "timeout": 0, "error": 0}
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            futures = [pool.submit(runner.run, i + 1, j) for i, j in enumerate(jobs)]
            try:
                for done, fut in enumerate(concurrent.futures.as_completed(futures), 1):
                    r = fut.result()
                    results.append(r)
                    corpus.programs.add(r.job.source)
                    for d in r.dumps:
                        corpus.add(d, r.job.source)
                    total_dumps += len(r.dumps)
                    if r.status in counts:
                        counts[r.status] += 1
                    line = ("[%d/%d] %d unique shaders (%d dumps) | failed %d crashed %d "
                            "timeout %d | %.0fs | %s: %s, %d dumps"
                            % (done, len(jobs), len(corpus.entries), total_dumps,
                               counts["failed"], counts["crashed"], counts["timeout"],
                               time.monotonic() - t0, r.job.source[:80], r.status,
                               len(r.dumps)))
                    if tty:
                        sys.stderr.write("\r\x1b[K" + line[:160])
                    else:
                        sys.stderr.write(line + "\n")
                    sys.stderr.flush()
            except (KeyboardInterrupt, _Terminated):
                interrupted = True
                runner.stopping = True
                for f in futures:
                    f.cancel()
                runner.kill_all()
            if tty:
                sys.stderr.write("\n")
    except (KeyboardInterrupt, _Terminated):
        interrupted = True
        if runner:
            runner.stopping = True
            runner.kill_all()
    finally:
        if runner:
            runner.kill_all()
        if xvfb:
            xvfb.stop()
        if tmpdir:
            shutil.rmtree(tmpdir, ignore_errors=True)

    wall = time.monotonic() - t0
    if not results:
        print("nothing captured", file=sys.stderr)
        return 130 if interrupted else 1
    new, total = corpus.write(args.out, mesa_version, capture_date, mesa_package_version())
    summary = summarize(results, corpus, skipped, wall, new, total, preexisting,
                        mesa_version, interrupted, argv)
    print_summary(summary)
    if args.keep_logs:
        with open(os.path.join(args.keep_logs, "summary.json"), "w") as f:
            json.dump(summary, f, indent=1)
            f.write("\n")
    return 130 if interrupted else 0


def summarize(results: List[JobResult], corpus: Corpus, skipped: List[str],
              wall: float, new: int, total: int, preexisting: int,
              mesa_version: str, interrupted: bool, argv) -> dict:
    status: Dict[str, int] = {}
    piglit: Dict[str, int] = {}
    for r in results:
        status[r.status] = status.get(r.status, 0) + 1
        if r.piglit_result:
            piglit[r.piglit_result] = piglit.get(r.piglit_result, 0) + 1
    by_stage: Dict[str, int] = {}
    by_family: Dict[str, int] = {}
    only_family: Dict[str, int] = {}
    for e in corpus.entries.values():
        by_stage[e.stage] = by_stage.get(e.stage, 0) + 1
        fams = {family_of(s) for s in e.sources}
        for f in fams:
            by_family[f] = by_family.get(f, 0) + 1
        if len(fams) == 1 and not e.prior_capped:
            f = next(iter(fams))
            only_family[f] = only_family.get(f, 0) + 1
    dumps = sum(len(r.dumps) for r in results)
    runs = [{"source": r.job.source, "status": r.status, "rc": r.returncode,
             "seconds": round(r.seconds, 1), "dumps": len(r.dumps),
             "unique_dumps": len(set(r.dumps)), "piglit": r.piglit_result}
            for r in results]
    repeats = sum(len(r.dumps) - len(set(r.dumps)) for r in results)
    return {
        "argv": list(sys.argv if argv is None else argv),
        "interrupted": interrupted,
        "mesa_version": mesa_version,
        "wall_seconds": round(wall, 1),
        "programs": len(results),
        "status": status,
        "piglit_results": piglit,
        "dumps": dumps,
        "dumps_repeated_within_a_program": repeats,
        "dumps_truncated": sum(r.truncated for r in results),
        "dumps_interrupted": sum(r.interrupted for r in results),
        "glued_headers": sum(r.glued_headers for r in results),
        "interruption_examples": [x for r in results for x in r.interruptions][:20],
        "unique_shaders": total,
        "new_shaders": new,
        "preexisting_shaders": preexisting,
        "by_stage": dict(sorted(by_stage.items())),
        "by_family": dict(sorted(by_family.items())),
        "only_from_family": dict(sorted(only_family.items())),
        "skipped": skipped,
        "problems": [run for run in runs if run["status"] != "ok"],
        "runs": runs,
    }


def print_summary(s: dict) -> None:
    w = sys.stderr.write
    w("%s: %d programs in %.0fs: %s\n" % (
        "INTERRUPTED" if s["interrupted"] else "done", s["programs"], s["wall_seconds"],
        ", ".join("%s %d" % kv for kv in sorted(s["status"].items()))))
    if s["piglit_results"]:
        w("piglit results: %s\n" % ", ".join("%s %d" % kv for kv in sorted(s["piglit_results"].items())))
    w("dumps: %d complete (%d repeated within a program), %d truncated, %d interrupted, "
      "%d glued headers\n" % (s["dumps"], s["dumps_repeated_within_a_program"],
                              s["dumps_truncated"], s["dumps_interrupted"], s["glued_headers"]))
    w("corpus: %d unique shaders (%d new, %d before): %s\n" % (
        s["unique_shaders"], s["new_shaders"], s["preexisting_shaders"],
        ", ".join("%s %d" % kv for kv in s["by_stage"].items())))
    for f, n in s["by_family"].items():
        w("  %-45s %6d shaders (%d only from here)\n" % (f, n, s["only_from_family"].get(f, 0)))
    for x in s["skipped"]:
        w("skipped: %s\n" % x)
    for p in s["problems"][:30]:
        w("problem: %(source)s: %(status)s rc=%(rc)s %(seconds)ss dumps=%(dumps)s\n" % p)
    if len(s["problems"]) > 30:
        w("... %d more problems (see summary.json with --keep-logs)\n" % (len(s["problems"]) - 30))


if __name__ == "__main__":
    sys.exit(main())
