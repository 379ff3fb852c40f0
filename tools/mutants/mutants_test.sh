#!/usr/bin/env bash
# The CI sample of the mutation score: a handful of compiler mutants, one of
# each way of being caught (hazard, mismatch, naive-build hazard, the IR
# verifier, the allocation checker, a timeout), on one eighth of the
# shipped corpus at the nightly's defaults. Each must be caught, the clean
# compiler must not regress, and every failing check's reproduction command
# (`shaderdiff_mutants --mutant NAME emulate|compile ...`) must exit
# non-zero showing the same first difference:
#   mismatch        emulate --compare: exit 1, "comparison.first" is the record's difference
#                   (naive-mismatch and build-mismatch too)
#   hazard          emulate --hazards trap: exit 1, the first hazard is the record's
#   timeout         emulate: exit 3
#   compile-error   compile: exit 5, the message is the record's detail
# A mutant also reaches the nightly's worker processes (from --mutant or
# SHADERDIFF_MUTANT): their entries equal the in-process run's.
# The full score (every mutant, the whole corpus) is tools/mutants/README.md's command.
# Usage: mutants_test.sh SHADERDIFF_MUTANTS CORPUS/baseline.csv
set -uo pipefail
M="$1"
BASELINE="$2"
CORPUS="$(dirname "$BASELINE")"
TMP="${TEST_TMPDIR:-/tmp}/mutants_test.$$"
mkdir -p "$TMP"
unset TEST_TOTAL_SHARDS TEST_SHARD_INDEX TEST_SHARD_STATUS_FILE
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

SAMPLE=(legalize-delay-short legalize-a0-delay copy-prop-conversion peephole-inverted-compare naive-sfu-no-ss
        schedule-a0-reorder regalloc-range-end-early legalize-branch-offset)
args=()
for m in "${SAMPLE[@]}"; do args+=(--mutant "$m"); done

"$M" mutants --list >"$TMP/list" || fail "mutants --list"
[[ $(wc -l <"$TMP/list") -ge 20 ]] || fail "at least 20 mutants; got $(wc -l <"$TMP/list")"
"$M" mutants --mutant no-such-mutant --corpus "$CORPUS" >/dev/null 2>"$TMP/err"
[[ $? == 2 ]] && grep -q "no mutant named 'no-such-mutant'" "$TMP/err" || fail "an unknown mutant is a usage error"
"$M" --mutant legalize-delay-short mutants >/dev/null 2>&1
[[ $? == 2 ]] || fail "--mutant before mutants is a usage error"

"$M" mutants "${args[@]}" --corpus "$CORPUS" --baseline "$BASELINE" --fraction 8 --jobs 2 \
  --max-records 3 --json "$TMP/score.json" >"$TMP/out" 2>"$TMP/err"
code=$?
[[ $code == 0 ]] || fail "the sample: exit $code, want 0 (every mutant caught); $(tail -15 "$TMP/out") $(tail -3 "$TMP/err")"
grep -q "mutation score: ${#SAMPLE[@]} of ${#SAMPLE[@]} caught" "$TMP/out" || fail "the score line; got: $(tail -3 "$TMP/out")"

python3 - "$TMP/score.json" "$M" "$TMP" <<'PY' || fail "score JSON and reproduction commands"
import json, shlex, subprocess, sys
score, binary, tmp = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
problems = []
assert score["complete"] is True, score["complete"]
assert score["clean"]["regressions"] == 0, score["clean"]
assert score["score"] == {"caught": len(score["mutants"]), "total": len(score["mutants"])}, score["score"]
caught_by = set()
for m in score["mutants"]:
    assert m["caught"] and m["new_regressions"] > 0 and m["records"], m["name"]
    assert sum(m["changed"].values()) > 0, m["name"]
    caught_by.update(k.split(":")[0] for k in m["caught_by"])
    for r in m["records"]:
        cmd = shlex.split(r["reproduce"])
        if cmd[:3] != ["shaderdiff_mutants", "--mutant", m["name"]]:
            problems.append(f"{m['name']}: {r['reproduce']}: does not run the mutant")
            continue
        p = subprocess.run([binary] + cmd[1:], capture_output=True, text=True, timeout=600)
        where = f"{m['name']} {r['file']} {r['config']} {r['verdict']}: {r['reproduce']}"
        want = {"mismatch": 1, "naive-mismatch": 1, "build-mismatch": 1, "hazard": 1, "timeout": 3,
                "compile-error": 5}[r["verdict"]]
        if p.returncode != want:
            problems.append(f"{where}: exit {p.returncode}, want {want}; {p.stderr[-300:]}")
            continue
        if r["verdict"] in ("mismatch", "naive-mismatch", "build-mismatch"):
            first = json.loads(p.stdout)["comparison"].get("first", "")
            if not first or not r["detail"].startswith(first):
                problems.append(f"{where}: first difference {first!r}, record {r['detail']!r}")
        elif r["verdict"] == "hazard":
            hazards = json.loads(p.stdout)["hazards"]
            if not hazards or hazards[0] != r["detail"]:
                problems.append(f"{where}: first hazard {hazards[:1]}, record {r['detail']!r}")
        elif r["verdict"] == "compile-error":
            if r["detail"] not in p.stderr:
                problems.append(f"{where}: {p.stderr[-300:]!r} does not show {r['detail']!r}")
        elif r["verdict"] == "timeout":
            if json.loads(p.stdout).get("status") != "timeout":
                problems.append(f"{where}: not a timeout")
