#!/usr/bin/env python3
"""Side by side with Mesa's tgsi_exec: our reference interpreter and both a3xx
builds on the emulator against Mesa 22.2's TGSI interpreter, per shader, in
invocations (lanes) per second of CPU time.

Mesa's harness (shared/bench/tgsi_exec, built outside this repository) runs one
quad per call, as softpipe does; ours runs each lane count's vector in one
call, through the entry points check and the nightly use. For each shader the
two are run back to back (Mesa, then ours), so load on a shared machine hits
both alike; every pass goes over all shaders once, and each pass prints its own
table, so the spread between passes shows the noise.

  bazel build -c opt //tools/bench:side_by_side_benchmark //tools/shaderdiff
  tools/bench/vs_mesa.py --mesa-bench DIR/build/mesa_bench [--sample 200]

Shaders: the corpus's VERT and FRAG shaders without texturing (Mesa's harness
stubs the samplers) that both sides run; a shader either side refuses is
counted and left out, with the reason, never timed on one side only.

Per lane count and engine it prints the ratio ours/Mesa of invocations per
second: median, p10, p90 over shaders, and "total": the ratio of the time
each needs for one invocation of every shader (sum of 1/rate), which weights
long shaders as a nightly does. It also prints how many shaders execute the
same TGSI instruction count per quad in both interpreters.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ENGINES = ["reference", "reference/batch16", "a3xx/naive", "a3xx/opt"]


def eligible(path):
    with open(path) as f:
        text = f.read()
    first = text.lstrip().split(None, 1)[0] if text.strip() else ""
    if first not in ("VERT", "FRAG"):
        return False
    return "SAMP[" not in text and "SVIEW[" not in text


def percentile(values, q):
    values = sorted(values)
    if not values:
        return float("nan")
    k = (len(values) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def run_mesa(mesa, shader, vector, min_time):
    out = subprocess.run([mesa, shader, vector, "--min-time", str(min_time)], capture_output=True, text=True)
    if out.returncode != 0:
        return None, (out.stderr.strip() or "exit %d" % out.returncode)[:200]
    line = json.loads(out.stdout.strip().splitlines()[-1])
    if "error" in line:
        return None, line["error"]
    return line, None


def run_ours(ours, shader, vectors, min_time):
    out = subprocess.run([ours, shader] + vectors + ["--benchmark_format=json",
                                                     "--benchmark_min_time=%g" % min_time],
                         capture_output=True, text=True)
    if out.returncode != 0:
        return None, (out.stderr.strip() or "exit %d" % out.returncode)[:200]
    results = {}
    for b in json.loads(out.stdout)["benchmarks"]:
        if b.get("error_occurred"):
            results[b["name"]] = {"error": b.get("error_message", "")}
        else:
            results[b["name"]] = {"rate": b["invocations/s"], "insts": b["insts"],
                                  "lane_rate": b["lane_instructions/s"]}
    return results, None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mesa-bench", required=True, help="Mesa's harness binary (shared/bench/tgsi_exec, built)")
    # The -c opt outputs, not bazel-bin: after a plain `bazel test`, bazel-bin
    # points at the unoptimized build, whose figures would be meaningless.
    opt_bin = os.path.join(ROOT, "bazel-out/k8-opt/bin")
    ap.add_argument("--ours", default=os.path.join(opt_bin, "tools/bench/side_by_side_benchmark"),
                    help="side_by_side_benchmark built with -c opt (default: bazel-out/k8-opt/bin/...)")
    ap.add_argument("--shaderdiff", default=os.path.join(opt_bin, "tools/shaderdiff/shaderdiff"),
                    help="shaderdiff built with -c opt (default: bazel-out/k8-opt/bin/...)")
    ap.add_argument("--corpus", default=os.path.join(ROOT, "corpus/shaders"))
    ap.add_argument("--sample", type=int, default=0, help="every k-th eligible shader, k chosen to give about this many (0: all)")
    ap.add_argument("--lanes", default="4,16,64,256")
    ap.add_argument("--passes", type=int, default=2)
    ap.add_argument("--min-time", type=float, default=0.05, help="seconds per measurement, each side")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--json", help="write every measurement here")
    args = ap.parse_args()
    for path in (args.ours, args.shaderdiff):
        if not os.access(path, os.X_OK):
            sys.exit(f"vs_mesa.py: {path} is missing: run `bazel build -c opt //tools/bench:side_by_side_benchmark "
                     "//tools/shaderdiff` first (or pass --ours / --shaderdiff)")
    lanes = [int(x) for x in args.lanes.split(",")]

    shaders = sorted(os.path.join(args.corpus, f) for f in os.listdir(args.corpus) if f.endswith(".tgsi"))
    shaders = [s for s in shaders if eligible(s)]
    if args.sample and len(shaders) > args.sample:
        step = len(shaders) / args.sample
        shaders = [shaders[int(i * step)] for i in range(args.sample)]
    print("%d eligible shaders (VERT/FRAG, no texturing)" % len(shaders), file=sys.stderr)

    tmp = tempfile.mkdtemp(prefix="vs_mesa.")
    vectors = {}
    for s in shaders:
        files = []
        for n in lanes + ([4] if 4 not in lanes else []):
            path = os.path.join(tmp, "%s.%d.json" % (os.path.basename(s), n))
            with open(path, "w") as f:
                r = subprocess.run([args.shaderdiff, "vector", s, "--seed", args.seed, "--lanes", str(n)], stdout=f,
                                   stderr=subprocess.PIPE, text=True)
            if r.returncode != 0:
                files = None
                break
            files.append((n, path))
        if files:
            vectors[s] = dict(files)

    records = []
    left_out = {}
    for p in range(args.passes):
        for i, s in enumerate(shaders):
            if s not in vectors:
                left_out[s] = "no vector"
                continue
            m, err = run_mesa(args.mesa_bench, s, vectors[s][4], args.min_time)
            if err:
                left_out[s] = "mesa: " + err
                continue
            o, err = run_ours(args.ours, s, [vectors[s][n] for n in lanes], args.min_time)
            if err:
                left_out[s] = "ours: " + err
                continue
            mesa_rate = 4.0 * m["runs"] / m["cpu_s"]
            rec = {"pass": p, "shader": os.path.basename(s), "mesa_rate": mesa_rate, "mesa_insts": m["insts_per_run"],
                   "ours": o}
            records.append(rec)
            if (i + 1) % 50 == 0:
                print("  pass %d: %d/%d shaders" % (p + 1, i + 1, len(shaders)), file=sys.stderr)

    if args.json:
        with open(args.json, "w") as f:
            json.dump({"records": records, "left_out": left_out}, f, indent=1)

    reasons = {}
    for r in left_out.values():
        key = r[:70]
        reasons[key] = reasons.get(key, 0) + 1
    if left_out:
        print("left out: %d shaders" % len(left_out))
        for k, v in sorted(reasons.items(), key=lambda kv: -kv[1])[:8]:
            print("  %4d  %s" % (v, k))
    first = [r for r in records if r["pass"] == 0]
    same = sum(1 for r in first if r["ours"].get("reference/4", {}).get("insts") == r["mesa_insts"])
    print("same TGSI instruction count per quad: %d of %d shaders" % (same, len(first)))
    mesa_median = statistics.median(r["mesa_rate"] for r in first) if first else float("nan")
    print("Mesa tgsi_exec: median %.2f M invocations/s" % (mesa_median / 1e6))
    for p in range(args.passes):
        recs = [r for r in records if r["pass"] == p]
        print("\npass %d: ours / Mesa, invocations per second (CPU)" % (p + 1))
        print("  %-18s %5s %8s %8s %8s %8s %7s" % ("engine", "lanes", "p10", "median", "p90", "total", "shaders"))
        for e in ENGINES:
            for n in lanes:
                key = "%s/%d" % (e, n)
                ratios, t_ours, t_mesa = [], 0.0, 0.0
                for r in recs:
                    o = r["ours"].get(key)
                    if not o or "rate" not in o:
                        continue
                    ratios.append(o["rate"] / r["mesa_rate"])
                    t_ours += 1.0 / o["rate"]
                    t_mesa += 1.0 / r["mesa_rate"]
                if not ratios:
                    continue
                print("  %-18s %5d %7.2fx %7.2fx %7.2fx %7.2fx %7d" % (
                    e, n, percentile(ratios, 0.1), percentile(ratios, 0.5), percentile(ratios, 0.9),
                    t_mesa / t_ours, len(ratios)))


if __name__ == "__main__":
    main()
