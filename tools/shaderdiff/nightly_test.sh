#!/usr/bin/env bash
# End-to-end tests of `shaderdiff nightly` and `shaderdiff merge` on the
# shipped corpus (at 2 vectors per shader, to stay quick):
#   - the same seed twice, and --jobs 1 vs --jobs 2: byte-identical
#     report.json apart from the "run" object, which carries the varying
#     facts (revision, timestamps, throughput);
#   - an interrupted run (--stop-after, and a real SIGINT) writes a valid
#     partial report ("complete": false, exit 130) and --resume finishes it
#     to the uninterrupted report;
#   - --fraction 3 shards 1..3 (and Bazel's TEST_TOTAL_SHARDS protocol)
#     merged with `shaderdiff merge` equal the unsharded report;
#   - exit 0 against corpus/baseline.csv, 1 on a regression, --update-baseline;
#   - each --vectors count's own default baseline (baseline-vectorsN.csv);
#   - a deliberately broken optimizing compiler (shaderdiff_fault_injected)
#     is reported as a regression whose reproduction command, run with the
#     same faulty binary, reproduces it (and passes with the shipped one);
#   - the default run folder is named after the UTC date; --explore adds its
#     findings and coverage and leaves the stable results byte for byte;
#   - crash isolation: stages that crash (SIGSEGV, abort, SIGKILL) in their
#     worker process are `crash` verdicts naming the stage, whose
#     reproduction dies of the same signal, the run completes, verdicts do
#     not depend on --jobs or sharding, baselines say Crash, --resume after
#     a crash does not run it again; a hung stage is a `timeout` at
#     --deadline; a crashing exploration is a new finding, never a
#     regression; SIGINT twice with stuck workers, and SIGINT to the whole
#     process group, leave a valid partial report; --no-fork agrees;
#   - the r500/naive (and r500/opt) check: a row for every shader, VERT not-applicable and
#     in no baseline (never a regression, with or without one), FRAG
#     unsupported as Skip, --check r500/naive alone.
# Usage: nightly_test.sh SHADERDIFF SHADERDIFF_FAULT_INJECTED CORPUS/baseline.csv
set -uo pipefail
SD="$1"
FAULTY="$2"
BASELINE="$3"
CORPUS="$(dirname "$BASELINE")"
TMP="${TEST_TMPDIR:-/tmp}/nightly_test.$$"
OUT="$TMP/out"
mkdir -p "$TMP"
# These tests choose their shards themselves.
unset TEST_TOTAL_SHARDS TEST_SHARD_INDEX TEST_SHARD_STATUS_FILE
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect_exit() {  # expected-code description command...
  local want="$1" what="$2"; shift 2
  "$@" >"$TMP/stdout" 2>"$TMP/stderr"; local got=$?
  [[ $got == "$want" ]] || fail "$what: exit $got, want $want; stdout: $(tail -5 "$TMP/stdout"); stderr: $(tail -3 "$TMP/stderr")"
}
# same A B: the two reports are byte-identical once their "run" objects
# are removed (textually, so key order and number formatting count too).
same() {
  python3 - "$1" "$2" <<'PY'
import json, re, sys
def strip(path):
    text = open(path, encoding="utf-8").read()
    json.loads(text)  # must be valid JSON
    out, n = re.subn(r'\n "run": \{\n(?:  .*\n)*? \},?\n', "\n", text)
    assert n == 1, f"{path}: no top-level run object"
    return out.replace(",\n}", "\n}")
a, b = strip(sys.argv[1]), strip(sys.argv[2])
if a != b:
    for i, (x, y) in enumerate(zip(a.splitlines(), b.splitlines())):
        if x != y:
            sys.exit(f"first difference at line {i + 1}: {x!r} vs {y!r}")
    sys.exit("one report is a prefix of the other")
PY
}
BASE=(nightly --corpus "$CORPUS" --vectors 2 --out "$OUT" --date 20261121)
NIGHTLY=("${BASE[@]}" --baseline "$BASELINE")

expect_exit 0 "nightly --help" "$SD" nightly --help
grep -q -- "--fraction-start" "$TMP/stdout" || fail "nightly --help documents --fraction-start"
expect_exit 0 "merge --help" "$SD" merge --help
grep -q "usage: shaderdiff merge" "$TMP/stdout" || fail "merge --help prints its usage"
expect_exit 2 "--jobs 0" "$SD" "${NIGHTLY[@]}" --jobs 0
grep -q -- "--jobs must be" "$TMP/stderr" || fail "--jobs 0 message"
expect_exit 2 "--fraction-start out of range" "$SD" "${NIGHTLY[@]}" --fraction 3 --fraction-start 4
grep -q -- "--fraction-start must be from 1 to --fraction" "$TMP/stderr" || fail "--fraction-start message"
expect_exit 2 "--fraction-start alone" "$SD" "${NIGHTLY[@]}" --fraction-start 2
expect_exit 2 "unknown --shader" "$SD" "${NIGHTLY[@]}" --shader shaders/nope.tgsi
grep -q "not in the corpus" "$TMP/stderr" || fail "unknown --shader message"
expect_exit 2 "--fraction under Bazel sharding" env TEST_TOTAL_SHARDS=2 TEST_SHARD_INDEX=0 "$SD" "${NIGHTLY[@]}" --fraction 2
grep -q "conflicts with Bazel" "$TMP/stderr" || fail "--fraction vs TEST_TOTAL_SHARDS message"

