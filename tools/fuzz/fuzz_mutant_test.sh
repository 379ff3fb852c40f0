#!/bin/bash
# The campaign finds a seeded compiler bug (issue 13, item 5): with the
# test-only mutant MUTANT active, `fuzz --seed 1` over generated and mutated
# programs (no corpus) finds it within MAX programs, and its first unique
# finding comes back reduced to at most 8 TGSI instructions, with a
# repro.sh that reproduces it. The clean compiler gives no finding over the
# same programs (no false alarm, metamorphic oracle included), with the
# same results under glibc's default heap as under the campaign's own, an
# interrupted campaign resumes where its journal ends, and --time cuts a
# batch (not journaled) and resumes exactly.
set -u
. "$(dirname "$0")/fuzz_test_common.sh"  # S M MUTANT MAX T, fail, field

# The mutant is found within MAX programs and reduced.
"$M" --mutant "$MUTANT" fuzz --seed 1 --jobs 1 --corpus '' --max-programs "$MAX" --time 600 --out "$T/mutant" 2> "$T/mutant.log"
status=$?
[ $status -eq 1 ] || { cat "$T/mutant.log"; fail "mutant campaign exited $status, not 1 (findings)"; }
unique=$(field "$T/mutant/report.json" "r['findings']['unique']")
[ "$unique" -ge 1 ] || fail "no unique finding"
id=$(field "$T/mutant/report.json" "min((f for f in r['findings']['list'] if f.get('reduction_attempted')), key=lambda f: f['program'])['id']")
size=$(field "$T/mutant/report.json" "[f for f in r['findings']['list'] if f['id'] == '$id'][0]['instructions']")
echo "mutant $MUTANT: $unique unique finding(s); $id reduced to $size instructions"
[ "$size" -le 8 ] || fail "$id reduced to $size instructions, more than 8"
for f in case.tgsi vector.json repro.sh report.json; do [ -s "$T/mutant/$id/$f" ] || fail "$id/$f missing"; done
SHADERDIFF="$M" "$T/mutant/$id/repro.sh" > /dev/null 2>&1
[ $? -ne 0 ] || fail "$id/repro.sh does not reproduce with the mutant"
grep -q "<failure" "$T/mutant/junit.xml" || fail "junit.xml lists no failure"
grep -q "$id/case.tgsi" "$T/mutant/index.html" || fail "index.html does not link the case"

# The clean compiler over the same programs: no finding.
"$S" fuzz --seed 1 --jobs 1 --corpus '' --max-programs "$MAX" --time 600 --out "$T/clean" 2> "$T/clean.log"
status=$?
[ $status -eq 0 ] || { tail -5 "$T/clean.log"; fail "clean campaign exited $status"; }
[ "$(field "$T/clean/report.json" "r['programs']")" -eq "$MAX" ] || fail "clean campaign did not run $MAX programs"
# The campaign raised glibc's tcache for itself and its workers
# (campaign_heap.h); a tcache_count the user sets is kept, and the heap
# setting changes no result: the same programs, coverage, kept set and verdicts.
tunables=$(field "$T/clean/report.json" "r['settings']['glibc_tunables']")
[ "$tunables" = "glibc.malloc.tcache_count=1000" ] || fail "the campaign ran with GLIBC_TUNABLES '$tunables'"
GLIBC_TUNABLES=glibc.malloc.tcache_count=7 "$S" fuzz --seed 1 --jobs 1 --corpus '' --max-programs "$MAX" --time 600 --out "$T/default-heap" 2> /dev/null
tunables=$(field "$T/default-heap/report.json" "r['settings']['glibc_tunables']")
[ "$tunables" = "glibc.malloc.tcache_count=7" ] || fail "the user's GLIBC_TUNABLES became '$tunables'"
a=$(field "$T/clean/report.json" "(r['programs'], r['coverage'], r['kept'], r['verdicts'], r['findings']['total'])")
b=$(field "$T/default-heap/report.json" "(r['programs'], r['coverage'], r['kept'], r['verdicts'], r['findings']['total'])")
[ "$a" = "$b" ] || fail "the campaign with glibc's default tcache $b differs from the raised one $a"

# Resume: a campaign stopped at half continues to MAX from its journal
# with the same coverage as the uninterrupted one.
half=$((MAX / 2 / 16 * 16))
"$S" fuzz --seed 1 --jobs 2 --corpus '' --max-programs "$half" --batch 16 --out "$T/resumed" 2> /dev/null
"$S" fuzz --seed 1 --jobs 2 --corpus '' --max-programs "$MAX" --batch 16 --out "$T/resumed" --resume 2> /dev/null
"$S" fuzz --seed 1 --jobs 1 --corpus '' --max-programs "$MAX" --batch 16 --out "$T/whole" 2> /dev/null
a=$(field "$T/resumed/report.json" "(r['programs'], r['coverage']['features'], r['kept'])")
b=$(field "$T/whole/report.json" "(r['programs'], r['coverage']['features'], r['kept'])")
[ "$a" = "$b" ] || fail "resumed campaign $a differs from the whole one $b"
[ "$(wc -l < "$T/resumed/campaign.jsonl")" -eq $((1 + (MAX + 15) / 16)) ] || fail "journal lines"
# --time inside a batch: a batch far longer than the time is cut when the
# time is up (not at its end), and is not journaled; a campaign cut so
# resumes to what an uncut one reaches. (A bound of 10 s past T, not a
# speed figure: the batch alone takes minutes.)
"$S" fuzz --seed 1 --jobs 2 --corpus '' --batch 100000 --time 1 --out "$T/long" 2> /dev/null
[ "$(field "$T/long/report.json" "(r['programs'], r['stopped_by'], r['seconds'] < 11)")" = "(0, 'time', True)" ] ||
  fail "a long batch was not cut at --time: $(field "$T/long/report.json" "(r['programs'], r['stopped_by'], r['seconds'])")"
[ "$(wc -l < "$T/long/campaign.jsonl")" -eq 1 ] || fail "the cut batch was journaled"
"$S" fuzz --seed 1 --jobs 2 --corpus '' --batch 32 --time 1 --out "$T/timed" 2> /dev/null
done_programs=$(field "$T/timed/report.json" "r['programs']")
[ $((done_programs % 32)) -eq 0 ] || fail "a timed campaign journaled part of a batch ($done_programs programs)"
[ "$(wc -l < "$T/timed/campaign.jsonl")" -eq $((1 + done_programs / 32)) ] || fail "timed journal lines"
# Resume to two batches past the cut, however many programs 1 s reached on
# this machine, and compare with an uncut campaign of that length.
target=$((done_programs + 64))
"$S" fuzz --seed 1 --jobs 2 --corpus '' --max-programs "$target" --batch 32 --time 600 --out "$T/timed" --resume 2> /dev/null
"$S" fuzz --seed 1 --jobs 1 --corpus '' --max-programs "$target" --batch 32 --out "$T/whole32" 2> /dev/null
a=$(field "$T/timed/report.json" "(r['programs'], r['coverage']['features'], r['kept'], r['verdicts'])")
b=$(field "$T/whole32/report.json" "(r['programs'], r['coverage']['features'], r['kept'], r['verdicts'])")
[ "$a" = "$b" ] || fail "campaign resumed after --time ($done_programs programs) $a differs from the whole one $b"
echo "--time: cut at $done_programs programs, resumed to $target as the whole campaign"
echo PASS
