#!/usr/bin/env bash
# End-to-end tests of the shaderdiff command line: exit codes, error
# messages with FILE:LINE:COL, the vector and result JSON contracts, and the
# values the interpreter computes for a small shader.
set -uo pipefail
SD="$1"
DATA="$(dirname "$2")"
TMP="${TEST_TMPDIR:-/tmp}/cli_test.$$"
mkdir -p "$TMP"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect_exit() {  # expected-code description command...
  local want="$1" what="$2"; shift 2
  "$@" >"$TMP/out" 2>"$TMP/err"; local got=$?
  [[ $got == "$want" ]] || fail "$what: exit $got, want $want; stderr: $(head -3 "$TMP/err")"
}

expect_exit 0 "help" "$SD" --help
grep -q "interp" "$TMP/out" || fail "help lists interp"
expect_exit 2 "no command" "$SD"
expect_exit 2 "unknown command" "$SD" frobnicate
expect_exit 2 "unknown option" "$SD" parse --bogus "$DATA/mad.tgsi"
for cmd in parse print vector interp nightly asm disasm; do
  expect_exit 0 "$cmd --help" "$SD" $cmd --help
  grep -q "usage: shaderdiff $cmd" "$TMP/out" || fail "$cmd --help prints its usage"
done

expect_exit 0 "parse good" "$SD" parse "$DATA/mad.tgsi"
expect_exit 1 "parse bad" "$SD" parse "$DATA/mad.tgsi" "$DATA/bad_swizzle.tgsi"
grep -q "bad_swizzle.tgsi:3:[0-9]*: error:" "$TMP/err" || fail "parse error names file:line:col; got: $(cat "$TMP/err")"
grep -q "2 file(s): 1 valid, 1 failed" "$TMP/out" || fail "parse summary; got: $(cat "$TMP/out")"
expect_exit 1 "parse missing file" "$SD" parse "$TMP/nonexistent.tgsi"
grep -q "cannot open" "$TMP/err" || fail "missing file message"

# A check of Mesa's program (a nightly report's a3xx/mesa record, cut to
# one shader) is not reducible: a reduced shader has no ir3 program.
expect_exit 1 "reduce an a3xx/mesa record" "$SD" reduce --from "$DATA/mesa_report.json" \
  --check shaders/00713c99fbce4499.tgsi@a3xx/mesa --out "$TMP/red"
grep -q "check of Mesa's program, which ir3 built outside this repository" "$TMP/err" ||
  fail "reduce names why an a3xx/mesa record cannot be reduced; got: $(cat "$TMP/err")"

expect_exit 0 "print" "$SD" print "$DATA/mad.tgsi"
cmp -s "$TMP/out" "$DATA/mad.tgsi" || fail "print reproduces the canonical file byte for byte"

expect_exit 0 "vector" "$SD" vector "$DATA/mad.tgsi" --seed 5 --lanes 8 --edges
cp "$TMP/out" "$TMP/v.json"
python3 - "$TMP/v.json" <<'PY' || fail "vector JSON contract"
import json, re, sys
v = json.load(open(sys.argv[1]))
assert v["stage"] == "FRAG" and v["lanes"] == 8, v
assert len(v["inputs"]["0"]) == 8 and all(len(l) == 4 for l in v["inputs"]["0"])
word = re.compile(r"^0x[0-9a-f]{8}$")
assert all(word.match(w) for l in v["inputs"]["0"] for w in l)
assert set(v["constants"]["0"]) == {"0", "1"}
PY
expect_exit 0 "vector again" "$SD" vector "$DATA/mad.tgsi" --seed 5 --lanes 8 --edges
cmp -s "$TMP/out" "$TMP/v.json" || fail "same seed gives the same vector"
expect_exit 2 "vector lanes not quads" "$SD" vector "$DATA/mad.tgsi" --lanes 6
# The shader's dictionary (its immediates 0.5 and 1.0 and their neighbours)
# in a --dictionary vector: deterministic, and only constants / vertex values change.
expect_exit 0 "vector --dictionary" "$SD" vector "$DATA/mad.tgsi" --seed 5 --lanes 8 --dictionary
cp "$TMP/out" "$TMP/vd.json"
expect_exit 0 "vector --dictionary again" "$SD" vector "$DATA/mad.tgsi" --seed 5 --lanes 8 --dictionary
cmp -s "$TMP/out" "$TMP/vd.json" || fail "same seed gives the same dictionary vector"
expect_exit 0 "vector plain" "$SD" vector "$DATA/mad.tgsi" --seed 5 --lanes 8
python3 - "$TMP/out" "$TMP/vd.json" <<'PY' || fail "a dictionary vector changes only inputs and constants, to tokens"
import json, struct, sys
plain, dic = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert plain["barycentrics"] == dic["barycentrics"] and plain["textures"] == dic["textures"]
tokens = {0.5, 1.0, 0.0}
def f(w): return struct.unpack("<f", struct.pack("<I", int(w, 16)))[0]
near = lambda x: any(abs(x - t) <= abs(t) * 2**-22 or (t == 0 and abs(x) < 2**-125) for t in tokens)
changed = 0
for b in plain["constants"]:
    for i in plain["constants"][b]:
        for a, d in zip(plain["constants"][b][i], dic["constants"][b][i]):
            if a != d:
                changed += 1
                assert near(f(d)), d
