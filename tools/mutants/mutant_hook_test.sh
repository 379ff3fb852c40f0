#!/usr/bin/env bash
# The compiler mutants cannot be reached from the shipped binary: the
# active mutant's storage (shaderdiff_active_mutant, which MutantActive
# reads through a weak reference) and its setter (ActivateMutant) are
# defined only in the testonly //compiler/support:mutant_activation.
# Checked on the symbol tables: the test-only binary defines both (so the
# check can fail), the shipped one defines neither, and it refuses --mutant.
# Usage: mutant_hook_test.sh SHADERDIFF SHADERDIFF_MUTANTS
set -uo pipefail
SHIPPED="$1"
TESTONLY="$2"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
command -v nm >/dev/null || { echo "FAIL: nm (binutils) is needed"; exit 1; }

# Defined symbols (of the static and the dynamic symbol table) matching $2.
defined() { { nm --defined-only "$1" 2>/dev/null; nm -D --defined-only "$1" 2>/dev/null; } | grep -E "$2"; }
symbols() { { nm "$1" 2>/dev/null; nm -D "$1" 2>/dev/null; } | grep -cE "$2"; }

STORAGE=' shaderdiff_active_mutant$'
SETTER='ActivateMutant'  # C++ mangled name contains it
READER='MutantActive'

[[ $(nm "$SHIPPED" 2>/dev/null | wc -l) -gt 100 ]] || fail "the shipped binary has a symbol table to check (stripped?)"
[[ $(symbols "$SHIPPED" "$READER") -gt 0 ]] || fail "the shipped binary contains the mutation sites (MutantActive)"
defined "$TESTONLY" "$STORAGE" >/dev/null || fail "the test-only binary defines shaderdiff_active_mutant"
defined "$TESTONLY" "$SETTER" >/dev/null || fail "the test-only binary defines ActivateMutant"
if defined "$SHIPPED" "$STORAGE"; then fail "the shipped binary defines the active mutant's storage"; fi
if defined "$SHIPPED" "$SETTER"; then fail "the shipped binary defines ActivateMutant"; fi
# Its only mention of the storage is the weak, undefined reference.
nm "$SHIPPED" | grep -E "$STORAGE" | grep -qvE '^ +[vw] ' && fail "shaderdiff_active_mutant is more than a weak reference"

"$SHIPPED" --mutant legalize-delay-short nightly >/dev/null 2>&1
[[ $? == 2 ]] || fail "the shipped binary refuses --mutant (exit 2)"
"$TESTONLY" mutants --list >"${TEST_TMPDIR:-/tmp}/list.$$" || fail "the test-only binary lists its mutants"
[[ $(wc -l <"${TEST_TMPDIR:-/tmp}/list.$$") -ge 20 ]] || fail "at least 20 mutants"
rm -f "${TEST_TMPDIR:-/tmp}/list.$$"

if [[ $failures -gt 0 ]]; then echo "$failures failure(s)"; exit 1; fi
echo "the shipped binary cannot reach a mutant"
