#!/usr/bin/env python3
"""A hostile-input mutation fuzzer for every shaderdiff command (issue 10).

It takes real inputs (corpus shaders, the vectors shaderdiff writes for them,
the assembly and binary words it compiles them to), mutates them the way a
fuzzer or a careless user would, runs the command that reads each, and
records every outcome the README does not allow:

  crash          killed by a signal (SIGSEGV, SIGABRT, ...)
  sanitizer      an AddressSanitizer / UndefinedBehaviorSanitizer report
  hang           still running after --timeout seconds
  internal       exit 5 (our bug, never the user's input)
  undocumented   an exit code outside 0..4
  no-location    exit 1 (bad input) without FILE:LINE:COL or "word N"

Mutations are text-level and structural: numbers replaced by boundary values
(0, -1, 2^15, 2^16, 2^31-1, 2^32-1, 2^32, 10^20, ...), lines deleted,
duplicated, swapped or spliced in from another corpus shader, tokens swapped,
bytes flipped, text truncated; for vectors, JSON values replaced by other
types, keys dropped, numbers made huge, text torn; for binaries, bits
flipped, words dropped or torn.

  fuzz.py --shaderdiff PATH [--corpus DIR] [--seconds 1800 | --runs N]
          [--seed S] [--timeout 60] [--out DIR] [--json SUMMARY.json]

It is deterministic for a seed and a run count (--runs). It prints runs per
command and every finding, writes each finding's input and command to
--out, and exits 1 if there was any finding. Build the sanitizer binary with
`bazel build --config=asan //tools/shaderdiff` and give its path.
"""
import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

BOUNDARY = ["0", "-1", "1", "32767", "32768", "65535", "65536", "-32769", "2147483647", "2147483648",
            "-2147483649", "4294967295", "4294967296", "18446744073709551615", "100000000000000000000",
            "1e39", "-1e39", "nan", "0x7fffffff", "3.4e38", "1.0e-45"]
TOKENS = ["IF", "ELSE", "ENDIF", "BGNLOOP", "ENDLOOP", "BRK", "CONT", "CAL", "RET", "BGNSUB", "ENDSUB", "END",
          "SWITCH", "CASE", "DEFAULT", "ENDSWITCH", "EMIT", "ENDPRIM", "KILL", "TEMP", "ADDR", "IN", "OUT",
          "CONST", "IMM", "SAMP", "SVIEW", "DCL", "PROPERTY", "ARRAY(1)", "[", "]", ",", ".", "-", "|", "{",
          "}", "TEX", "UARL", "ARL", "ADDR[0].x", "TEMP[ADDR[0].x]", "::"]
LOCATION = re.compile(r"(\S+:\d+:\d+)|(word \d+)")
SANITIZER = re.compile(r"(AddressSanitizer|UndefinedBehaviorSanitizer|LeakSanitizer|runtime error:)")


def mutate_text(rng, text, donors):
    lines = text.split("\n")
    kind = rng.choice(["number", "number", "delete", "duplicate", "swap", "splice", "token", "byte", "truncate"])
    if kind == "number":
        spots = [m for m in re.finditer(r"-?\d+(\.\d+)?([eE][-+]?\d+)?", text)]
        if spots:
            m = rng.choice(spots)
            return kind, text[:m.start()] + rng.choice(BOUNDARY) + text[m.end():]
    if kind == "delete" and len(lines) > 1:
        del lines[rng.randrange(len(lines))]
        return kind, "\n".join(lines)
    if kind == "duplicate" and lines:
        i = rng.randrange(len(lines))
        lines.insert(rng.randrange(len(lines) + 1), lines[i])
        return kind, "\n".join(lines)
    if kind == "swap" and len(lines) > 1:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return kind, "\n".join(lines)
    if kind == "splice" and donors:
        donor = rng.choice(donors).split("\n")
        a = rng.randrange(len(donor))
        piece = donor[a:a + rng.randint(1, 6)]
        at = rng.randrange(len(lines) + 1)
        return kind, "\n".join(lines[:at] + piece + lines[at:])
    if kind == "token":
        words = list(re.finditer(r"[A-Za-z_][A-Za-z_0-9]*|[\[\],.{}|-]", text))
        if words:
            m = rng.choice(words)
            return kind, text[:m.start()] + rng.choice(TOKENS) + text[m.end():]
    if kind == "byte" and text:
        i = rng.randrange(len(text))
        c = chr(rng.choice([0x00, 0x09, 0x0a, 0x20, 0x22, 0x5b, 0x5d, 0x7f, 0xe9, 0x1f600]))
        return kind, text[:i] + c + text[i + 1:]
    if text:
        return "truncate", text[:rng.randrange(len(text))]
    return "empty", text