# 1. A clean run against the shipped baseline; its rerun and --jobs 2 give the same report.
expect_exit 0 "nightly with the baseline" "$SD" "${NIGHTLY[@]}" --jobs 1 --run a
grep -q " 0 regressions" "$TMP/stdout" || fail "the baseline run reports 0 regressions"
python3 - "$OUT/a/report.json" <<'PY' || fail "report.json: complete, settings and the run object"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["schema"] == 2 and r["complete"] is True, r.get("complete")
assert r["corpus"]["shaders"] == len(r["shaders"]) > 2000, r["corpus"]
assert r["settings"]["vectors"] == 2 and r["settings"]["targets"] == ["a3xx/naive", "a3xx/opt", "r500/naive", "r500/opt"], r["settings"]
assert "shard" not in r and "only" not in r
run = r["run"]
for key in ("git_revision", "started", "finished", "wall_seconds", "jobs", "vectors_per_second", "shaders_run"):
    assert key in run, key
assert run["jobs"] == 1 and run["shaders_run"] == len(r["shaders"]) and run["vectors_run"] > 0, run
assert sum(r["summary"]["verdicts"].values()) == len(r["shaders"]), r["summary"]
PY
for f in index.html junit.xml; do [[ -s "$OUT/a/$f" ]] || fail "the run writes $f"; done
[[ ! -e "$OUT/a/journal.jsonl" ]] || fail "a complete run removes its journal"
cp "$OUT/a/report.json" "$TMP/a.json"
expect_exit 0 "nightly rerun" "$SD" "${NIGHTLY[@]}" --jobs 1 --run a
same "$TMP/a.json" "$OUT/a/report.json" || fail "the same seed gives the same report apart from run"
expect_exit 0 "nightly --jobs 2" "$SD" "${NIGHTLY[@]}" --jobs 2 --run b
same "$TMP/a.json" "$OUT/b/report.json" || fail "--jobs 2 gives the --jobs 1 report"
cmp -s "$OUT/a/junit.xml" "$OUT/b/junit.xml" || fail "--jobs 2 gives the same junit.xml"
expect_exit 0 "nightly other seed" "$SD" "${NIGHTLY[@]}" --jobs 2 --run s --seed 7
! same "$TMP/a.json" "$OUT/s/report.json" 2>/dev/null || fail "the comparison can fail: another seed differs"

# 2. Interrupted by --stop-after (as SIGINT would), then resumed.
expect_exit 130 "nightly --stop-after" "$SD" "${NIGHTLY[@]}" --jobs 2 --run c --stop-after 300
grep -q "interrupted after" "$TMP/stderr" || fail "the interruption is reported"
python3 - "$OUT/c/report.json" "$OUT/c/journal.jsonl" <<'PY' || fail "partial report and journal"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["complete"] is False and 300 <= len(r["shaders"]) < r["corpus"]["shaders"], (r["complete"], len(r["shaders"]))
assert r["run"]["stopped_by"] == "SIGINT", r["run"]
lines = open(sys.argv[2]).read().splitlines()
assert json.loads(lines[0])["journal"] == 1 and len(lines) - 1 == len(r["shaders"]), len(lines)
PY
expect_exit 1 "merge refuses an interrupted report" "$SD" merge "$OUT/c" --out "$TMP/m0"
grep -q "incomplete" "$TMP/stderr" || fail "merge names the interrupted report"
expect_exit 0 "nightly --resume" "$SD" "${NIGHTLY[@]}" --jobs 2 --run c --resume
grep -q "taken from the journal" "$TMP/stdout" || fail "resume reports the journaled shaders"
same "$TMP/a.json" "$OUT/c/report.json" || fail "interrupted + resumed == uninterrupted"
[[ ! -e "$OUT/c/journal.jsonl" ]] || fail "the resumed run removes its journal"
expect_exit 130 "nightly --stop-after (other settings)" "$SD" "${NIGHTLY[@]}" --run d --stop-after 5 --lanes 8
expect_exit 1 "--resume refuses another run's journal" "$SD" "${NIGHTLY[@]}" --run d --resume
grep -q "another seed, corpus, settings or build" "$TMP/stderr" || fail "journal mismatch message"

# 3. A real SIGINT mid-run, then --resume.
"$SD" "${NIGHTLY[@]}" --jobs 1 --run e >"$TMP/e.out" 2>"$TMP/e.err" &
pid=$!
for _ in $(seq 1 2000); do
  [[ -f "$OUT/e/journal.jsonl" && $(wc -l <"$OUT/e/journal.jsonl") -ge 20 ]] && break
  sleep 0.01
done
kill -INT "$pid" 2>/dev/null
wait "$pid"
code=$?
if [[ $code != 130 ]]; then
  fail "SIGINT: exit $code, want 130: $(tail -2 "$TMP/e.err")"
else
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["complete"] is False, r["complete"]' \
    "$OUT/e/report.json" || fail "SIGINT leaves a valid partial report"
  expect_exit 0 "resume after SIGINT" "$SD" "${NIGHTLY[@]}" --jobs 2 --run e --resume
  same "$TMP/a.json" "$OUT/e/report.json" || fail "SIGINT + resume == uninterrupted"
fi

# 4. Shards: --fraction 3, and Bazel's protocol, merged.
for k in 1 2 3; do
  expect_exit 0 "shard $k of 3" "$SD" "${NIGHTLY[@]}" --jobs 2 --fraction 3 --fraction-start $k
  [[ -f "$OUT/nightly-20261121-${k}of3/report.json" ]] || fail "shard $k writes nightly-20261121-${k}of3/"