for a, d in zip(sum(plain["vertex_inputs"]["0"], []), sum(dic["vertex_inputs"]["0"], [])):
    if a != d:
        changed += 1
        assert near(f(d)), d
assert changed > 0, "seed 5 changes some value"
PY
expect_exit 0 "interp --dictionary" "$SD" interp "$DATA/mad.tgsi" --seed 5 --lanes 8 --dictionary

# A vector with known values: IN[0] = (1, 2, 3, 4), CONST[0][0] = (2, 2, 2, 2).
cat >"$TMP/known.json" <<'JSON'
{"stage": "FRAG", "lanes": 4,
 "inputs": {"0": [["0x3f800000","0x40000000","0x40400000","0x40800000"],
                  ["0x3f800000","0x40000000","0x40400000","0x40800000"],
                  ["0x3f800000","0x40000000","0x40400000","0x40800000"],
                  ["0x3f800000","0x40000000","0x40400000","0x40800000"]]},
 "constants": {"0": {"0": ["0x40000000","0x40000000","0x40000000","0x40000000"],
                     "1": ["0x00000000","0x00000000","0x00000000","0x00000000"]}}}
JSON
expect_exit 0 "interp" "$SD" interp "$DATA/mad.tgsi" --vector "$TMP/known.json"
python3 - "$TMP/out" <<'PY' || fail "interp result values and flags"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["status"] == "ok", r
lane = r["outputs"]["0"][2]
# MAD: 1*2+0.5 = 2.5, 2*2+0.5 = 4.5, 3*2+0.5 = 6.5; w = RSQ(1.0) = 1.0
assert lane == ["0x40200000", "0x40900000", "0x40d00000", "0x3f800000"], lane
assert r["undefined"]["0"][0] == [False, False, False, False], r["undefined"]
# MAD's rounding (fused or not) is left open; RSQ's precision is too.
assert r["inexact"]["0"][0][3] is True, r["inexact"]
assert r["killed"] == [False] * 4
PY
sed 's/"FRAG"/"VERT"/' "$TMP/known.json" >"$TMP/vert.json"
expect_exit 1 "interp stage mismatch" "$SD" interp "$DATA/mad.tgsi" --vector "$TMP/vert.json"
grep -q "is for VERT but the shader is FRAG" "$TMP/err" || fail "stage mismatch message"
echo '{"stage": "FRAG", "lanes": 4, "inputs": {"0": [["0x1"]]}}' >"$TMP/broken.json"
expect_exit 1 "interp malformed vector" "$SD" interp "$DATA/mad.tgsi" --vector "$TMP/broken.json"
grep -q "inputs.0" "$TMP/err" || fail "malformed vector message names the key"
expect_exit 2 "interp needs a vector" "$SD" interp "$DATA/mad.tgsi"
expect_exit 0 "interp with seed" "$SD" interp "$DATA/mad.tgsi" --seed 3

printf 'VERT\nDCL OUT[0], POSITION\nDCL TEMP[0]\n  0: BGNLOOP :0\n  1:   ADD TEMP[0].x, TEMP[0].xxxx, TEMP[0].xxxx\n  2: ENDLOOP :0\n  3: MOV OUT[0], TEMP[0]\n  4: END\n' >"$TMP/loop.tgsi"
expect_exit 3 "runaway loop times out" "$SD" interp "$TMP/loop.tgsi" --seed 1 --budget 1000
grep -q '"status": "timeout"' "$TMP/out" || fail "timeout status in JSON"