def mutate_json(rng, text):
    try:
        doc = json.loads(text)
    except ValueError:
        return mutate_text(rng, text, [])
    paths = []

    def walk(node, path):
        paths.append(path)
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, path + [k])
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, path + [i])

    walk(doc, [])
    path = rng.choice(paths)
    kind = rng.choice(["value", "value", "drop", "huge", "torn"])
    if kind == "torn":
        return kind, text[:rng.randrange(max(1, len(text)))]
    parent, key = None, None
    node = doc
    for p in path:
        parent, key, node = node, p, node[p]
    if parent is None:
        return kind, json.dumps(rng.choice([[], {}, 0, "x", None]))
    if kind == "drop":
        del parent[key]
    elif kind == "huge":
        parent[key] = rng.choice([1e300, -1e300, 2 ** 64, -(2 ** 63) - 1, 4294967295, "0x1ffffffff", "0x"])
    else:
        parent[key] = rng.choice([None, True, -1, 0.5, "", "0xzz", [], {}, [[]], {"0": []}, "0x7fc00000"])
    return kind, json.dumps(doc)


def mutate_words(rng, data):
    data = bytearray(data)
    kind = rng.choice(["bit", "bit", "bit", "drop", "torn"])
    if kind == "bit" and data:
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(data) * 8)
            data[i // 8] ^= 1 << (i % 8)
    elif kind == "drop" and len(data) >= 16:
        w = rng.randrange(len(data) // 8)
        del data[w * 8:w * 8 + 8]
    elif data:
        kind = "torn"
        data = data[:rng.randrange(len(data))]
    return kind, bytes(data)


class Fuzzer:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.work = tempfile.mkdtemp(prefix="shaderdiff-fuzz.")
        self.runs = {}
        self.findings = []
        names = sorted(f for f in os.listdir(args.corpus) if f.endswith(".tgsi"))
        self.shaders = [os.path.join(args.corpus, f) for f in names]
        self.texts = {}

    def text(self, path):
        if path not in self.texts:
            with open(path, encoding="utf-8", errors="replace") as f:
                self.texts[path] = f.read()
        return self.texts[path]

    def run(self, command, argv, inputs, mutation):
        self.runs[command] = self.runs.get(command, 0) + 1
        start = time.monotonic()
        try:
            p = subprocess.run([self.args.shaderdiff] + argv, cwd=self.work, capture_output=True,
                               timeout=self.args.timeout, start_new_session=True)
            rc, out, err = p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
        except subprocess.TimeoutExpired:
            rc, out, err = None, "", ""
        elapsed = time.monotonic() - start
        kind = None
        if rc is None:
            kind = "hang"
        elif SANITIZER.search(err):
            kind = "sanitizer"
        elif rc < 0:
            kind = "crash"
        elif rc == 5:
            kind = "internal"
        elif rc not in (0, 1, 2, 3, 4):
            kind = "undocumented"
        elif rc == 1 and not LOCATION.search(err + out):
            kind = "no-location"
        if kind:
            self.record(kind, command, argv, inputs, mutation, rc, err, elapsed)

    def record(self, kind, command, argv, inputs, mutation, rc, err, elapsed):
        n = len(self.findings)
        saved = []
        if self.args.out:
            d = os.path.join(self.args.out, "%03d-%s-%s" % (n, kind, command))
            os.makedirs(d, exist_ok=True)
            for path in inputs:
                shutil.copy(os.path.join(self.work, path), d)
                saved.append(os.path.join(d, path))
        last = [l for l in err.strip().splitlines() if l.strip()]
        self.findings.append({"kind": kind, "command": command, "argv": argv, "mutation": mutation, "exit": rc,
                              "stderr_last": last[-1][:300] if last else "", "seconds": round(elapsed, 2),
                              "saved": saved})
        print("finding %d: %s: shaderdiff %s (%s) exit %s: %s" % (n, kind, " ".join(argv), mutation, rc,
                                                                   last[-1][:200] if last else ""), flush=True)

    def write(self, name, data):
        mode = "wb" if isinstance(data, bytes) else "w"
        with open(os.path.join(self.work, name), mode) as f:
            f.write(data)

    def shader_case(self):
        src = self.rng.choice(self.shaders)
        donors = [self.text(self.rng.choice(self.shaders)) for _ in range(2)]
        kind, text = mutate_text(self.rng, self.text(src), donors)
        if self.rng.random() < 0.3:
            kind2, text = mutate_text(self.rng, text, donors)
            kind += "+" + kind2
        self.write("s.tgsi", text)
        m = "%s of %s" % (kind, os.path.basename(src))
        build = self.rng.choice(["opt", "naive"])
        commands = [
            ("parse", ["parse", "--check", "s.tgsi"] + (["--strict"] if self.rng.random() < 0.5 else [])),
            ("print", ["print", "s.tgsi"]),
            ("vector", ["vector", "s.tgsi", "--seed", "1"]),
            ("interp", ["interp", "s.tgsi", "--seed", str(self.rng.randint(1, 9))]),
            ("compile", ["compile", "--target", "a3xx", "--build", build, "s.tgsi"]),
            ("emulate", ["emulate", "--target", "a3xx", "--build", build, "s.tgsi", "--compare"]),
            ("check", ["check", "--target", "a3xx", "--build", build, "--vectors", "2", "s.tgsi"]),
        ]
        name, argv = self.rng.choice(commands)
        self.run(name, argv, ["s.tgsi"], m)

    def vector_case(self):
        src = self.rng.choice(self.shaders)
        self.write("s.tgsi", self.text(src))
        p = subprocess.run([self.args.shaderdiff, "vector", "s.tgsi", "--seed", "1"], cwd=self.work,
                           capture_output=True, timeout=self.args.timeout)
        if p.returncode != 0:
            return
        kind, text = mutate_json(self.rng, p.stdout.decode())
        self.write("v.json", text)
        m = "vector %s of %s" % (kind, os.path.basename(src))
        if self.rng.random() < 0.5:
            self.run("interp", ["interp", "s.tgsi", "--vector", "v.json"], ["s.tgsi", "v.json"], m)
        else:
            self.run("emulate", ["emulate", "--target", "a3xx", "s.tgsi", "--vector", "v.json", "--compare"],
                     ["s.tgsi", "v.json"], m)

    def binary_case(self):
        src = self.rng.choice(self.shaders)
        self.write("s.tgsi", self.text(src))
        p = subprocess.run([self.args.shaderdiff, "compile", "--target", "a3xx", "s.tgsi", "--binary", "p.bin"],
                           cwd=self.work, capture_output=True, timeout=self.args.timeout)
        if p.returncode != 0 or not os.path.exists(os.path.join(self.work, "p.bin")):
            return
        with open(os.path.join(self.work, "p.bin"), "rb") as f:
            words = f.read()
        if self.rng.random() < 0.5:
            kind, data = mutate_words(self.rng, words)
            self.write("m.bin", data)
            self.run("disasm", ["disasm", "--target", "a3xx", "m.bin"], ["m.bin"],
                     "words %s of %s" % (kind, os.path.basename(src)))
        else:
            d = subprocess.run([self.args.shaderdiff, "disasm", "--target", "a3xx", "p.bin"], cwd=self.work,
                               capture_output=True, timeout=self.args.timeout)
            if d.returncode != 0:
                return
            kind, text = mutate_text(self.rng, d.stdout.decode(), [])
            self.write("m.s", text)
            self.run("asm", ["asm", "--target", "a3xx", "m.s", "-o", "out.bin"], ["m.s"],
                     "assembly %s of %s" % (kind, os.path.basename(src)))

    def loop(self):
        deadline = time.monotonic() + self.args.seconds if self.args.seconds else None
        n = 0
        while True:
            if self.args.runs and n >= self.args.runs:
                break
            if deadline and time.monotonic() >= deadline:
                break
            r = self.rng.random()
            if r < 0.6:
                self.shader_case()
            elif r < 0.8:
                self.vector_case()
            else:
                self.binary_case()
            n += 1
            if n % 100 == 0:
                print("  %d cases, %d runs, %d findings" % (n, sum(self.runs.values()), len(self.findings)),
                      file=sys.stderr, flush=True)
        return n


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shaderdiff", required=True)
    ap.add_argument("--corpus", default=os.path.join(here, "..", "..", "corpus", "shaders"))
    ap.add_argument("--seconds", type=float, default=0)
    ap.add_argument("--runs", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--out")
    ap.add_argument("--json")
    args = ap.parse_args()
    if not args.seconds and not args.runs:
        args.runs = 100
    args.shaderdiff = os.path.abspath(args.shaderdiff)
    args.corpus = os.path.abspath(args.corpus)
    fz = Fuzzer(args)
    start = time.monotonic()
    cases = fz.loop()
    elapsed = time.monotonic() - start
    print("%d cases in %.0f s; runs per command: %s" % (
        cases, elapsed, ", ".join("%s %d" % kv for kv in sorted(fz.runs.items()))))
    kinds = {}
    for f in fz.findings:
        kinds[f["kind"]] = kinds.get(f["kind"], 0) + 1
    print("findings: %d%s" % (len(fz.findings), (" (" + ", ".join("%s %d" % kv for kv in sorted(kinds.items())) + ")")
                               if kinds else ""))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"cases": cases, "seconds": elapsed, "runs": fz.runs, "findings": fz.findings}, f, indent=1)
    shutil.rmtree(fz.work, ignore_errors=True)
    return 1 if fz.findings else 0


if __name__ == "__main__":
    sys.exit(main())