done
python3 - "$OUT" <<'PY' || fail "shards stride the corpus as deqp-runner does (i % 3 == K - 1)"
import json, sys
whole = [s["file"] for s in json.load(open(f"{sys.argv[1]}/a/report.json"))["shaders"]]
for k in (1, 2, 3):
    r = json.load(open(f"{sys.argv[1]}/nightly-20261121-{k}of3/report.json"))
    assert r["shard"] == {"fraction": 3, "fraction_start": k}, r["shard"]
    assert [s["file"] for s in r["shaders"]] == whole[k - 1::3], k
PY
expect_exit 0 "merge 3 shards" "$SD" merge "$OUT/nightly-20261121-3of3" "$OUT/nightly-20261121-1of3/report.json" \
  "$OUT/nightly-20261121-2of3" --out "$TMP/merged" --baseline "$BASELINE"
same "$TMP/a.json" "$TMP/merged/report.json" || fail "merged shards == unsharded report"
for f in index.html junit.xml; do [[ -s "$TMP/merged/$f" ]] || fail "merge writes $f"; done
expect_exit 1 "merge with a shard missing" "$SD" merge "$OUT/nightly-20261121-1of3" "$OUT/nightly-20261121-3of3" \
  --out "$TMP/m1"
grep -q "shard 2of3 is missing" "$TMP/stderr" || fail "merge names the missing shard"
mkdir -p "$TMP/undeclared"
expect_exit 0 "Bazel shard 2 of 3" env TEST_TOTAL_SHARDS=3 TEST_SHARD_INDEX=1 \
  TEST_SHARD_STATUS_FILE="$TMP/shard_status" TEST_UNDECLARED_OUTPUTS_DIR="$TMP/undeclared" \
  "$SD" nightly --corpus "$CORPUS" --baseline "$BASELINE" --vectors 2 --date 20261121
[[ -f "$TMP/shard_status" ]] || fail "the nightly touches TEST_SHARD_STATUS_FILE"
same "$OUT/nightly-20261121-2of3/report.json" "$TMP/undeclared/nightly-20261121-2of3/report.json" ||
  fail "TEST_SHARD_INDEX=1 of 3 == --fraction 3 --fraction-start 2, written to TEST_UNDECLARED_OUTPUTS_DIR"

# 5. The baseline decides the exit status.
UNSUPPORTED=shaders/09f3d5608e9cc84b.tgsi  # a CUBEARRAY shader: both builds are unsupported (Skip)
grep -q "^$UNSUPPORTED@a3xx/opt,Skip$" "$BASELINE" || fail "the baseline lists $UNSUPPORTED as Skip"
expect_exit 0 "--shader with the baseline" "$SD" "${NIGHTLY[@]}" --shader "$UNSUPPORTED" --run f
grep -v "^$UNSUPPORTED@a3xx/opt," "$BASELINE" >"$TMP/short.csv"
expect_exit 1 "a regression against the baseline" "$SD" "${BASE[@]}" --shader "$UNSUPPORTED" --run f \
  --baseline "$TMP/short.csv"
grep -q "1 regressions" "$TMP/stdout" && grep -q "$UNSUPPORTED@a3xx/opt: unsupported" "$TMP/stdout" ||
  fail "the regression is listed; got: $(cat "$TMP/stdout")"
expect_exit 0 "--update-baseline" "$SD" "${BASE[@]}" --shader "$UNSUPPORTED" --run f \
  --baseline "$TMP/new.csv" --update-baseline
printf '%s\n' "$UNSUPPORTED@a3xx/naive,Skip" "$UNSUPPORTED@a3xx/opt,Skip" "$UNSUPPORTED@r500/naive,Skip" "$UNSUPPORTED@r500/opt,Skip" |
  cmp -s - "$TMP/new.csv" ||
  fail "--update-baseline writes the run's non-passes; got: $(cat "$TMP/new.csv")"
expect_exit 0 "clean against the updated baseline" "$SD" "${BASE[@]}" --shader "$UNSUPPORTED" --run f \
  --baseline "$TMP/new.csv"
printf 'shaders/x.tgsi@a3xx/opt,Broken\n' >"$TMP/bad.csv"
expect_exit 1 "a malformed baseline" "$SD" "${BASE[@]}" --run f --baseline "$TMP/bad.csv"
grep -q "bad.csv:1:" "$TMP/stderr" || fail "a bad baseline line is named with its line number"

# 6. A broken optimizing compiler is a regression, reproducible with the same faulty binary.
mkdir -p "$TMP/small/shaders"
for f in $(ls "$CORPUS/shaders" | head -30); do cp "$CORPUS/shaders/$f" "$TMP/small/shaders/"; done
SMALL=(nightly --corpus "$TMP/small" --baseline "$BASELINE" --vectors 4 --out "$OUT")
expect_exit 0 "the small corpus passes with the shipped binary" "$SD" "${SMALL[@]}" --run g

# 6b. Each vector count has its own default baseline (DefaultBaselinePath):
# --update-baseline at --vectors 4 writes baseline-vectors4.csv, never
# baseline.csv; a run reads it, and falls back to baseline.csv without it.
SMALLV=(nightly --corpus "$TMP/small" --vectors 4 --out "$OUT" --run vb)
expect_exit 0 "--update-baseline at --vectors 4" "$SD" "${SMALLV[@]}" --update-baseline
[[ -f "$TMP/small/baseline-vectors4.csv" && ! -e "$TMP/small/baseline.csv" ]] ||
  fail "--update-baseline at --vectors 4 writes CORPUS/baseline-vectors4.csv; got: $(ls "$TMP/small")"
expect_exit 0 "a --vectors 4 run with its own baseline" "$SD" "${SMALLV[@]}"
grep -qF "(baseline $TMP/small/baseline-vectors4.csv)" "$TMP/stdout" ||
  fail "a --vectors 4 run reads baseline-vectors4.csv; got: $(tail -3 "$TMP/stdout")"
