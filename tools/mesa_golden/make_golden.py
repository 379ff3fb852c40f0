#!/usr/bin/env python3
"""Regenerates emulator/a3xx/isa/testdata/mesa_disasm_golden.txt: a3xx
instruction words with the text Mesa's a3xx disassembler prints for each.

Mesa's disassembler is built outside this repository (a tiny driver around
disasm_a3xx(); see the golden file's header for the revision and the
commands); this script only runs it, as a program that reads one word per
line (16 hex digits) and prints "WORD<TAB>TEXT" per word. It contains no Mesa
code.

Words, per opcode of emulator/a3xx/isa/opcodes.def (seeded, reproducible):
  * field sweeps: every field of the opcode's format in fields.def gets
    random bits (fixed fields their value, must-be-zero and ignored fields
    zero); the words our decoder accepts are put through `shaderdiff disasm`
    and `shaderdiff asm`, so the golden word is our encoder's;
  * random words, only for the opcodes our encoder cannot encode (the cat6
    rows of opcodes.def whose format is Cat6Unsupported: the legacy
    encodings sti, g2l, l2g, prefetch, resfmt, resinfo, ldgb, stgb, stib,
    ldc): the category and opcode bits set, every other bit random.
Rows Mesa prints no instruction for ("no match") are dropped; a text Mesa
prints on several lines (a label "l0:" before a branch to itself) is kept on
one, its lines joined by " \\n ".

  tools/mesa_golden/make_golden.py --mesa-disasm /path/mesa_disasm \\
      --shaderdiff bazel-bin/tools/shaderdiff/shaderdiff --seed 1 \\
      --mesa-revision "..." > golden.txt
"""
import argparse
import collections
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ISA = os.path.join(ROOT, "emulator", "a3xx", "isa")


# cat1 is one opcodes.def row covering 64 type pairs, 5 operand forms and
# the immediates Mesa prints per source type: it gets this many times the
# words of the other rows.
WEIGHT = {"MOV": 10}


def parse_opcodes():
    ops = []
    with open(os.path.join(ISA, "opcodes.def")) as f:
        for line in f:
            m = re.match(r'A3XX_OP\((\w+),\s*"([^"]+)",\s*(\d+),\s*(\d+),\s*(\w+),', line)
            if m:
                ops.append(dict(name=m.group(1), mnem=m.group(2), cat=int(m.group(3)),
                                opc=int(m.group(4)), fmt=m.group(5)))
    return ops


def parse_fields():
    fields = collections.defaultdict(list)
    pat = re.compile(r'A3XX_FIELD(?:_EX)?\((\w+),\s*(\w+),\s*(\d+),\s*(\d+),\s*(\w+),\s*([\w]+)(?:,\s*(\w+))?')
    with open(os.path.join(ISA, "fields.def")) as f:
        for line in f:
            m = pat.match(line)
            if m:
                fmt, name, hi, lo, kind, arg, when = m.groups()
                fields[fmt].append(dict(name=name, hi=int(hi), lo=int(lo), kind=kind, arg=arg,
                                        when=when or "Always"))
    return fields


def put(word, hi, lo, value):
    mask = ((1 << (hi - lo + 1)) - 1) << lo
    return (word & ~mask) | ((value << lo) & mask)


def sweep_word(rng, op, fields):
    """A word with every field of the opcode's format randomized (or zero)."""
    word = 0
    s2en = rng.random() < 0.2
    for fd in fields[op["fmt"]]:
        if fd["when"] == "S2en" and not s2en:
            continue
        if fd["when"] == "NoS2en" and s2en:
            continue
        width = fd["hi"] - fd["lo"] + 1
        kind = fd["kind"]
        if kind == "Category":
            v = op["cat"]
        elif kind == "Opcode":
            v = op["opc"]
        elif kind == "Fixed":
            v = int(fd["arg"])
        elif kind in ("Zero", "Ignored"):
            v = 0
        elif kind == "TexFlag" and fd["arg"] == "kTexS2en":
            v = 1 if s2en else 0
        elif kind in ("Flag", "SrcRepeat", "SrcNeg", "SrcAbs", "TexFlag", "PredInv", "Full", "DstConv"):
            v = 1 if rng.random() < 0.25 else 0
        elif kind == "Repeat":
            v = rng.randrange(1 << width) if rng.random() < 0.4 else 0
        elif rng.random() < 0.3:
            # A field the opcode does not use must be zero for our decoder
            # (the branch offset of nop, the s#/t# of dsx, ...).
            v = 0
        else:
            v = rng.getrandbits(width)
            # Small values and small registers are the common case.
            if width > 4 and rng.random() < 0.5:
                v &= rng.choice([0x7, 0xf, 0x3f, 0xff])
        word = put(word, fd["hi"], fd["lo"], v)
    return word


