#!/usr/bin/env python3
"""Buckets every a3xx/mesa non-pass of a nightly report into the classes of
tools/harness/MESA.md, each rule checking the case's own evidence (the
verdict's detail, the TGSI, the ir3 dump, and for relative addressing the
reference's own verdict on the failing vector), and prints the table and
each shader's class.

    tools/ir3_dump/classify_mesa.py REPORT.json [--corpus corpus] \\
        [--mesa-programs corpus/external/mesa-ir3] [--shaderdiff bazel-bin/tools/shaderdiff/shaderdiff] [-v]

REPORT.json is a nightly report, or (--check-output) the text of
`shaderdiff check --build mesa --programs DIR corpus/shaders ...`, which
can run under other emulator readings (--jp-rule, --frag-sysvals, ...).

A case no rule explains is "unclassified" and makes the exit status 1, so a
new kind of failure is never silently put in an old bucket. The rules are
facts about the case, not a list of shaders, except the one list
`MANUAL` of cases inspected by hand (the reason is printed with each).
"""
import argparse
import json
import os
import re
import subprocess
import sys

# Inspected by hand (MESA.md gives the instruction): NIR's inexact float
# algebra (nir_opt_algebraic's `~` rules, which GLSL allows without
# `precise`): a*b + a*c factored, additions reordered; 1 to 8 ulp.
MANUAL = {
    "8182c303d8393e10": "mesa-inexact-algebra",
    "18a7f397c26ddcf9": "mesa-inexact-algebra",
    "75f8c576239a4758": "mesa-inexact-algebra",
    # c2 < c0/c1 && c2 < c3 becomes c2 < min(c0/c1, c3). With c1 NaN the
    # first compare is false, but min.f returns c3: only the 64-vector run's
    # edge values reach it.
    "2f450fd135e3cb4e": "mesa-nan",
    # The 256-vector run's two (lead, stop 27). 0 < c2 && c0/c1 < 0 becomes
    # min(c2, -(c0/c1)) > 0: with c0/c1 NaN (0/0, inf/inf) the reference's
    # FSLT_PRECISE is false, min.f returns c2 and the result is 1.
    "171d63466f074553": "mesa-nan",
    # LRP(c4, c3, c2) == 0: NIR evaluates the lrp as c2 + c4*(c3 - c2), so
    # with c2 = +inf it compares +inf == +inf (true) where TGSI's
    # c4*c3 + (1 - c4)*c2 is +inf != 0.
    "ad21fce8d83e1883": "mesa-inf-algebra",
}

CLASSES = {
    "shift-count": "emulator rule: shl.b/shr.b/ashr.b by >= 32 (--shift-counts)",
    "missing-jp": "emulator rule: (jp) on a uniform back edge's target (--jp-rule)",
    "tex-writes-all": "emulator rule: a cat5 writes all four components (docs §4.3)",
    "isaml-unminify": "emulator model: a3xx isaml minifies its integer coordinates by the lod (ir3 shifts them up)",
    "relative-oob": "out-of-range relative access on the failing vector (GLSL: undefined; wider than the reference's model)",
    "frag-coord": "I/O convention: gl_FragCoord's register format (--frag-sysvals)",
    "clipdist": "I/O convention: CLIPDIST components past NUM_CLIPDIST_ENABLED",
    "mesa-signed-zero": "Mesa: NIR folds x * 0 (or similar) to +0",
    "mesa-nan": "Mesa: NIR's folding assumes no NaN",
    "mesa-inexact-algebra": "Mesa: NIR's inexact float algebra (factoring, reassociation)",
    "mesa-inf-algebra": "Mesa: NIR's float algebra assumes finite operands (lrp rewritten, at +-inf)",
    "mesa-udiv-zero": "Mesa: UDIV/UMOD by 0, which TGSI defines as ~0 and tgsi_to_nir maps to NIR's undefined udiv/umod",
    "unsupported-stencil": "unsupported: FRAG_RESULT_STENCIL (a3xx has no field)",
    "unsupported-ubo-pointer": "unsupported: ir3 reads its constant data, or a UBO the shader does not declare, through a pointer",
    "unsupported-ir3-failed": "unsupported: ir3 compiled nothing",
    "unsupported-face-input": "unsupported: FACE as a float input, which freedreno's caps never give ir3 (glue refuses)",
    "unsupported-interp-opcode": "unsupported: ir3 compiled nothing: tgsi_to_nir has no INTERP_CENTROID/SAMPLE/OFFSET (a3xx exposes no interpolateAt*)",
    "unsupported-centroid-input": "unsupported: a CENTROID/SAMPLE input, whose location tgsi_to_nir drops (glue refuses)",
    "getbuf-refused": "emulator rule: getbuf, which no document or driver shows a3xx has (Timing::getbuf)",
    "unsupported-3d-array": "unsupported: sam .3d with .a/.s (emulator model gap)",
    "unsupported-getinfo": "unsupported: getinfo (emulator model gap)",
    "unsupported-vertex-id-zero-base": "unsupported: SYSTEM_VALUE_VERTEX_ID_ZERO_BASE",
    "unsupported-two-ij": "unsupported: perspective and linear i/j pairs",
    "unclassified": "unclassified",
}


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def out_of_range_on_vector(sd, tgsi, reproduce):
    """Whether the reference reports an out-of-range relative index on the
    reproduction's vector (shaderdiff interp with its vector flags)."""
    m = re.search(r" --seed \d+ --lanes \d+(?: --edges)?(?: --dictionary)?", reproduce)
    if not sd or not m:
        return False
    p = subprocess.run([sd, "interp", tgsi] + m.group(0).split(), capture_output=True, text=True)
    return "index-out-of-range" in p.stdout