mv "$TMP/small/baseline-vectors4.csv" "$TMP/small/baseline.csv"
expect_exit 0 "a --vectors 4 run without its own baseline" "$SD" "${SMALLV[@]}"
grep -qF "(baseline $TMP/small/baseline.csv)" "$TMP/stdout" ||
  fail "without baseline-vectors4.csv the run reads baseline.csv; got: $(tail -3 "$TMP/stdout")"
rm "$TMP/small/baseline.csv"

# 7. Run names come from the UTC date, and --explore leaves the stable results alone.
before=$(date -u +%Y%m%d)
expect_exit 0 "the default run name" "$SD" "${SMALL[@]}"
after=$(date -u +%Y%m%d)
[[ -f "$OUT/nightly-$before/report.json" || -f "$OUT/nightly-$after/report.json" ]] ||
  fail "the default run folder is nightly-<UTC date>; got: $(ls "$OUT")"
expect_exit 0 "--explore" "$SD" "${SMALL[@]}" --run x --explore=5
grep -q "explore (seed 5): 0 new finding(s)" "$TMP/stdout" || fail "--explore prints its findings; got: $(cat "$TMP/stdout")"
python3 - "$OUT/g/report.json" "$OUT/x/report.json" "$OUT/x/junit.xml" <<'PY' || fail "--explore adds its part and changes nothing else"
import json, sys
stable, explored = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert explored["settings"].pop("explore_seed") == 5
assert explored["summary"].pop("explore")["findings"] == 0
for s in explored["shaders"]:
    if "checks" in s:
        x = s.pop("explore")
        assert x["findings"] == [] and x["branches"]["both_ways"] >= s["branches"]["both_ways"], (s["file"], x)
for r in (stable, explored):
    r.pop("run")
assert stable == explored, "the stable part of an --explore run differs from the stable run"
assert 'testsuite name="explore"' in open(sys.argv[3]).read()
PY
expect_exit 2 "unknown fault" "$FAULTY" --inject-fault nosuchfault "${SMALL[@]}"
for fault in drop-delay-slot swap-mad-operands; do
  expect_exit 1 "$fault is a regression" "$FAULTY" --inject-fault $fault "${SMALL[@]}" --run "h-$fault"
  python3 - "$OUT/h-$fault/report.json" "$TMP/repro-$fault" <<'PY' || fail "$fault: regressions with reproduction commands"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["settings"]["fault"], r["settings"]
bad = [(s["file"], c) for s in r["shaders"] for k, c in s["checks"].items()
       if k == "a3xx/opt" and c["verdict"] in ("hazard", "mismatch")]
assert bad, "no hazard or mismatch"
assert all(c["verdict"] in ("pass", "unsupported") for s in r["shaders"] for k, c in s["checks"].items() if k == "a3xx/naive")
file, check = bad[0]
open(sys.argv[2], "w").write(f'{file}\n{check["verdict"]}\n{check["detail"]}\n{check["reproduce"]}\n')
PY
  [[ -s "$TMP/repro-$fault" ]] || continue
  file=$(sed -n 1p "$TMP/repro-$fault")
  verdict=$(sed -n 2p "$TMP/repro-$fault")
  detail=$(sed -n 3p "$TMP/repro-$fault")
  repro=$(sed -n 4p "$TMP/repro-$fault")
  [[ $repro == "shaderdiff_fault_injected --inject-fault $fault nightly "* ]] || fail "$fault: reproduction command: $repro"
  read -r -a words <<<"${repro#shaderdiff_fault_injected }"
  expect_exit 1 "$fault: the reproduction command reproduces" "$FAULTY" "${words[@]}"
  grep -qF "$file@a3xx/opt: $verdict: $detail" "$TMP/stdout" ||
    fail "$fault: reproduction shows '$file@a3xx/opt: $verdict: $detail'; got: $(cat "$TMP/stdout")"
  read -r -a shipped <<<"${repro#shaderdiff_fault_injected --inject-fault $fault }"
  # (with the shipped baseline: the small corpus has none, and its r500 rows are Skip there)
  expect_exit 0 "$fault: the same command passes with the shipped binary" "$SD" "${shipped[@]}" --baseline "$BASELINE"
done

# 7. Crash isolation: stage faults (crash_injection.h) crash, hang or kill
#    a stage of one shader in four (XXH64 % 4 == 0) inside its worker process.
SMALLB=(nightly --corpus "$TMP/small" --vectors 4 --out "$OUT")  # no baseline: every crash is a regression
CRASH=(--inject-fault segv@a3xx/naive --inject-fault abort@a3xx/opt)
expect_exit 1 "crashing checks are regressions" "$FAULTY" "${CRASH[@]}" "${SMALL[@]}" --jobs 2 --run k1
grep -q "@a3xx/opt: crash: killed by SIGABRT (Aborted) in the a3xx/opt check" "$TMP/stdout" ||
  fail "the crash is listed as a regression; got: $(head -c 2000 "$TMP/stdout")"
