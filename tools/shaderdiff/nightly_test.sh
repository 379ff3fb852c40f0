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
#   - a deliberately broken optimizing compiler (shaderdiff_fault_injected)
#     is reported as a regression whose reproduction command, run with the
#     same faulty binary, reproduces it (and passes with the shipped one);
#   - the default run folder is named after the UTC date; --explore adds its
#     findings and coverage and leaves the stable results byte for byte.
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
assert r["schema"] == 1 and r["complete"] is True, r.get("complete")
assert r["corpus"]["shaders"] == len(r["shaders"]) > 2000, r["corpus"]
assert r["settings"]["vectors"] == 2 and r["settings"]["targets"] == ["a3xx/naive", "a3xx/opt"], r["settings"]
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
printf '%s\n' "$UNSUPPORTED@a3xx/naive,Skip" "$UNSUPPORTED@a3xx/opt,Skip" | cmp -s - "$TMP/new.csv" ||
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
  expect_exit 0 "$fault: the same command passes with the shipped binary" "$SD" "${shipped[@]}"
done

rm -rf "$TMP"
if [[ $failures -gt 0 ]]; then echo "$failures failure(s)"; exit 1; fi
echo "all nightly checks passed"