# a3xx assembler and disassembler: the doc's verified blob words, both ways.
printf '(sy)(ss)(rpt3)bary.f hr0.x, (r)0, r0.x\n(rpt2)nop\nend\n' >"$TMP/t.s"
expect_exit 0 "asm" "$SD" asm "$TMP/t.s"
printf '57305b00_00002000\n00000200_00000000\n03000000_00000000\n' >"$TMP/want"
cmp -s "$TMP/out" "$TMP/want" || fail "asm words; got: $(cat "$TMP/out")"
expect_exit 0 "asm to binary" "$SD" asm "$TMP/t.s" -o "$TMP/t.bin"
[[ $(stat -c %s "$TMP/t.bin") == 24 ]] || fail "three 8-byte words"
expect_exit 0 "disasm" "$SD" disasm "$TMP/t.bin"
cmp -s "$TMP/out" "$TMP/t.s" || fail "disasm reproduces the source; got: $(cat "$TMP/out")"
expect_exit 0 "disasm hex text" "$SD" disasm --hex "$TMP/want"
cmp -s "$TMP/out" "$TMP/t.s" || fail "disasm --hex"
printf 'add.f r0.x, r0.y, bogus\n' >"$TMP/bad.s"
expect_exit 1 "asm error" "$SD" asm "$TMP/bad.s"
grep -q "bad.s:1:19: error:" "$TMP/err" || fail "asm error names file:line:col; got: $(cat "$TMP/err")"
printf '57305b0000002000\n0000020000000000  # plain 16-digit form\n03000000_00000000\n' >"$TMP/plain"
expect_exit 0 "disasm --hex plain 16-digit words" "$SD" disasm --hex "$TMP/plain"
cmp -s "$TMP/out" "$TMP/t.s" || fail "disasm --hex plain; got: $(cat "$TMP/out")"
printf '00000000_00010000\n' >"$TMP/dontcare"  # nop with a bit a3xx ignores
expect_exit 0 "disasm word with bits it cannot show" "$SD" disasm --hex "$TMP/dontcare"
grep -qx "nop  ; bits not shown: 0x0000000000010000" "$TMP/out" || fail "disasm names the bits it cannot show; got: $(cat "$TMP/out")"
# Mesa's syntax (the default) and ours: cat6 types give precision, forward branch targets get labels.
printf 'ldl.s16 r1.x, l[r0.x+4], 1\nbr p0.x, #l2\nl2:\nend\n' >"$TMP/mesa.s"
expect_exit 0 "asm Mesa syntax" "$SD" asm "$TMP/mesa.s"
cp "$TMP/out" "$TMP/mesa.hex"
expect_exit 0 "disasm Mesa syntax" "$SD" disasm --hex "$TMP/mesa.hex"
printf 'ldl.s16 r1.x, l[r0.x+4], 1\nbr p0.x, #l2\nl2:\nend\n' | cmp -s "$TMP/out" - || fail "disasm prints Mesa's text; got: $(cat "$TMP/out")"
expect_exit 0 "disasm our syntax" "$SD" disasm --syntax shaderdiff --hex "$TMP/mesa.hex"
printf 'ldl.s16 hr1.x, l[r0.x+4], 1\nbr p0.x, #1\nend\n' | cmp -s "$TMP/out" - || fail "disasm --syntax shaderdiff; got: $(cat "$TMP/out")"
expect_exit 2 "unknown syntax" "$SD" disasm --syntax gas --hex "$TMP/mesa.hex"
printf 'ffffffff_ffffffff\n' >"$TMP/junk"
expect_exit 1 "disasm invalid word" "$SD" disasm --hex "$TMP/junk"
head -c 12 "$TMP/t.bin" >"$TMP/odd.bin"
expect_exit 1 "disasm partial word" "$SD" disasm "$TMP/odd.bin"
expect_exit 2 "unknown target" "$SD" disasm --target r600 "$TMP/t.bin"

# r500: A.12's IF word (hand-composed from A.9) and an ALU pair, both ways; refusals with reasons.
printf 'fc alu_wait fc_op=jump fc_jump_func=15 fc_b_op0=incr fc_ignore_uncovered fc_jump_addr=7\nalu rgb_wmask=7 alpha_wmask rgb_presub=sub alpha_op=rcp rgb_op=sop\n' >"$TMP/r5.s"
expect_exit 0 "asm r500" "$SD" asm --target r500 "$TMP/r5.s"
printf '00000402 00000000 12000f00 00070000 00000000 00000000\n00007800 40000000 00000000 00000000 0000000a 0000000a\n' >"$TMP/r5.hex"
cmp -s "$TMP/out" "$TMP/r5.hex" || fail "asm r500 words; got: $(cat "$TMP/out")"
expect_exit 0 "asm r500 to binary" "$SD" asm --target r500 "$TMP/r5.s" -o "$TMP/r5.bin"
[[ $(stat -c %s "$TMP/r5.bin") == 48 ]] || fail "two 24-byte r500 instructions"
expect_exit 0 "disasm r500" "$SD" disasm --target r500 "$TMP/r5.bin"
cmp -s "$TMP/out" "$TMP/r5.s" || fail "disasm r500 reproduces the source; got: $(cat "$TMP/out")"
expect_exit 0 "disasm r500 hex" "$SD" disasm --target r500 --hex "$TMP/r5.hex"
cmp -s "$TMP/out" "$TMP/r5.s" || fail "disasm r500 --hex"
printf '00000002 00000001 00000000 00000000 00000000 00000000\n' >"$TMP/r5bad.hex"
expect_exit 1 "disasm r500 reserved bits" "$SD" disasm --target r500 --hex "$TMP/r5bad.hex"
grep -q "instruction 0: error: .*reserved bits 0x00000001 set in a fc instruction" "$TMP/err" || fail "r500 refusal reason; got: $(cat "$TMP/err")"
printf 'alu\nalu rgb_op=sop\n' >"$TMP/r5bad.s"
expect_exit 1 "asm r500 illegal pair" "$SD" asm --target r500 "$TMP/r5bad.s"
grep -q "r5bad.s:2:1: error: the hardware cannot run this: rgb_op sop" "$TMP/err" || fail "r500 asm error names file:line:col; got: $(cat "$TMP/err")"
# --hex text errors name file:line:col: a short line, a bad digit, a seventh dword.
printf '# two lines\n00000402 00000000 12000f00\n' >"$TMP/r5short.hex"
expect_exit 1 "disasm r500 short hex line" "$SD" disasm --target r500 --hex "$TMP/r5short.hex"
grep -q "r5short.hex:2:28: error: expected dword 3 of 6 as 8 hex digits" "$TMP/err" || fail "r500 short hex line; got: $(cat "$TMP/err")"
printf '00000402 0000000g 12000f00 00070000 00000000 00000000\n' >"$TMP/r5digit.hex"
expect_exit 1 "disasm r500 bad hex digit" "$SD" disasm --target r500 --hex "$TMP/r5digit.hex"
grep -q "r5digit.hex:1:10: error: expected dword 1 of 6 as 8 hex digits" "$TMP/err" || fail "r500 bad hex digit; got: $(cat "$TMP/err")"
printf '00000402 00000000 12000f00 00070000 00000000 00000000 00000000\n' >"$TMP/r5long.hex"
expect_exit 1 "disasm r500 seven dwords" "$SD" disasm --target r500 --hex "$TMP/r5long.hex"
grep -q "r5long.hex:1:55: error: more than 6 dwords on one line" "$TMP/err" || fail "r500 seven dwords; got: $(cat "$TMP/err")"
head -c 30 "$TMP/r5.bin" >"$TMP/r5odd.bin"
expect_exit 1 "disasm r500 partial instruction" "$SD" disasm --target r500 "$TMP/r5odd.bin"
expect_exit 2 "r500 has no --syntax" "$SD" asm --target r500 --syntax mesa "$TMP/r5.s"

