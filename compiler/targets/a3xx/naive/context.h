// State shared by the parts of one naive compilation: the shader, its
// register map, the emitter, and the first failure (sticky: once a feature
// is found unsupported, later code may keep emitting harmlessly; the driver
// discards the program).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "compiler/targets/a3xx/naive/a3xx_naive.h"
#include "compiler/targets/a3xx/naive/emit.h"
#include "compiler/targets/a3xx/naive/register_map.h"
#include "compiler/tgsi/ast.h"

namespace shaderdiff::naive {

struct Ctx {
  Ctx(const tgsi::Shader& s, const RegisterMap& m, Emitter& e) : shader(s), map(m), emit(e) {}

  const tgsi::Shader& shader;
  const RegisterMap& map;
  Emitter& emit;

  CompileStatus status = CompileStatus::kOk;
  std::string detail;
  bool uses_half_reg = false;  // hr0.x was used to feed mova
  // Scalar GPR ranges [first, last] some relative access may touch (for the
  // optimizing build, which keeps them in fixed registers).
  std::vector<std::pair<int32_t, int32_t>> relative_ranges;

  bool failed() const { return status != CompileStatus::kOk; }
  // A feature a3xx (or this translator) cannot express; `what` names it.
  void Unsupported(std::string what) {
    if (failed()) return;
    status = CompileStatus::kUnsupported;
    detail = std::move(what);
  }
  // An internal invariant of the translator failed.
  void Bug(std::string what) {
    if (failed()) return;
    status = CompileStatus::kError;
    detail = "translator bug: " + std::move(what);
  }
  // A shader the translator cannot make sense of (unbalanced flow control).
  void Malformed(std::string what) {
    if (failed()) return;
    status = CompileStatus::kError;
    detail = "malformed shader: " + std::move(what);
  }
};

}  // namespace shaderdiff::naive