grep -q "nightly: crash: shaders/.*@a3xx/naive: killed by SIGSEGV" "$TMP/stderr" || fail "the crash is reported as it happens"
python3 - "$OUT/k1/report.json" "$TMP/crash" "$OUT/g/report.json" <<'PY' || fail "crash verdicts: the stage, how it ended, reproduction; the other checks ran"
import collections, json, sys
r = json.load(open(sys.argv[1]))
clean = {s["file"]: s for s in json.load(open(sys.argv[3]))["shaders"]}
assert r["complete"] is True and len(r["shaders"]) == 30, (r["complete"], len(r["shaders"]))
hit = [s for s in r["shaders"] if int(s["hash"], 16) % 4 == 0]
assert 0 < len(hit) < 30, len(hit)
want = {c: collections.Counter() for c in ("a3xx/naive", "a3xx/opt", "r500/naive", "r500/opt")}
crashing = ("a3xx/naive", "a3xx/opt")
for s in r["shaders"]:
    assert s["verdict"] == "pass", s
    naive, opt = s["checks"]["a3xx/naive"], s["checks"]["a3xx/opt"]
    if s not in hit:
        assert s == clean[s["file"]], s  # as the shipped binary has it
        for config, c in s["checks"].items():
            want[config][c["verdict"]] += 1
        continue
    for config in crashing:
        want[config]["crash"] += 1
    # The r500 checks run after the crashes, in a new worker, as in a clean run.
    for config in ("r500/naive", "r500/opt"):
        assert s["checks"][config] == clean[s["file"]]["checks"][config], s
        want[config][s["checks"][config]["verdict"]] += 1
    for c in (naive, opt):  # a crash is not explained, and says why (nightly_explain.h)
        assert c.pop("explanation")["status"] == "skipped", c
    assert naive == {"verdict": "crash", "reproduce": naive["reproduce"],
                     "detail": "killed by SIGSEGV (Segmentation fault) in the a3xx/naive check (compile, emulate, compare)"}, naive
    assert opt["verdict"] == "crash" and opt["detail"].startswith("killed by SIGABRT (Aborted) in the a3xx/opt check"), opt
    for config, c in ((k, s["checks"][k]) for k in crashing):
        assert c["reproduce"].startswith("shaderdiff_fault_injected --inject-fault segv@a3xx/naive --inject-fault "
                                         "abort@a3xx/opt nightly ") and f" --shader {s['file']} " in c["reproduce"] and \
            f" --check {config} --no-fork " in c["reproduce"], c["reproduce"]
n = len(hit)
assert r["summary"]["checks"] == {k: dict(v) for k, v in want.items()}, r["summary"]
assert r["run"]["failed_stages"] == 2 * n and r["run"]["workers"] == "processes", r["run"]
with open(sys.argv[2], "w") as f:
    f.write(f'{n}\n{hit[0]["checks"]["a3xx/naive"]["reproduce"]}\n{hit[0]["checks"]["a3xx/opt"]["reproduce"]}\n')
PY
grep -q '<failure type="crash"' "$OUT/k1/junit.xml" || fail "junit.xml lists the crash as a failure"
grep -q "killed by SIGABRT" "$OUT/k1/index.html" || fail "index.html shows the crash"
HITS=$(sed -n 1p "$TMP/crash")
# Each reproduction command reruns that one check in the foreground, where it dies of the same signal.
for n_want in 2:139 3:134; do
  repro=$(sed -n "${n_want%%:*}p" "$TMP/crash")
  read -r -a words <<<"${repro#shaderdiff_fault_injected }"
  expect_exit "${n_want##*:}" "crash reproduction ${n_want%%:*} dies of its signal" "$FAULTY" "${words[@]}"
done
# The same verdicts for any --jobs; and from shards, merged.
expect_exit 1 "crashes with --jobs 1" "$FAULTY" "${CRASH[@]}" "${SMALL[@]}" --jobs 1 --run k1j1
same "$OUT/k1/report.json" "$OUT/k1j1/report.json" || fail "crash verdicts do not depend on --jobs"
for k in 1 2; do
  "$FAULTY" "${CRASH[@]}" "${SMALL[@]}" --jobs 2 --fraction 2 --fraction-start $k --run "k1s$k" >/dev/null 2>&1
done
expect_exit 1 "merge shards with crashes" "$SD" merge "$OUT/k1s1" "$OUT/k1s2" --out "$TMP/k1merged" --baseline "$BASELINE"
same "$OUT/k1/report.json" "$TMP/k1merged/report.json" || fail "merged shards with crashes == the unsharded report"
# Baselines: Crash is its own status.
expect_exit 0 "--update-baseline accepts crashes" "$FAULTY" "${CRASH[@]}" "${SMALLB[@]}" --run k1 \
  --baseline "$TMP/crash.csv" --update-baseline
[[ $(grep -c ',Crash$' "$TMP/crash.csv") == $((2 * HITS)) && $(grep -vc -e ',Crash$' -e ',Skip$' "$TMP/crash.csv") == 0 ]] ||
  fail "the baseline lists each crash as Crash (and unsupported checks as Skip); got: $(cat "$TMP/crash.csv")"
expect_exit 0 "known crashes are expected failures" "$FAULTY" "${CRASH[@]}" "${SMALLB[@]}" --run k1 --baseline "$TMP/crash.csv"
grep -q " 0 regressions" "$TMP/stdout" || fail "known crashes: 0 regressions"
sed 's/,Crash$/,Fail/' "$TMP/crash.csv" >"$TMP/crash-as-fail.csv"
expect_exit 1 "a crash where the baseline expects Fail" "$FAULTY" "${CRASH[@]}" "${SMALLB[@]}" --run k1 \
  --baseline "$TMP/crash-as-fail.csv"

# 8. The journal records a crash: interrupted after one, --resume does not run into it again.
LOG="$TMP/fault.log"
: >"$LOG"
expect_exit 130 "interrupted after a crash" env SHADERDIFF_FAULT_LOG="$LOG" "$FAULTY" "${CRASH[@]}" "${SMALL[@]}" \
  --jobs 1 --run k2 --stop-after 3