def vector_flags(reproduce):
    m = re.search(r" --seed \d+ --lanes \d+(?: --edges)?(?: --dictionary)?", reproduce)
    return m.group(0).split() if m else None


def divides_by_zero_on_vector(sd, tgsi_path, tgsi, reproduce):
    """Whether a UDIV/UMOD of the shader divides by a constant that is 0 in
    the reproduction's vector (for a channel it writes)."""
    flags = vector_flags(reproduce)
    if not sd or not flags:
        return False
    ops = re.findall(r"^\s*\d+: U(?:DIV|MOD) \w+\[\d+\]\.([xyzw]+), [^,]+, CONST\[0\]\[(\d+)\]\.([xyzw]{4})$",
                     tgsi, re.M)
    if not ops:
        return False
    p = subprocess.run([sd, "vector", tgsi_path] + flags, capture_output=True, text=True)
    if p.returncode != 0:
        return False
    consts = json.loads(p.stdout).get("constants", {}).get("0", {})
    for mask, index, swizzle in ops:
        words = consts.get(index)
        if words and any(int(words["xyzw".index(swizzle["xyzw".index(c)])], 16) == 0 for c in mask):
            return True
    return False


def classify(check, tgsi_path, dump_path, sd):
    v, d = check["verdict"], check.get("detail", "")
    t = read(tgsi_path)
    dump = read(dump_path) if os.path.exists(dump_path) else ""
    rel_write = re.search(r"^\s*\d+: \w+ (TEMP|OUT)\[ADDR", t, re.M)
    if v == "unsupported":
        for key, pat in [("unsupported-face-input", "FACE declared as an input"),
                         ("unsupported-interp-opcode", "unknown TGSI opcode: INTERP_(CENTROID|SAMPLE|OFFSET)"),
                         ("unsupported-centroid-input", r"declared (CENTROID|SAMPLE): tgsi_to_nir drops"),
                         ("unsupported-ir3-failed", "ir3 compiled nothing"),
                         ("unsupported-stencil", "STENCIL"),
                         ("unsupported-ubo-pointer", "through a pointer"),
                         ("unsupported-3d-array", r"\.3d and \.a/\.s"),
                         ("unsupported-getinfo", "getinfo"),
                         ("unsupported-vertex-id-zero-base", "VERTEX_ID_ZERO_BASE"),
                         ("unsupported-two-ij", "i/j pairs")]:
            if re.search(pat, d):
                return key
    if v == "hazard":
        if "shift-count" in d:
            return "shift-count"
        if "missing-jp" in d:
            return "missing-jp"
        if ("waw-async" in d or "missing-sy" in d) and re.search(r"\b(sam\w*|isam\w*|getlod|dsx|dsy)\b", dump):
            return "tex-writes-all"
        if "alu-delay" in d and "ADDR[" in t and out_of_range_on_vector(sd, tgsi_path, check.get("reproduce", "")):
            return "relative-oob"
        if "global-uninit" in d and "CONST[0][ADDR" in t:
            if out_of_range_on_vector(sd, tgsi_path, check.get("reproduce", "")):
                return "relative-oob"
            # An in-range index the program computes from gl_FragCoord in
            # ir3's fixed-point format (its integer division assumes a
            # framebuffer-sized coordinate); the binary32 preload gives it
            # a huge one, and the ldg leaves the buffer.
            if "SYSTEM_VALUE_FRAG_COORD" in dump and re.search(r"^DCL (IN|SV)\[\d+\].*POSITION", t, re.M):
                return "frag-coord"
    if v == "compile-error" and "getbuf: no document or driver shows a3xx has it" in d and re.search(r"\bgetbuf\b", dump):
        return "getbuf-refused"
    if v == "compile-error" and "beyond the a3xx full register file" in d and re.search(r"\bsam", dump):
        return "tex-writes-all"
    if v == "mismatch":
        h = os.path.basename(tgsi_path)[:-5]
        if h in MANUAL:
            return MANUAL[h]
        if "SYSTEM_VALUE_FRAG_COORD" in dump and re.search(r"^DCL (IN|SV)\[\d+\].*POSITION", t, re.M):
            return "frag-coord"
        if re.search(r"expected 0x80000000 \(-0\), got 0x00000000|expected 0x00000000 \(0\), got 0x80000000", d):
            return "mesa-signed-zero"
        if "expected any NaN" in d:
            return "mesa-nan"
        m = re.search(r"OUT\[(\d+)\]\.([xyzw])", d)
        n = re.search(r"NUM_CLIPDIST_ENABLED (\d+)", t)
        if m and n:
            decl = re.search(r"^DCL OUT\[%s\], CLIPDIST(?:\[(\d)\])?" % m.group(1), t, re.M)
            if decl and 4 * int(decl.group(1) or 0) + "xyzw".index(m.group(2)) >= int(n.group(1)):
                return "clipdist"
        if re.search(r"shl\.b r\d+\.[xyzw], r\d+\.[xyzw], r\d+\.[xyzw]\n(?:.*\n){0,3}.*isaml", dump):
            return "isaml-unminify"
        if divides_by_zero_on_vector(sd, tgsi_path, t, check.get("reproduce", "")):
            return "mesa-udiv-zero"
        if rel_write and out_of_range_on_vector(sd, tgsi_path, check.get("reproduce", "")):
            return "relative-oob"
        if re.search(r"\((?:[xyzw]{1,3})\)r\d+\.[xyzw]", dump) and re.search(r"\b(sam\w*|isam\w*|dsx|dsy)\b", dump):
            return "tex-writes-all"
    return "unclassified"