def random_word(rng, op, fields):
    word = rng.getrandbits(64)
    for fd in fields[op["fmt"]]:
        if fd["kind"] == "Category":
            word = put(word, fd["hi"], fd["lo"], op["cat"])
        elif fd["kind"] == "Opcode":
            word = put(word, fd["hi"], fd["lo"], op["opc"])
    return word


def run(cmd, stdin_text=None):
    p = subprocess.run(cmd, input=stdin_text, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def canonical_words(shaderdiff, words):
    """Our encoder's word for each word our decoder accepts (None otherwise)."""
    with tempfile.TemporaryDirectory() as tmp:
        hex_path = os.path.join(tmp, "w.hex")
        with open(hex_path, "w") as f:
            f.writelines("%016x\n" % w for w in words)
        _, out, _ = run([shaderdiff, "disasm", "--hex", "--syntax", "shaderdiff", hex_path])
        lines = out.splitlines()
        assert len(lines) == len(words), (len(lines), len(words))
        keep = [i for i, l in enumerate(lines) if not l.startswith("; invalid")]
        asm_path = os.path.join(tmp, "w.s")
        with open(asm_path, "w") as f:
            f.writelines(lines[i].split(";")[0] + "\n" for i in keep)
        rc, out, err = run([shaderdiff, "asm", "--syntax", "shaderdiff", asm_path])
        if rc != 0:
            sys.exit("shaderdiff asm failed: " + err)
        back = [int(t.replace("_", ""), 16) for t in out.split()]
        assert len(back) == len(keep)
        result = [None] * len(words)
        for i, w in zip(keep, back):
            result[i] = w
        return result


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mesa-disasm", required=True, help="the driver around Mesa's disasm_a3xx()")
    ap.add_argument("--shaderdiff", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sweep-per-opcode", type=int, default=24, help="decodable words kept per opcode")
    ap.add_argument("--random-per-opcode", type=int, default=60,
                    help="raw random words per opcode our encoder cannot encode")
    ap.add_argument("--gpu-id", type=int, default=320)
    ap.add_argument("--mesa-revision", required=True)
    ap.add_argument("--build-commands", default="", help="unused (kept for old command lines)")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    ops = parse_opcodes()
    fields = parse_fields()

    words = []   # (opcode name, word, origin)
    for op in ops:
        if op["fmt"] != "Cat6Unsupported":
            keep = args.sweep_per_opcode * WEIGHT.get(op["name"], 1)
            cands = [sweep_word(rng, op, fields) for _ in range(40 * keep)]
            canon = canonical_words(args.shaderdiff, cands)
            seen = set()
            for w in canon:
                if w is not None and w not in seen and len(seen) < keep:
                    seen.add(w)
                    words.append((op["name"], w, "sweep"))
            continue
        for _ in range(args.random_per_opcode):
            words.append((op["name"], random_word(rng, op, fields), "random"))

    rc, out, err = run([args.mesa_disasm, str(args.gpu_id)], "".join("%016x\n" % w for _, w, _ in words))
    if rc != 0:
        sys.exit("mesa disassembler failed: " + err)
    texts = out.splitlines()
    assert len(texts) == len(words)
    print("# a3xx words and the text Mesa's a3xx disassembler prints for each (one-word programs).")
    print("# Mesa revision: %s" % args.mesa_revision)
    print("# Mesa disassembler: src/freedreno/ir3/disasm-a3xx.c with the isaspec decoder generated from"
          " src/freedreno/isa/ir3.xml, built outside this repository with a driver that calls"
          " disasm_a3xx(dwords, 2, 0, out, %d) once per word (gpu id %d: a3xx);"
          " multi-line output joined by \" \\\\n \"." % (args.gpu_id, args.gpu_id))
    print("# Generated by: tools/mesa_golden/make_golden.py --seed %d --sweep-per-opcode %d "
          "--random-per-opcode %d --gpu-id %d" % (args.seed, args.sweep_per_opcode, args.random_per_opcode,
                                                  args.gpu_id))
    print("# Columns (tab-separated): word (16 hex digits), the opcodes.def row the word was made for,"
          " origin (sweep: our encoder's word; random: raw bits), Mesa's text.")
    dropped = 0
    seen = set()
    for (name, w, origin), line in zip(words, texts):
        word_hex, _, text = line.partition("\t")
        assert int(word_hex, 16) == w
        if w in seen:
            continue
        seen.add(w)
        if "no match" in text or not text.strip():
            dropped += 1
            continue
        print("%016x\t%s\t%s\t%s" % (w, name, origin, text.strip()))
    print("# %d words Mesa printed no instruction for were dropped" % dropped, file=sys.stderr)


if __name__ == "__main__":
    main()
