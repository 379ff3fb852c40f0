// Compiler mutants: the read side of the test-only mutation hook.
//
// A mutant is one deliberate, realistic compiler bug (mutants.def lists
// them all: name, pass, kind, description). Each lives at its real site as
//   if (MutantActive(Mutant::kX)) { ...the bug... } else { ...the real code... }
// so the mutation score (tools/mutants) can measure how many such bugs one
// default nightly catches.
//
// Why the shipped binary cannot reach a mutant: MutantActive reads the
// active mutant from `shaderdiff_active_mutant`, a *weak* reference that
// no code of the shipped program defines. Only the testonly library
// //compiler/support:mutant_activation (mutant_activation.h) defines it,
// together with the only function that sets it. A binary that does not
// link that library (Bazel refuses a non-test target that depends on a
// testonly one) resolves the weak reference to null, and MutantActive is
// false forever. //tools/mutants:mutant_hook_test checks the shipped
// `shaderdiff` binary defines neither symbol.
//
// Invariants: at most one mutant is active per process; it is set before
// any compilation starts and read-only while compilations run (the reads
// are relaxed atomic loads, safe on any thread).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace shaderdiff::compiler {

enum class Mutant : uint16_t {
  kNone = 0,
#define MUTANT(id, name, pass, kind, description) id,
#include "compiler/support/mutants.def"
#undef MUTANT
};

struct MutantInfo {
  Mutant id;
  std::string_view name;         // "legalize-delay-short"
  std::string_view pass;         // "legalize"
  std::string_view kind;         // "one delay slot too few"
  std::string_view description;  // one line
};

// Every mutant, in mutants.def order.
std::span<const MutantInfo> AllMutants();

// nullptr for an unknown name.
const MutantInfo* FindMutant(std::string_view name);

// Whether `m` is the active mutant (always false in the shipped binary).
bool MutantActive(Mutant m);

}  // namespace shaderdiff::compiler
