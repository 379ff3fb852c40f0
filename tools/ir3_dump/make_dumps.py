#!/usr/bin/env python3
"""Regenerates corpus/external/mesa-ir3/: one ir3 variant dump per shipped
corpus shader, made by a glue program built outside this repository around a
Mesa checkout (tools/ir3_dump/README.md, corpus/external/mesa-ir3/PROVENANCE.md).

    tools/ir3_dump/make_dumps.py --glue PATH/TO/ir3_driver_glue \\
        --corpus corpus/shaders --out corpus/external/mesa-ir3

For each SHADER.tgsi (VERT and FRAG only: a3xx runs nothing else) it runs
`GLUE --gpu 320 SHADER.tgsi` and writes its output to OUT/<hash>.txt, <hash>
being the shader file's name (the XXH64 of its text). When the glue fails
(ir3 refused the shader, or crashed), the dump is the single line
`; ir3-failed: <the glue's last stderr line or signal>`, which the harness
reports as unsupported, never as a pass. Exits non-zero only on a usage or
I/O problem. Prints a summary to stderr.
"""
import argparse
import os
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--glue", required=True, help="the glue executable (ir3_driver_glue)")
    ap.add_argument("--corpus", required=True, help="folder of <hash>.tgsi files")
    ap.add_argument("--out", required=True, help="output folder")
    ap.add_argument("--gpu", default="320")
    ap.add_argument("--timeout", type=float, default=60.0)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    names = sorted(n for n in os.listdir(args.corpus) if n.endswith(".tgsi"))
    counts = {"ok": 0, "failed": 0, "skipped": 0}
    for name in names:
        path = os.path.join(args.corpus, name)
        with open(path) as f:
            stage = f.readline().strip()
        if stage not in ("VERT", "FRAG"):
            counts["skipped"] += 1
            continue
        out = os.path.join(args.out, name[: -len(".tgsi")] + ".txt")
        try:
            p = subprocess.run([args.glue, "--gpu", args.gpu, path], capture_output=True, text=True,
                               timeout=args.timeout)
            ok = p.returncode == 0
            why = ""
            if not ok:
                lines = [l.strip() for l in p.stderr.splitlines() if l.strip()]
                # ir3's own first error ("MESA: error: ir3_ra() failed!"),
                # then the glue's last line.
                errors = [l for l in lines if l.startswith("MESA: error:") and len(l) > len("MESA: error:") + 1]
                why = lines[-1] if lines else ""
                if errors and errors[0] != why:
                    why = errors[0] + (" / " + why if why else "")
                if p.returncode < 0:
                    why = ("signal %d" % -p.returncode) + (": " + why if why else "")
                elif not why:
                    why = "exit %d" % p.returncode
        except subprocess.TimeoutExpired:
            ok, why = False, "timed out after %gs" % args.timeout
        with open(out, "w") as f:
            if ok:
                f.write(p.stdout)
            else:
                f.write("; ir3-failed: %s\n" % why.replace("\n", " "))
        counts["ok" if ok else "failed"] += 1
    print("%d dumps, %d where ir3 failed, %d shaders of other stages skipped"
          % (counts["ok"], counts["failed"], counts["skipped"]), file=sys.stderr)


if __name__ == "__main__":
    main()