# emulate --target r500: a TEX behind the semaphore, then OUT (emulator/r500).
cat >"$TMP/r5run.s" <<'R5'
tex tex_sem_wait rgb_wmask=7 alpha_wmask tex_op=ld tex_sem_acquire tex_src_t=g tex_dst=1 tex_dst_g=g tex_dst_b=b tex_dst_a=a
out tex_sem_wait rgb_omask=7 alpha_omask rgb_addr0=1 alpha_addr0=1 rgb_swz_a_g=g rgb_swz_a_b=b rgb_swz_b_r=1 rgb_swz_b_g=1 rgb_swz_b_b=1 alpha_op=mad alpha_swz_a=a alpha_swz_b=1 alpha_swz_c=0 rgb_op=mad rgb_swz_c_r=0 rgb_swz_c_g=0 rgb_swz_c_b=0
R5
cat >"$TMP/r5v.json" <<'R5'
{"inputs": [{"temp": 0, "pixels": [[0.2,0.3,0,1],[0.25,0.3,0,1],[0.2,0.35,0,1],[0.25,0.35,0,1]]}],
 "textures": {"0": {"seed": 7}}}
R5
expect_exit 0 "emulate r500 --help" "$SD" emulate --target r500 --help
grep -q "usage: shaderdiff emulate --target r500 --asm PROGRAM.txt" "$TMP/out" || fail "emulate r500 usage"
expect_exit 0 "emulate r500" "$SD" emulate --target r500 --asm "$TMP/r5run.s" --vector "$TMP/r5v.json"
grep -q '"cycles": 13' "$TMP/out" || fail "emulate r500 cycles (TEX at 0, lands at 12); got: $(cat "$TMP/out")"
grep -q '"hazards": \[\]' "$TMP/out" || fail "emulate r500: no hazards"
sed 's/ tex_sem_acquire//' "$TMP/r5run.s" >"$TMP/r5race.s"
expect_exit 0 "emulate r500 race recorded" "$SD" emulate --target r500 --asm "$TMP/r5race.s" --vector "$TMP/r5v.json"
grep -q '"kind": "tex-read-before-wait"' "$TMP/out" || fail "emulate r500 records the stale read"
expect_exit 1 "emulate r500 race trapped" "$SD" emulate --target r500 --asm "$TMP/r5race.s" --vector "$TMP/r5v.json" --hazards trap
echo '{"consts": {"300": [0,0,0,0]}}' >"$TMP/r5bad.json"
expect_exit 1 "emulate r500 bad vector" "$SD" emulate --target r500 --asm "$TMP/r5run.s" --vector "$TMP/r5bad.json"
grep -q "r5bad.json: error: \$.consts: key '300' is not an index 0..255" "$TMP/err" || fail "r500 vector error path; got: $(cat "$TMP/err")"
head -1 "$TMP/r5run.s" >"$TMP/r5noout.s"
expect_exit 1 "emulate r500 refused state" "$SD" emulate --target r500 --asm "$TMP/r5noout.s" --vector "$TMP/r5v.json"
grep -q "refused: slot 0: the last instruction must be OUT" "$TMP/err" || fail "r500 refusal reason; got: $(cat "$TMP/err")"
# A zero-count LOOP whose target is its ENDLOOP (Mesa's form): unsupported
# unless a reading is picked; past-target skips the ENDLOOP, at-target pops
# a frame never pushed.
{ echo "fc alu_wait fc_op=loop fc_jump_addr=1"
  echo "fc alu_wait fc_op=endloop fc_jump_any fc_jump_func=255 fc_jump_addr=1"
  tail -1 "$TMP/r5run.s"; } >"$TMP/r5loop0.s"
