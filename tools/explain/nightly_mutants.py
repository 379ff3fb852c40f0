#!/usr/bin/env python3
"""The nightly's explain phase on each compiler mutant (tools/mutants): for
every compiler/testdata/mutants/<name>.tgsi, a nightly over a corpus of that
one shader with the mutant active, and what its report's explanations say.

Usage (from the workspace root, after bazel build -c opt //tools/mutants:shaderdiff_mutants):
  tools/explain/nightly_mutants.py bazel-bin/tools/mutants/shaderdiff_mutants OUT [--budget 10] [--vectors 16]

Prints a markdown table (mutant, its pass, the regressions, explanation
status, named instruction, culprit, whether the culprit's pass is the
mutant's, seconds per case) and the summary line; a mutant without a
regression on its shader says so. "culprit matches": some culprit rewrite
of the explanation belongs to the mutant's pass (mutants --list), or, for
a mutant whose bug fires with no rewrite decision (legalize, naive,
regalloc, to-machine, schedule), bisect says fails-without-rewrites or
names a rewrite of that pass.
"""
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        print(__doc__)
        return 2
    binary, out = os.path.abspath(args[0]), os.path.abspath(args[1])
    budget = args[args.index("--budget") + 1] if "--budget" in args else "10"
    vectors = args[args.index("--vectors") + 1] if "--vectors" in args else "16"
    listing = subprocess.run([binary, "mutants", "--list"], capture_output=True, text=True).stdout
    passes = {}
    for line in listing.splitlines():
        words = line.split()
        if len(words) >= 2 and re.fullmatch(r"[a-z0-9-]+", words[0]):
            passes[words[0]] = words[1].strip("[]")
    rows, seconds, summary = [], [], {"mutants": 0, "regressions": 0, "named": 0, "explained": 0, "matches": 0}
    for name in sorted(passes):
        src = os.path.join("compiler/testdata/mutants", name + ".tgsi")
        if not os.path.exists(src):
            continue
        summary["mutants"] += 1
        corpus = tempfile.mkdtemp(prefix="nm-" + name + "-")
        os.makedirs(os.path.join(corpus, "shaders"))
        with open(src) as f, open(os.path.join(corpus, "shaders", name + ".tgsi"), "w") as g:
            g.write("".join(l for l in f if not l.startswith("#")))
        start = time.time()
        subprocess.run([binary, "--mutant", name, "nightly", "--corpus", corpus, "--out", out, "--run", name,
                        "--vectors", vectors, "--jobs", "1", "--explain-budget", budget],
                       capture_output=True, text=True)
        wall = time.time() - start
        report = json.load(open(os.path.join(out, name, "report.json")))
        cases = []
        for s in report["shaders"]:
            for config, c in sorted(s.get("checks", {}).items()):
                if "explanation" in c:
                    cases.append((config, c))
        if not cases:
            rows.append(f"| {name} | {passes[name]} | 0 | (no regression on its shader) | | | | {wall:.1f} |")
            continue
        summary["regressions"] += 1
        case_seconds = report["run"].get("explain", {}).get("case_seconds", {})
        named_any = explained_any = match_any = False
        for config, c in cases:
            x = c["explanation"]
            e = x.get("explain", {})
            instr = e.get("instruction", {})
            named = bool(instr)
            culprit = x.get("culprit", {})
            names = [d["pass"] + "/" + d["rewrite"] for d in culprit.get("culprits", [])]
            match = any(n.split("/")[0] == passes[name] for n in names) or (
                culprit.get("status") == "fails-without-rewrites" and passes[name] not in
                ("const-fold", "copy-prop", "cse", "peephole", "dce", "lower-tgsi", "select"))
            named_any |= named
            explained_any |= x["status"] == "explained"
            match_any |= match
            secs = [v for k, v in case_seconds.items() if k.endswith("@" + config)]
            seconds.extend(secs)
            red = x.get("reduced", {})
            size = f'{red["instructions"]["before"]} -> {red["instructions"]["after"]}' if red else ""
            rows.append(f'| {name} | {passes[name]} | {config} {c["verdict"]} | {x["status"]} | '
                        f'{("`#%s %s`" % (instr.get("pc"), instr.get("asm"))) if named else x.get("reason", "")[:80]} | '
                        f'{" ".join(names) or culprit.get("status", "")} | {"yes" if match else "no"} | '
                        f'{size} | {", ".join("%.2f" % s for s in secs)} |')
        summary["named"] += named_any
        summary["explained"] += explained_any
        summary["matches"] += match_any
    print("| mutant | pass | regression | status | instruction named | culprit | culprit matches | reduced | seconds |")
    print("|---|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    print()
    print(f'{summary["mutants"]} mutants, {summary["regressions"]} with a regression on their shader; '
          f'an instruction named for {summary["named"]}, "explained" for {summary["explained"]}, '
          f'culprit matches the mutant for {summary["matches"]}')
    if seconds:
        print(f"seconds per explanation: median {statistics.median(seconds):.2f}, max {max(seconds):.2f} "
              f"over {len(seconds)} cases")
    return 0


if __name__ == "__main__":
    sys.exit(main())
