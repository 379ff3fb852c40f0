// ValidatedProgram: an a3xx Program every instruction of which Validate
// (instr.h) accepted, so that a consumer (the emulator's Prepare) need not
// check the rules again.
//
// Invariants:
// - The only way to make a non-empty one is Check, which runs Validate on
//   every instruction. The default one is empty (nothing to validate; the
//   emulator refuses an empty program for its own reason).
// - Its program cannot be changed in place: `state`, `instrs` and the
//   conversion to `const Program&` are read-only views of the one Program
//   it holds. A tool that edits words (fault injection, mutants, a
//   `--program` dump, assembler input) copies the program out into a plain
//   Program, which the emulator validates again. Assignment replaces the
//   whole program with another validated one.
// - Copies and moves keep the views bound to their own object.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "emulator/a3xx/isa/instr.h"
#include "emulator/a3xx/isa/shader_state.h"

namespace shaderdiff::a3xx {

class ValidatedProgram {
  Program program_;  // first: the views below bind to it

 public:
  // Why Check refused: the first instruction Validate refused, its index
  // and Validate's reason.
  struct Refusal {
    size_t index = 0;
    Instr instr;
    std::string why;
  };

  ValidatedProgram() : state(program_.state), instrs(program_.instrs) {}
  ValidatedProgram(const ValidatedProgram& other) : ValidatedProgram(Program(other.program_)) {}
  ValidatedProgram(ValidatedProgram&& other) noexcept : ValidatedProgram(std::move(other.program_)) {}
  ValidatedProgram& operator=(const ValidatedProgram& other) {
    program_ = other.program_;
    return *this;
  }
  ValidatedProgram& operator=(ValidatedProgram&& other) noexcept {
    program_ = std::move(other.program_);
    return *this;
  }

  // `program` if Validate accepts every instruction; otherwise nullopt and,
  // when given, *refusal names the first refused instruction.
  static std::optional<ValidatedProgram> Check(Program program, Refusal* refusal = nullptr);

  const Program& program() const { return program_; }
  operator const Program&() const { return program_; }  // NOLINT: read access where a Program is read

  const ShaderState& state;
  const std::vector<Instr>& instrs;

 private:
  explicit ValidatedProgram(Program&& program)
      : program_(std::move(program)), state(program_.state), instrs(program_.instrs) {}
};

}  // namespace shaderdiff::a3xx