echo '{"full_fc": true, "int_consts": {"0": [0, 0, 0]}}' >"$TMP/r5loop0.json"
expect_exit 4 "emulate r500 zero-count loop refused" "$SD" emulate --target r500 --asm "$TMP/r5loop0.s" --vector "$TMP/r5loop0.json"
grep -q "unsupported: LOOP with count 0 at slot 0" "$TMP/err" "$TMP/out" || fail "r500 zero-count reason; got: $(cat "$TMP/err" "$TMP/out")"
expect_exit 0 "emulate r500 zero-count past-target" "$SD" emulate --target r500 --asm "$TMP/r5loop0.s" --vector "$TMP/r5loop0.json" --zero-count-loop past-target
grep -q '"instructions": 2' "$TMP/out" || fail "r500 past-target runs loop and out; got: $(cat "$TMP/out")"
expect_exit 1 "emulate r500 zero-count at-target" "$SD" emulate --target r500 --asm "$TMP/r5loop0.s" --vector "$TMP/r5loop0.json" --zero-count-loop at-target
expect_exit 2 "emulate r500 bad zero-count reading" "$SD" emulate --target r500 --asm "$TMP/r5loop0.s" --vector "$TMP/r5loop0.json" --zero-count-loop maybe

# compile / emulate / check on the a3xx target with the naive build.
expect_exit 0 "compile naive" "$SD" compile --target a3xx --build naive "$DATA/mad.tgsi" --binary "$TMP/mad.bin"
grep -q "^end$" "$TMP/out" || fail "compile prints assembly ending in end"
grep -q "^; [0-9]* instructions, [0-9]* nop slots" "$TMP/out" || fail "compile prints statistics"
expect_exit 0 "disasm compiled binary" "$SD" disasm "$TMP/mad.bin"
# The optimizing build (the default): dumps, graph, bisection limit, stats.
expect_exit 0 "compile opt" "$SD" compile --target a3xx "$DATA/mad.tgsi" --dump-after dce --dot "$TMP/g.dot"
grep -q "^=== after dce ===$" "$TMP/out" || fail "compile --dump-after dce prints that pass's IR"
grep -q "mad.f32 %" "$TMP/out" || fail "the IR dump names SSA values"
grep -Eq "^(\(s[sy]\))*end$" "$TMP/out" || fail "opt compile prints assembly ending in end"
grep -q "cycles (.* stalled) on vector seed" "$TMP/out" || fail "compile prints measured cycles"
grep -q "^digraph shader {" "$TMP/g.dot" || fail "compile --dot writes a Graphviz graph"
expect_exit 0 "compile opt --dump-all" "$SD" compile "$DATA/mad.tgsi" --dump-all
for p in lower-tgsi select const-fold copy-prop cse peephole dce depth schedule out-of-ssa regalloc to-machine legalize; do
  grep -q "^=== after $p ===$" "$TMP/out" || fail "--dump-all prints the IR after $p"
done
expect_exit 2 "compile --dump-after unknown pass" "$SD" compile "$DATA/mad.tgsi" --dump-after nosuchpass
grep -q "no pass named 'nosuchpass'" "$TMP/err" || fail "--dump-after names the unknown pass"
# The per-target pass table: a3xx lists both builds, every opt pass in
# order with where its code lives and why; r500 lists its two builds too.
expect_exit 0 "compile --list-passes a3xx" "$SD" compile --target a3xx --list-passes
grep -q "^a3xx naive build (--build naive):$" "$TMP/out" || fail "--list-passes names the a3xx naive build"
grep -q "^a3xx optimizing build (--build opt), in order:$" "$TMP/out" || fail "--list-passes names the a3xx opt build"
[[ "$(grep -E '^  [a-z-]+$' "$TMP/out" | tr -d ' ' | tr '\n' ' ')" == \
   "lower-tgsi select const-fold copy-prop cse peephole dce depth schedule out-of-ssa regalloc to-machine legalize " ]] ||
  fail "--list-passes lists a3xx's passes in order; got: $(grep -E '^  [a-z-]+$' "$TMP/out" | tr '\n' ' ')"
[[ "$(grep -c '^    why here: ' "$TMP/out")" == 13 && "$(grep -c '^    code: ' "$TMP/out")" == 13 ]] ||
  fail "--list-passes gives every pass its code and reason"
