// Copy coalescing for the r500 optimizing build: the naive templates end
// many opcodes with `op S, ...; MOV T, S` (a destination that is also a
// source goes through S0, a set op's intermediate steps through S1/S2), and
// this pass makes the producer write T itself and drops the copy.
//
// Rewrite `copy`: a copy C (halves.h AsCopy: one live half, MAX(a, a) with OMOD disable:
// bit-exact for every word, NaN payloads and denormals included, since
// Max(a, a) returns a and OMOD 7 neither flushes nor clamps; no clamp, no
// modifier, no presubtract; an RGB copy reads S.xyz on its own lanes, an
// Alpha copy reads S.w) of the channels m of S into T (T != S) has its
// producer P rewritten to write T and is removed, when:
//   * P is the nearest earlier ALU instruction writing any channel of S.m,
//     and writes exactly S.m with one half (RGB: its RGB destination and
//     write mask; Alpha: its Alpha destination);
//   * between P and C: no FC, no TEXKILL (the same pixels run both), no
//     jump target in (P, C] (no other path enters), no other instruction
//     reads S.m (it would lose the value) or reads or writes T.m (P now
//     writes T.m earlier);
//   * S.m is not live after C (no later read needs P's value in S).
// Rewrite `broadcast`: the same for an RGB copy that broadcasts one channel
// x of S (halves.h Copy::lane: T.m = S.xxx on the lanes m), where P is a
// per-lane RGB half (access.h Kind::kAlu) writing S.x alone: P writes T.m,
// each of its operands reading on every lane of m what it read on lane x,
// so each lane gets the word lane x got, which is what the copy wrote. The
// conditions are the copy's with S.x for S.m; when S = T the copy's own
// channels may stay live after it (they hold the same words either way).
// P reads its sources before writing (A.3), so P reading T is fine.
// Invariants: every read sees the same value as before, every pixel writes
// the same words to T; FC addresses follow the removed slots (program.h).
#pragma once

#include <vector>

#include "compiler/support/debug_counter.h"
#include "emulator/r500/isa/instr.h"

namespace shaderdiff::r500opt {

// Returns the number of rewrites taken. CoalesceCopies takes `copy` only;
// the run after r500-alpha takes `broadcast` too (earlier, widening a
// one-channel producer would keep r500-alpha from moving it to the Alpha
// unit, which pairs better: measured on the corpus, README).
int CoalesceCopies(std::vector<r500::Instr>& code, compiler::RewriteBudget* budget);
int CoalesceCopiesAndBroadcasts(std::vector<r500::Instr>& code, compiler::RewriteBudget* budget);

}  // namespace shaderdiff::r500opt