for kind in ("a3xx/opt hazard", "a3xx/opt mismatch", "a3xx/naive hazard", "a3xx/opt compile-error"):
    if kind not in caught_by:
        problems.append(f"no sampled mutant was caught by {kind}: {sorted(caught_by)}")
if problems:
    sys.exit("\n".join(problems))
print(sum(len(m["records"]) for m in score["mutants"]), "reproduction commands reproduce")
PY

# The same commands with the shipped compiler (no --mutant) pass: the
# difference is the mutant's.
python3 - "$TMP/score.json" "$M" <<'PY' || fail "reproduction commands pass without the mutant"
import json, shlex, subprocess, sys
score, binary = json.load(open(sys.argv[1])), sys.argv[2]
bad = []
for m in score["mutants"]:
    r = m["records"][0]
    cmd = shlex.split(r["reproduce"])[3:]
    p = subprocess.run([binary] + cmd, capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        bad.append(f"{m['name']}: {' '.join(cmd)}: exit {p.returncode}")
sys.exit("\n".join(bad) if bad else 0)
PY

# A mutant reaches the nightly's worker processes, whether it comes from
# --mutant or from SHADERDIFF_MUTANT: both runs regress with the same
# entries as the in-process run (--no-fork), and their reproduction
# commands name the mutant; the clean compiler's run does not regress.
# (--explain-budget 0: the explain phase has its own test, //tools/explain:nightly_explain_test.)
NIGHTLY=(nightly --corpus "$CORPUS" --baseline "$BASELINE" --fraction 8 --jobs 2 --out "$TMP/nightly" --explain-budget 0)
"$M" "${NIGHTLY[@]}" --run clean >/dev/null 2>&1
[[ $? == 0 ]] || fail "the clean compiler's nightly in worker processes: exit 0"
"$M" --mutant legalize-delay-short "${NIGHTLY[@]}" --run flag >/dev/null 2>&1
[[ $? == 1 ]] || fail "--mutant legalize-delay-short nightly: exit 1 (regressions)"
SHADERDIFF_MUTANT=legalize-delay-short "$M" "${NIGHTLY[@]}" --run env >/dev/null 2>&1
[[ $? == 1 ]] || fail "SHADERDIFF_MUTANT=legalize-delay-short nightly: exit 1 (regressions)"
"$M" --mutant legalize-delay-short "${NIGHTLY[@]}" --run threads --no-fork >/dev/null 2>&1
[[ $? == 1 ]] || fail "--mutant legalize-delay-short nightly --no-fork: exit 1 (regressions)"
python3 - "$TMP/nightly" <<'PY' || fail "the mutant in worker processes: the in-process entries, reproduction commands with --mutant"
import json, sys
r = {name: json.load(open(f"{sys.argv[1]}/{name}/report.json")) for name in ("clean", "flag", "env", "threads")}
for name in ("clean", "flag", "env"):
    assert r[name]["run"]["workers"] == "processes", (name, r[name]["run"])
assert r["threads"]["run"]["workers"] == "threads"
assert r["flag"]["shaders"] == r["env"]["shaders"] == r["threads"]["shaders"], "the workers' entries differ from in-process"
assert r["flag"]["shaders"] != r["clean"]["shaders"], "the mutant changed nothing"
failed = [c for s in r["env"]["shaders"] for c in s.get("checks", {}).values() if "reproduce" in c]
assert failed and all(c["reproduce"].startswith("shaderdiff_mutants --mutant legalize-delay-short ") for c in failed), failed[:3]
PY

# peephole-shift-mask drops the and.b that keeps a shift count below 32: on
# glsl-rotate-left (x << (32 - n), n a uniform) the default emulator reports
# the shift-count hazard; with --shift-counts mask (the reading Mesa's ir3
# assumes) the mutant would escape, and the clean build passes either way.
ROT="$CORPUS/shaders/83f463ea0934fded.tgsi"
"$M" --mutant peephole-shift-mask check --build opt "$ROT" >"$TMP/rot" 2>&1
[[ $? == 1 ]] && grep -q "hazard: instr [0-9]*: r[0-9]*\.[xyzw] shift-count" "$TMP/rot" \
  || fail "peephole-shift-mask on $ROT: want a shift-count hazard; got $(cat "$TMP/rot")"
"$M" --mutant peephole-shift-mask check --build opt --shift-counts mask "$ROT" >"$TMP/rot" 2>&1
[[ $? == 0 ]] || fail "--shift-counts mask hides the mutant (masked counts); got $(cat "$TMP/rot")"
for mode in hazard mask; do
  "$M" check --build opt --shift-counts $mode "$ROT" >"$TMP/rot" 2>&1 || fail "clean build, --shift-counts $mode: $(cat "$TMP/rot")"
done
"$M" check --shift-counts wrap "$ROT" >/dev/null 2>"$TMP/err"
[[ $? == 2 ]] && grep -q "shift-counts must be" "$TMP/err" || fail "--shift-counts wrap is a usage error"
rm -rf "$TMP"
if [[ $failures -gt 0 ]]; then echo "$failures failure(s)"; exit 1; fi
echo "all mutation-score checks passed"