grep -q "^    code: a3xx: compiler/targets/a3xx/legalize$" "$TMP/out" || fail "--list-passes: legalize is a3xx's own"
expect_exit 0 "compile --list-passes r500" "$SD" compile --target r500 --list-passes
grep -q "^r500 naive build (--build naive):$" "$TMP/out" || fail "--list-passes r500 names its naive build; got: $(cat "$TMP/out")"
grep -q "r500-schedule" "$TMP/out" || fail "--list-passes r500 lists the opt build's passes; got: $(cat "$TMP/out")"
printf 'VERT\nDCL IN[0]\nDCL OUT[0], POSITION\n  0: MOV OUT[0], IN[0]\n  1: END\n' > "$TMP/r500vert.tgsi"
expect_exit 4 "compile --target r500 VERT" "$SD" compile --target r500 --build naive "$TMP/r500vert.tgsi"
grep -q "unsupported: the r500 target is the fragment processor" "$TMP/err" || fail "r500 names the vertex shader unsupported; got: $(cat "$TMP/err")"
printf 'FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n  0: MUL OUT[0], IN[0], IN[0].wzyx\n  1: END\n' > "$TMP/r500.tgsi"
expect_exit 0 "compile --target r500 --build naive" "$SD" compile --target r500 --build naive "$TMP/r500.tgsi"
grep -q "^out tex_sem_wait " "$TMP/out" || fail "the r500 listing ends with an OUT that waits; got: $(cat "$TMP/out")"
expect_exit 0 "check --target r500 --build naive" "$SD" check --target r500 --build naive "$TMP/r500.tgsi" --vectors 4
grep -q "r500.tgsi: pass" "$TMP/out" || fail "the r500 naive build passes MUL; got: $(cat "$TMP/out")"
expect_exit 0 "compile --target r500 --build opt" "$SD" compile --target r500 --build opt "$TMP/r500.tgsi"
grep -q "^out tex_sem_wait " "$TMP/out" || fail "the r500 opt listing ends with an OUT that waits; got: $(cat "$TMP/out")"
expect_exit 0 "check --target r500 --build opt" "$SD" check --target r500 --build opt "$TMP/r500.tgsi" --vectors 4
grep -q "r500.tgsi: pass" "$TMP/out" || fail "the r500 opt build passes MUL three ways; got: $(cat "$TMP/out")"
# r500's rewrite log: taken decisions without a limit, all skipped at 0;
# the naive build has none, and a3xx-only options are refused by name.
expect_exit 0 "compile --target r500 --print-rewrites" "$SD" compile --target r500 --build opt "$TMP/r500.tgsi" --print-rewrites
grep -q "^=== rewrites ===$" "$TMP/out" && grep -q " taken$" "$TMP/out" && grep -q "^=== program ===$" "$TMP/out" ||
  fail "r500 --print-rewrites lists taken rewrites before the program; got: $(cat "$TMP/out")"
expect_exit 0 "compile --target r500 --print-rewrites limit 0" "$SD" compile --target r500 --build opt "$TMP/r500.tgsi" --print-rewrites --opt-bisect-limit 0
grep -q " skipped$" "$TMP/out" && ! grep -q " taken$" "$TMP/out" || fail "r500 limit 0 skips every rewrite; got: $(cat "$TMP/out")"
expect_exit 2 "compile --target r500 naive --print-rewrites" "$SD" compile --target r500 --build naive "$TMP/r500.tgsi" --print-rewrites
grep -q "needs --build opt" "$TMP/err" || fail "r500 naive --print-rewrites names why; got: $(cat "$TMP/err")"
expect_exit 2 "compile --target r500 --dot" "$SD" compile --target r500 --build opt "$TMP/r500.tgsi" --dot "$TMP/r5.dot"
grep -q -- "--dot is a3xx only" "$TMP/err" || fail "r500 refuses --dot by name; got: $(cat "$TMP/err")"
# stats --target r500: pstat's categories on a shader whose naive listing
# (compile --target r500 --build naive) is counted by hand: KILL_IF is two
# ALU instructions (the RGB half, then the Alpha half, of a MAD into t3) and
# a texkill; TEX is two ALU (the coordinate copied to t3), the TEX into t4,
# two ALU (t4 to t1, OUT[0]'s register); END is two OUT. 10 instructions:
# 4 vector (RGB halves writing), 4 scalar (Alpha halves), 0 flow control,
# 2 tex, 0 presubtract; temporaries t0 (IN[0]), t1, t3, t4: 5.
printf 'FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL SAMP[0]\nDCL SVIEW[0], 2D, FLOAT\n  0: KILL_IF IN[0].xyzx\n  1: TEX OUT[0], IN[0], SAMP[0], 2D\n  2: END\n' > "$TMP/r5stats.tgsi"
expect_exit 0 "compile the r500 stats shader" "$SD" compile --target r500 --build naive "$TMP/r5stats.tgsi"
cp "$TMP/out" "$TMP/r5stats.s"
expect_exit 0 "stats --target r500" "$SD" stats --target r500 "$TMP/r5stats.tgsi" "$TMP/r500vert.tgsi" --min-instructions 1 \
  --json "$TMP/r5stats.json" -v
python3 - "$TMP/r5stats.s" "$TMP/r5stats.json" "$TMP/out" <<'PY' || fail "stats --target r500 figures"
import json, re, sys
listing = [l for l in open(sys.argv[1]).read().splitlines() if re.match(r"^(alu|out|tex|fc) ", l)]
# Counted from the listing here, independently of tools/harness/r500_pstat.cc.
vec = sum(1 for l in listing if l[:3] in ("alu", "out") and re.search(r" rgb_(w|o)mask=", l))
sca = sum(1 for l in listing if l[:3] in ("alu", "out") and re.search(r" alpha_(w|o)mask( |$)", l))
assert (len(listing), vec, sca) == (10, 4, 4), (len(listing), vec, sca, listing)
j = json.load(open(sys.argv[2]))
assert j["target"] == "r500" and len(j["shaders"]) == 2, j
frag, vert = j["shaders"]
n = frag["naive"]
assert n["status"] == "ok", n
got = {k: n[k] for k in ("instructions", "vector", "scalar", "flow_control", "tex", "presubtract", "temporaries")}
assert got == {"instructions": 10, "vector": 4, "scalar": 4, "flow_control": 0, "tex": 2, "presubtract": 0,
               "temporaries": 5}, got
