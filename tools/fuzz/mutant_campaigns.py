#!/usr/bin/env python3
"""A short campaign per mutant: how many of the mutants (tools/mutants) a
`shaderdiff fuzz` of a fixed budget finds, the first program that found
each, and the size of its reduced case.

    tools/fuzz/mutant_campaigns.py M OUT [--time 30] [--jobs 2] [--seed 1] [--mutant NAME ...]

M is the test-only binary (bazel build -c opt //tools/mutants:shaderdiff_mutants).
Prints one Markdown row per mutant and a total; writes OUT/<mutant>/ (each
campaign's folder) and OUT/summary.json.
"""
import argparse
import json
import os
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("out")
    ap.add_argument("--time", type=float, default=30)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mutant", action="append")
    a = ap.parse_args()
    names = a.mutant or [l.split()[0] for l in subprocess.run(
        [a.binary, "mutants", "--list"], capture_output=True, text=True, check=True).stdout.splitlines() if l.strip()]
    os.makedirs(a.out, exist_ok=True)
    rows, found = [], 0
    print("| mutant | found | programs | findings | unique | first program | first signature | reduced instructions |")
    print("|---|---|---|---|---|---|---|---|")
    for name in names:
        out = os.path.join(a.out, name)
        subprocess.run([a.binary, "--mutant", name, "fuzz", "--time", str(a.time), "--seed", str(a.seed),
                        "--jobs", str(a.jobs), "--out", out], capture_output=True, text=True)
        r = json.load(open(os.path.join(out, "report.json")))
        f = r["findings"]
        first = min(f["list"], key=lambda x: x["program"]) if f["list"] else None
        row = {"mutant": name, "found": f["total"] > 0, "programs": r["programs"], "findings": f["total"],
               "unique": f["unique"], "first_program": first["program"] if first else None,
               "first_signature": first["signature"] if first else None,
               "reduced_instructions": first.get("instructions") if first and first.get("reduction_attempted") else None,
               "seconds": r["seconds"], "programs_per_cpu_second": r["throughput"]["programs_per_cpu_second"]}
        found += row["found"]
        rows.append(row)
        print("| %s | %s | %d | %d | %d | %s | %s | %s |" % (
            name, "yes" if row["found"] else "**no**", row["programs"], row["findings"], row["unique"],
            "" if first is None else first["program"], "" if first is None else "`%s`" % first["first"],
            "" if row["reduced_instructions"] is None else row["reduced_instructions"]), flush=True)
    print("\nfound: %d of %d mutants (%.0f s each, %d jobs, seed %d)" % (found, len(names), a.time, a.jobs, a.seed))
    json.dump({"time": a.time, "jobs": a.jobs, "seed": a.seed, "found": found, "total": len(names), "mutants": rows},
              open(os.path.join(a.out, "summary.json"), "w"), indent=1)


if __name__ == "__main__":
    sys.exit(main())