python3 - "$OUT/k2/journal.jsonl" <<'PY' || fail "the journal holds the crashed shader"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])][1:]
assert any(c["verdict"] == "crash" for l in lines for c in l["shader"].get("checks", {}).values()), lines
PY
fired=$(wc -l <"$LOG")
[[ $fired -ge 2 ]] || fail "the first session crashed (fault log: $fired lines)"
expect_exit 1 "resume after a crash" env SHADERDIFF_FAULT_LOG="$LOG" "$FAULTY" "${CRASH[@]}" "${SMALL[@]}" \
  --jobs 2 --run k2 --resume
same "$OUT/k1/report.json" "$OUT/k2/report.json" || fail "interrupted after a crash + resumed == uninterrupted"
[[ $(wc -l <"$LOG") == $((2 * HITS)) && -z $(sort "$LOG" | uniq -d) ]] ||
  fail "every crashing stage ran exactly once over both sessions; fault log: $(cat "$LOG")"

# 9. A crash in the reference stage: the shader's own verdict, no checks.
expect_exit 1 "a killed reference stage" "$FAULTY" --inject-fault kill@reference "${SMALL[@]}" --jobs 2 --run k3
grep -q "@reference: crash: killed by SIGKILL (Killed) in the reference stage" "$TMP/stdout" ||
  fail "the reference crash is a regression of <file>@reference"
python3 - "$OUT/k3/report.json" <<'PY' || fail "reference crash entries"
import json, sys
r = json.load(open(sys.argv[1]))
crashed = [s for s in r["shaders"] if s["verdict"] == "crash"]
assert crashed and all(int(s["hash"], 16) % 4 == 0 and "checks" not in s and s["stage"] == "?" and
                       " --no-fork " in s["reproduce"] and " --check " not in s["reproduce"] for s in crashed), crashed
assert all("checks" in s for s in r["shaders"] if s["verdict"] == "pass")
PY

# 9b. A crash in the exploration is a new finding of that shader, never a regression: the stable
#     results and the other shaders' exploration are those of the --explore run above (section 7).
expect_exit 0 "a crashing exploration" "$FAULTY" --inject-fault abort@explore/a3xx/opt "${SMALL[@]}" --jobs 2 \
  --run k3x --explore=5
grep -q "nightly: crash: shaders/.*@explore/a3xx/opt: killed by SIGABRT" "$TMP/stderr" ||
  fail "the exploration's crash is reported as it happens"
python3 - "$OUT/x/report.json" "$OUT/k3x/report.json" "$TMP/xcrash" <<'PY' || fail "exploration crash findings"
import json, sys
clean, faulty = (json.load(open(p)) for p in sys.argv[1:3])
hit = 0
for c, f in zip(clean["shaders"], faulty["shaders"], strict=True):
    cx, fx = c.pop("explore", None), f.pop("explore", None)
    assert c == f, ("the stable entry changed", c["file"])
    if int(f["hash"], 16) % 4 != 0 or cx is None:
        assert cx == fx, (f["file"], cx, fx)
        continue
    hit += 1
    crash = fx["findings"].pop()
    assert fx == cx, (f["file"], cx, fx)
    assert crash["config"] == "a3xx/opt" and crash["verdict"] == "crash" and crash["detail"] == \
        "killed by SIGABRT (Aborted) in the exploration's a3xx/opt check (compile, emulate, compare)", crash
    assert f" --shader {f['file']} " in crash["reproduce"] and " --explore=5 " in crash["reproduce"] and \
        " --no-fork " in crash["reproduce"] and " --check " not in crash["reproduce"], crash["reproduce"]
    repro = crash["reproduce"]
assert hit > 0 and faulty["summary"]["explore"]["findings"] == clean["summary"]["explore"]["findings"] + hit
open(sys.argv[3], "w").write(repro + "\n")
PY
read -r -a words <<<"$(cat "$TMP/xcrash")"
expect_exit 134 "the exploration crash's reproduction dies of SIGABRT" "$FAULTY" "${words[@]:1}"

# 10. A hung stage overruns --deadline: timeout, the run completes, and its reproduction times out again.
expect_exit 1 "a hung check with a deadline" "$FAULTY" --inject-fault hang@a3xx/opt "${SMALL[@]}" --jobs 2 --run k4 \
  --deadline 1
python3 - "$OUT/k4/report.json" "$TMP/timeout" <<'PY' || fail "timeout verdicts from the deadline"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["complete"] is True and r["settings"]["deadline_seconds"] == 1, r["settings"]
t = [(s["file"], s["checks"]["a3xx/opt"]) for s in r["shaders"] if s["checks"]["a3xx/opt"]["verdict"] == "timeout"]
assert t and all(c["detail"] == "over the wall-clock deadline of 1 s in the a3xx/opt check (compile, emulate, compare); "
                 "the worker was killed" and " --deadline 1 " in c["reproduce"] for _, c in t), t
assert all(s["checks"]["a3xx/naive"]["verdict"] in ("pass", "unsupported") for s in r["shaders"])
open(sys.argv[2], "w").write(f'{t[0][0]}\n{t[0][1]["reproduce"]}\n')
PY
[[ ! -e "$OUT/k4/journal.jsonl" ]] || fail "the run with timeouts completed and removed its journal"
read -r -a words <<<"$(sed -n 2p "$TMP/timeout")"
expect_exit 1 "the timeout's reproduction" "$FAULTY" "${words[@]:1}"
grep -qF "$(sed -n 1p "$TMP/timeout")@a3xx/opt: timeout: over the wall-clock deadline" "$TMP/stdout" ||
  fail "the reproduction times out again; got: $(cat "$TMP/stdout")"