assert n["cycles"] > 0, n
o = frag["opt"]
assert o["status"] == "ok" and 0 < o["instructions"] <= n["instructions"] and o["temporaries"] <= n["temporaries"], o
assert o["vector"] + o["scalar"] >= 4 and o["tex"] == 2 and o["cycles"] > 0, o  # pairing keeps every half, in fewer slots
assert vert["opt"] == {"status": "unsupported: the r500 target is the fragment processor"}, vert
assert vert["naive"] == {"status": "unsupported: the r500 target is the fragment processor"}, vert
assert j["medians"]["naive"]["instructions"] == 10 and j["medians"]["naive"]["temporaries"] == 5, j["medians"]
out = open(sys.argv[3]).read()
assert "naive: 1 ok 1 unsupported" in out and "opt:   1 ok 1 unsupported" in out, out
assert j["medians"]["opt"]["instructions"] == o["instructions"], j["medians"]
assert abs(j["medians"]["opt_over_naive"]["instructions"] - o["instructions"] / 10) < 1e-9, j["medians"]
assert "median of per-shader opt/naive: instructions " in out, out
assert re.search(r"^  vector +4\.0 ", out, re.M) and re.search(r"r5stats.tgsi: naive ok 10 inst, 4 vector, 4 scalar, 0 flow control", out), out
PY
expect_exit 2 "stats --target r500 --mesa-programs" "$SD" stats --target r500 --mesa-programs "$TMP" "$TMP/r5stats.tgsi"
grep -q "r500 has no Mesa build" "$TMP/err" || fail "stats r500 refuses Mesa programs; got: $(cat "$TMP/err")"
expect_exit 2 "check --target r500 --hazards stale" "$SD" check --target r500 --build naive --hazards stale "$TMP/r500.tgsi"
grep -q "hazards always trap" "$TMP/err" || fail "check r500 says its hazards always trap; got: $(cat "$TMP/err")"
# fuzz --target r500 runs both r500 builds, three-way, and counts refused programs.
expect_exit 0 "fuzz --target r500" "$SD" fuzz --target r500 --seed 1 --jobs 1 --corpus '' --max-programs 16 --out "$TMP/fz"
grep -q "unsupported [0-9]* (" "$TMP/err" || fail "the r500 campaign prints its unsupported programs; got: $(tail -3 "$TMP/err")"
python3 - "$TMP/fz/report.json" <<'PY' || fail "fuzz --target r500's report"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["target"] == "r500" and r["programs"] == 16, (r["target"], r["programs"])
b = r["settings"]["builds"]
assert b == {"checked": ["r500/naive", "r500/opt"], "build_mismatch": True}, b
assert sorted(r["verdicts"]) == ["r500/naive", "r500/opt", "reference"], r["verdicts"]
assert sum(r["verdicts"]["r500/naive"].values()) == sum(r["verdicts"]["r500/opt"].values()) == 16, r["verdicts"]
u = r["unsupported"]
assert u["programs"] == r["verdicts"]["r500/naive"].get("unsupported", 0) == sum(u["reasons"].values()), u
PY
"$SD" vector "$TMP/r500.tgsi" --seed 3 --lanes 4 --edges >"$TMP/r5vec.json" 2>"$TMP/err" || fail "vector for r500.tgsi: $(cat "$TMP/err")"
expect_exit 0 "check --target r500 --vector" "$SD" check --target r500 --build naive "$TMP/r500.tgsi" --vector "$TMP/r5vec.json"
grep -q "r500.tgsi: pass (1 vectors" "$TMP/out" || fail "check --vector checks the one vector; got: $(cat "$TMP/out")"
expect_exit 2 "check --vector with two shaders" "$SD" check --target r500 --build naive "$TMP/r500.tgsi" "$TMP/r500.tgsi" --vector "$TMP/r5vec.json"
expect_exit 1 "bisect --target r500 (passing case)" "$SD" bisect --target r500 "$TMP/r500.tgsi" --seed 1
grep -q "^nothing to bisect" "$TMP/out" || fail "bisect --target r500 on a passing case; got: $(cat "$TMP/out")"
expect_exit 4 "explain --target r500" "$SD" explain --target r500 "$TMP/r500.tgsi" --seed 1
grep -q "needs two things r500 lacks: provenance" "$TMP/err" || fail "explain --target r500 names what it lacks; got: $(cat "$TMP/err")"
for cmd in check compile stats nightly; do
  expect_exit 0 "$cmd --help" "$SD" $cmd --help
  grep -q "r500" "$TMP/out" || fail "$cmd --help says what r500 supports"