def check_text_report(text):
    """`shaderdiff check` output as the report's shader records."""
    shaders = []
    for line in text.splitlines():
        m = re.match(r"(\S+/(\w+)\.tgsi): ([a-z-]+)(?:: (.*))?$", line)
        if m:
            c = {"verdict": m.group(3), "detail": m.group(4) or ""}
            shaders.append({"file": os.path.relpath(m.group(1), "corpus"), "hash": m.group(2),
                            "checks": {"a3xx/mesa": c}})
        elif line.startswith("  reproduce: ") and shaders:
            shaders[-1]["checks"]["a3xx/mesa"]["reproduce"] = line[len("  reproduce: "):]
    return {"shaders": shaders}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("report")
    ap.add_argument("--corpus", default="corpus")
    ap.add_argument("--mesa-programs", default=None)
    ap.add_argument("--shaderdiff", default="bazel-bin/tools/shaderdiff/shaderdiff")
    ap.add_argument("-v", action="store_true", help="print each shader's class")
    ap.add_argument("--check-output", action="store_true", help="REPORT is `shaderdiff check` text")
    a = ap.parse_args()
    programs = a.mesa_programs or os.path.join(a.corpus, "external", "mesa-ir3")
    sd = a.shaderdiff if os.path.exists(a.shaderdiff) else None
    report = check_text_report(read(a.report)) if a.check_output else json.loads(read(a.report))
    counts, verdicts = {}, {}
    for s in report["shaders"]:
        c = s["checks"].get("a3xx/mesa")
        if not c or c["verdict"] in ("pass", "untested"):
            if c:
                verdicts[c["verdict"]] = verdicts.get(c["verdict"], 0) + 1
            continue
        verdicts[c["verdict"]] = verdicts.get(c["verdict"], 0) + 1
        key = classify(c, os.path.join(a.corpus, s["file"]), os.path.join(programs, s["hash"] + ".txt"), sd)
        counts[(c["verdict"], key)] = counts.get((c["verdict"], key), 0) + 1
        if a.v or key == "unclassified":
            print("%s %s %s: %s" % (s["hash"], c["verdict"], key, c.get("detail", "")[:160]))
    print("verdicts: " + ", ".join("%s %d" % kv for kv in sorted(verdicts.items())))
    for (verdict, key), n in sorted(counts.items(), key=lambda kv: -kv[1]):
        print("%5d  %-13s %s" % (n, verdict, CLASSES[key]))
    return 1 if any(k == "unclassified" for _, k in counts) else 0


if __name__ == "__main__":
    sys.exit(main())
