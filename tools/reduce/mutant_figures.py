#!/usr/bin/env python3
"""Reduce one failing record per caught mutant and print the figures.

Usage: tools/reduce/mutant_figures.py SHADERDIFF_MUTANTS MUTANTS.json OUT_DIR
       [--records N] [--max-oracle-calls N]

MUTANTS.json is what `shaderdiff_mutants mutants --json` writes. For every
caught mutant, its first N failing records (default 1) are reduced: the
record's reproduce command with `emulate` replaced by `reduce` (without
--compare / --hazards trap), or for a compile error `compile` replaced by
`reduce ... --seed 1` (any vector shows a compile error). Each reduction
writes OUT_DIR/<mutant>-<k>/; the table gives its signature, size before and
after (TGSI instructions, END and flow control included), oracle calls and
seconds, then the distribution of final sizes and the share reduced to at
most 10 instructions within the oracle-call budget. Run from the folder the
mutants run was started in (the records' paths are relative to it).
"""
import argparse
import json
import os
import shlex
import subprocess
import sys


def reduce_command(binary, reproduce, out, max_calls):
    words = shlex.split(reproduce)
    # "shaderdiff_mutants --mutant NAME emulate|compile ARGS..."
    at = next((i for i, w in enumerate(words) if w in ("emulate", "compile")), None)
    if at is None:
        return None  # e.g. a stage past the nightly's deadline: rerun with `nightly --shader`
    was = words[at]
    args = [w for w in words[at + 1:] if w not in ("--compare",)]
    if "--hazards" in args:
        k = args.index("--hazards")
        del args[k:k + 2]
    if was == "compile":
        args += ["--seed", "1"]
    return [binary] + words[1:at] + ["reduce"] + args + ["--out", out, "--max-oracle-calls", str(max_calls)]


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("binary")
    p.add_argument("mutants_json")
    p.add_argument("out_dir")
    p.add_argument("--records", type=int, default=1)
    p.add_argument("--max-oracle-calls", type=int, default=1000)
    a = p.parse_args()
    data = json.load(open(a.mutants_json))
    rows = []
    for m in data["mutants"]:
        if not m.get("caught"):
            continue
        records = [r for r in m["records"] if r.get("reproduce")][: a.records]
        for k, r in enumerate(records):
            out = os.path.join(a.out_dir, "%s-%d" % (m["name"], k))
            cmd = reduce_command(a.binary, r["reproduce"], out, a.max_oracle_calls)
            if cmd is None:
                rows.append((m["name"], r["verdict"], None, ["not a check of one vector: " + r["reproduce"]]))
                continue
            done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            if done.returncode != 0:
                rows.append((m["name"], r["verdict"], None, done.stderr.strip().splitlines()[-1:]))
                continue
            j = json.load(open(os.path.join(out, "reduce.json")))
            repro = subprocess.run(["sh", os.path.join(out, "repro.sh")], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, env=dict(os.environ, SHADERDIFF=a.binary))
            rows.append((m["name"], r["verdict"], j, repro.returncode))
    print("| mutant | signature | before | after | lanes | oracle calls | seconds | stopped | repro exit |")
    print("|---|---|---|---|---|---|---|---|---|")
    sizes = []
    for name, verdict, j, extra in rows:
        if j is None:
            print("| %s | %s | reduce failed: %s | | | | | | |" % (name, verdict, " ".join(extra)))
            sizes.append(None)
            continue
        sizes.append((j["after"]["instructions"], j["oracle_calls"]))
        print("| %s | %s | %d | %d | %d -> %d | %d | %.2f | %s | %d |" % (
            name, j["signature"]["text"], j["before"]["instructions"], j["after"]["instructions"],
            j["before"]["lanes"], j["after"]["lanes"], j["oracle_calls"], j["seconds"], j["stopped_by"], extra))
    ok = [s for s in sizes if s]
    good = sum(1 for s, calls in ok if s <= 10 and calls <= a.max_oracle_calls)
    print()
    print("reductions: %d (%d failed)" % (len(sizes), len(sizes) - len(ok)))
    if ok:
        final = sorted(s for s, _ in ok)
        calls = sorted(c for _, c in ok)
        pick = lambda v, q: v[min(len(v) - 1, int(q * (len(v) - 1) + 0.5))]
        print("final instructions: min %d, median %d, p90 %d, max %d" % (final[0], pick(final, .5), pick(final, .9), final[-1]))
        hist = {}
        for s in final:
            hist[s] = hist.get(s, 0) + 1
        print("  distribution: " + ", ".join("%d: %d" % (s, n) for s, n in sorted(hist.items())))
        print("oracle calls: min %d, median %d, p90 %d, max %d" % (calls[0], pick(calls, .5), pick(calls, .9), calls[-1]))
    print("<= 10 instructions within %d oracle calls: %d of %d (%.1f%%)" % (
        a.max_oracle_calls, good, len(sizes), 100.0 * good / max(1, len(sizes))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