# 11. SIGINT while workers are stuck (no deadline): the first waits for the shaders in flight, the second
#     abandons them; the partial report and the journal are written either way.
"$FAULTY" --inject-fault hang@a3xx/opt "${SMALL[@]}" --jobs 2 --run k5 --deadline 0 >"$TMP/k5.out" 2>"$TMP/k5.err" &
pid=$!
# Wait until both workers are stuck: the journal stops growing.
last=-1
for _ in $(seq 1 100); do
  sleep 0.5
  now=$(wc -l <"$OUT/k5/journal.jsonl" 2>/dev/null || echo 0)
  [[ $now == "$last" && $now -gt 1 ]] && break
  last=$now
done
kill -INT "$pid"
sleep 0.5
kill -0 "$pid" 2>/dev/null || fail "the first SIGINT waits for the shaders in flight"
grep -q "a second signal abandons them" "$TMP/k5.err" || fail "the first SIGINT says what a second one does"
kill -INT "$pid"
for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$pid" 2>/dev/null; then
  fail "the second SIGINT ends the run"
  kill -KILL "$pid"
fi
wait "$pid"
code=$?
[[ $code == 130 ]] || fail "SIGINT twice: exit $code, want 130: $(tail -3 "$TMP/k5.err")"
python3 - "$OUT/k5/report.json" "$OUT/k5/journal.jsonl" <<'PY' || fail "abandoned in flight: a valid partial report and journal"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["complete"] is False and r["run"]["stopped_by"] == "SIGINT" and r["run"]["abandoned_in_flight"] is True, r["run"]
assert all(int(s["hash"], 16) % 4 != 0 and s["checks"]["a3xx/opt"]["verdict"] in ("pass", "unsupported")
           for s in r["shaders"]), "an abandoned shader was reported"
lines = open(sys.argv[2]).read().splitlines()
assert len(lines) - 1 == len(r["shaders"]) > 0, (len(lines), len(r["shaders"]))
PY
pgrep -f -- "--run k5 " >/dev/null && fail "no worker outlives the run"

# 12. Ctrl-C reaches the whole process group: the workers ignore it, nothing is a crash, --resume finishes.
setsid "$SD" "${NIGHTLY[@]}" --jobs 2 --run g >"$TMP/g.out" 2>"$TMP/g.err" &
pid=$!
# setsid() runs in the child after the fork: until it has, the child is in
# this shell's group (the race behind this check's rare failures). Wait up
# to 2.5 s for it.
for _ in $(seq 50); do
  [[ $(ps -o pgid= "$pid" | tr -d ' ') == "$pid" ]] && break
  sleep 0.05
done
[[ $(ps -o pgid= "$pid" | tr -d ' ') == "$pid" ]] || fail "setsid made a process group of its own"
for _ in $(seq 1 2000); do
  [[ -f "$OUT/g/journal.jsonl" && $(wc -l <"$OUT/g/journal.jsonl") -ge 20 ]] && break
  sleep 0.01
done
kill -INT -- "-$pid"
wait "$pid"
code=$?
[[ $code == 130 ]] || fail "SIGINT to the process group: exit $code, want 130: $(tail -3 "$TMP/g.err")"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["complete"] is False and "crash" not in json.dumps(r["summary"]), r["summary"]' \
  "$OUT/g/report.json" || fail "SIGINT to the group: a partial report without crashes"
expect_exit 0 "resume after SIGINT to the group" "$SD" "${NIGHTLY[@]}" --jobs 2 --run g --resume
same "$TMP/a.json" "$OUT/g/report.json" || fail "SIGINT to the group + resume == uninterrupted"

# 13. --no-fork (threads in this process) gives the same entries as worker processes.
expect_exit 0 "nightly --no-fork" "$SD" "${NIGHTLY[@]}" --jobs 2 --run nf --no-fork
python3 - "$TMP/a.json" "$OUT/nf/report.json" <<'PY' || fail "--no-fork: the same shaders and summary"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
assert a["shaders"] == b["shaders"] and a["summary"] == b["summary"]
assert b["settings"]["deadline_seconds"] == 0 and b["run"]["workers"] == "threads", (b["settings"], b["run"])
PY
expect_exit 2 "--no-fork with --deadline" "$SD" "${NIGHTLY[@]}" --no-fork --deadline 5
grep -q -- "--deadline needs worker processes" "$TMP/stderr" || fail "--no-fork --deadline message"
expect_exit 2 "a negative --deadline" "$SD" "${NIGHTLY[@]}" --deadline -1
expect_exit 2 "an unknown --check" "$SD" "${NIGHTLY[@]}" --check a3xx/fast
grep -q -- "--check a3xx/fast: not a target/build of the nightly (a3xx/naive, a3xx/opt, r500/naive, r500/opt)" "$TMP/stderr" ||
  fail "unknown --check message"

# 14. The second target: r500/naive runs on every shader after the a3xx
# checks; --check r500/naive runs it alone; a vertex shader is
# not-applicable on r500 ("the r500 target is the fragment processor"),
# which the shipped baseline does not list (it is never a regression), unlike
# a fragment shader the translator does not take (unsupported, Skip); a
# fragment shader it translates passes.
python3 - "$TMP/a.json" "$BASELINE" >"$TMP/r500_picks" <<'PY' || fail "r500/naive rows in the full run, in the baseline"
import json, sys
r = json.load(open(sys.argv[1]))
base = dict(l.rsplit(",", 1) for l in open(sys.argv[2]).read().splitlines() if l and not l.startswith("#"))
assert "r500-emulator" in r["settings"]["executors"], r["settings"]
vert = frag_pass = frag_unsup = None
for s in r["shaders"]:
    c = s.get("checks", {}).get("r500/naive")
    if c is None:
        assert "checks" not in s, s["file"]  # every shader that reaches the checks has its r500 row
        continue
    test = s["file"] + "@r500/naive"
    if c["verdict"] == "naive-mismatch":  # a known one (corpus/README.md "Baselines"), at more vectors than 2
        assert base.get(test) == "Fail", test
        continue
    assert c["verdict"] in ("pass", "unsupported", "not-applicable"), (s["file"], c)
    if s["stage"] == "VERT":
        assert c == {"verdict": "not-applicable", "detail": "the r500 target is the fragment processor"}, (s["file"], c)
        assert test not in base, test
        vert = vert or s["file"]
    elif c["verdict"] == "pass":
        assert base.get(test) in (None, "Fail"), test  # Fail: the known mismatch, on a vector past the first 2
        assert c["instructions"] > 0 and c["cycles"] > 0, c
        frag_pass = frag_pass or s["file"]
    else:
        assert c["verdict"] == "unsupported", (s["file"], c)
        assert base.get(test) == "Skip", test
        frag_unsup = frag_unsup or s["file"]