done
expect_exit 0 "check --help" "$SD" check --help
grep -q "always trap" "$TMP/out" || fail "check --help says r500 hazards always trap"
expect_exit 2 "check --target unknown" "$SD" check --target nosuchgpu "$DATA/mad.tgsi"
grep -q "unknown target 'nosuchgpu' (targets: a3xx, r500)" "$TMP/err" || fail "check names the targets; got: $(cat "$TMP/err")"
expect_exit 2 "compile --list-passes unknown target" "$SD" compile --target nosuchgpu --list-passes
expect_exit 2 "compile --list-passes with a file" "$SD" compile --list-passes "$DATA/mad.tgsi"
expect_exit 0 "compile opt --opt-bisect-limit 0" "$SD" compile "$DATA/mad.tgsi" --opt-bisect-limit 0 --print-rewrites
grep -q " skipped$" "$TMP/out" || fail "--print-rewrites lists skipped rewrites at limit 0"
! grep -q " taken$" "$TMP/out" || fail "limit 0 takes no rewrite"
expect_exit 0 "check opt at limit 0" "$SD" check --opt-bisect-limit 0 --hazards trap "$DATA/mad.tgsi" --vectors 4
grep -q "mad.tgsi: pass" "$TMP/out" || fail "opt at limit 0 passes"
expect_exit 0 "stats" "$SD" stats "$DATA/mad.tgsi" --min-instructions 1 --json "$TMP/stats.json"
grep -q "^  instructions " "$TMP/out" || fail "stats prints the instruction ratio row"
python3 - "$TMP/stats.json" <<'PY' || fail "stats json"
import json, sys
s = json.load(open(sys.argv[1]))["shaders"][0]
assert s["naive"]["status"] == "ok" and s["opt"]["status"] == "ok", s
assert s["opt"]["instructions"] < s["naive"]["instructions"], s
assert s["opt"]["cycles"] < s["naive"]["cycles"], s
PY
expect_exit 0 "emulate" "$SD" emulate --target a3xx --build naive "$DATA/mad.tgsi" --vector "$TMP/known.json" --compare
python3 - "$TMP/out" <<'PY' || fail "emulate result, cycles and comparison"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["status"] == "ok", r
assert r["outputs"]["0"][2][:3] == ["0x40200000", "0x40900000", "0x40d00000"], r["outputs"]["0"][2]
assert r["stats"]["cycles"] > 0 and r["stats"]["issue_slots"] > 0, r["stats"]
assert r["hazards"] == [], r["hazards"]
assert r["comparison"]["mismatches"] == 0 and r["comparison"]["compared"] > 0, r["comparison"]
PY
expect_exit 1 "emulate stage mismatch" "$SD" emulate --target a3xx --build naive "$DATA/mad.tgsi" --vector "$TMP/vert.json"
grep -q "is for VERT but the shader is FRAG" "$TMP/err" || fail "emulate checks the vector's stage"
expect_exit 0 "check" "$SD" check --target a3xx --build naive "$DATA/mad.tgsi" --vectors 4
grep -q "mad.tgsi: pass" "$TMP/out" || fail "check verdict; got: $(cat "$TMP/out")"

mkdir -p "$TMP/corpus"
cp "$DATA/mad.tgsi" "$TMP/corpus/a.tgsi"
expect_exit 0 "nightly on a tiny corpus" "$SD" nightly --corpus "$TMP/corpus" --vectors 4 --out "$TMP/reports" --run r1
python3 - "$TMP/reports/r1/report.json" <<'PY' || fail "nightly report"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["corpus"]["shaders"] == 1 and r["shaders"][0]["verdict"] == "pass", r
checks = r["shaders"][0]["checks"]
assert checks["a3xx/naive"]["verdict"] == "pass", checks
assert checks["a3xx/naive"]["components"]["exact"] > 0, checks
assert checks["a3xx/opt"]["verdict"] == "pass", checks
assert checks["a3xx/opt"]["instructions"] < checks["a3xx/naive"]["instructions"], checks
assert r["summary"]["checks"]["a3xx/naive"]["pass"] == 1, r["summary"]
PY
cp "$TMP/reports/r1/report.json" "$TMP/first.json"
expect_exit 0 "nightly again" "$SD" nightly --corpus "$TMP/corpus" --vectors 4 --out "$TMP/reports" --run r1 --jobs 2
# Byte-identical apart from the "run" object (revision, timestamps, throughput, jobs).
python3 - "$TMP/reports/r1/report.json" "$TMP/first.json" <<'PY' || fail "same seed gives a byte-identical report apart from run"
import re, sys
def strip(path):
    out, n = re.subn(r'\n "run": \{\n(?:  .*\n)*? \},?\n', "\n", open(path).read())
    assert n == 1, path
    return out
assert strip(sys.argv[1]) == strip(sys.argv[2])
PY
[[ -s "$TMP/reports/r1/index.html" && -s "$TMP/reports/r1/junit.xml" ]] || fail "nightly writes index.html and junit.xml"
cp "$DATA/bad_swizzle.tgsi" "$TMP/corpus/b.tgsi"
expect_exit 1 "nightly fails on a broken shader" "$SD" nightly --corpus "$TMP/corpus" --vectors 2 --out "$TMP/reports" --run r2
grep -q "b.tgsi@reference: parse-error" "$TMP/out" || fail "the parse error is a regression; got: $(cat "$TMP/out")"
expect_exit 0 "merge --help" "$SD" merge --help
grep -q "usage: shaderdiff merge" "$TMP/out" || fail "merge --help prints its usage"
expect_exit 2 "merge without --out" "$SD" merge "$TMP/reports/r1"

rm -rf "$TMP"
if [[ $failures -gt 0 ]]; then echo "$failures failure(s)"; exit 1; fi
echo "all CLI checks passed"