n = r["summary"]["checks"]["r500/naive"]
assert n["pass"] > 200 and n["not-applicable"] == sum(s["stage"] == "VERT" for s in r["shaders"]), n
print(vert, frag_pass, frag_unsup)
PY
read -r R5_VERT R5_PASS R5_UNSUP <"$TMP/r500_picks"
expect_exit 0 "--check r500/naive alone" "$SD" "${NIGHTLY[@]}" --check r500/naive --run r5 \
  --shader "$R5_VERT" --shader "$R5_PASS" --shader "$R5_UNSUP"
python3 - "$OUT/r5/report.json" "$R5_VERT" "$R5_PASS" "$R5_UNSUP" <<'PY' || fail "--check r500/naive runs only it"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["settings"]["targets"] == ["r500/naive"], r["settings"]
v = {s["file"]: s["checks"] for s in r["shaders"]}
assert sorted(v) == sorted(sys.argv[2:]), list(v)
assert all(list(c) == ["r500/naive"] for c in v.values()), v
assert v[sys.argv[2]]["r500/naive"]["verdict"] == "not-applicable", v
assert v[sys.argv[3]]["r500/naive"]["verdict"] == "pass" and v[sys.argv[4]]["r500/naive"]["verdict"] == "unsupported", v
PY
grep -A1 -F "<testcase classname=\"r500/naive\" name=\"$R5_VERT\">" "$OUT/r5/junit.xml" |
  grep -qF '<skipped message="not applicable: the r500 target is the fragment processor"/>' &&
  grep -qF "r500/naive" "$OUT/r5/index.html" && grep -qF '>not applicable<' "$OUT/r5/index.html" ||
  fail "junit.xml and index.html show the r500/naive rows, the VERT one as not applicable"
grep -q ', 1 not applicable;' "$TMP/stdout" || fail "the summary counts the VERT shader's r500 check: $(cat "$TMP/stdout")"
# Never a regression, with an empty baseline (a corpus of one's own), while
# the unsupported fragment shader's check is one.
: >"$TMP/empty.csv"
expect_exit 0 "a VERT shader's r500 check with an empty baseline" "$SD" "${BASE[@]}" --check r500/naive --run r5e \
  --shader "$R5_VERT" --baseline "$TMP/empty.csv"
expect_exit 1 "an unsupported FRAG shader's r500 check with an empty baseline" "$SD" "${BASE[@]}" --check r500/naive \
  --run r5e --shader "$R5_VERT" --shader "$R5_UNSUP" --baseline "$TMP/empty.csv"
grep -qF "$R5_UNSUP@r500/naive: unsupported" "$TMP/stdout" && ! grep -qF "$R5_VERT@r500/naive" "$TMP/stdout" ||
  fail "only the unsupported FRAG shader regressed: $(cat "$TMP/stdout")"
# --update-baseline writes the unsupported fragment shader's Skip but no
# row for the vertex shader.
expect_exit 0 "a VERT shader's r500 check with no baseline" "$SD" "${BASE[@]}" --check r500/naive --run r5nb \
  --shader "$R5_VERT" --shader "$R5_UNSUP" --baseline "$TMP/r5_new.csv" --update-baseline
[[ "$(cat "$TMP/r5_new.csv")" == "$R5_UNSUP@r500/naive,Skip" ]] ||
  fail "--update-baseline lists exactly the unsupported FRAG row: $(cat "$TMP/r5_new.csv")"
# A baseline that still lists it (Skip, as before not-applicable) is stale:
# a fix, not a failure; NotApplicable itself is no baseline status.
printf '%s@r500/naive,Skip\n' "$R5_VERT" >"$TMP/old_vert.csv"
expect_exit 0 "a stale Skip row of a VERT shader's r500 check" "$SD" "${BASE[@]}" \
  --check r500/naive --shader "$R5_VERT" --run r5 --baseline "$TMP/old_vert.csv"
grep -qF "$R5_VERT@r500/naive: not-applicable (baseline: Skip)" "$TMP/stdout" || fail "the stale row is listed as fixed"
printf '%s@r500/naive,NotApplicable\n' "$R5_VERT" >"$TMP/na_vert.csv"
expect_exit 1 "a NotApplicable baseline row" "$SD" "${BASE[@]}" \
  --check r500/naive --shader "$R5_VERT" --run r5 --baseline "$TMP/na_vert.csv"
grep -q "NotApplicable': a check the target's hardware cannot run is not a test" "$TMP/stderr" ||
  fail "a NotApplicable line is refused: $(cat "$TMP/stderr")"

rm -rf "$TMP"
if [[ $failures -gt 0 ]]; then echo "$failures failure(s)"; exit 1; fi
echo "all nightly checks passed"
