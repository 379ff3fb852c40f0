// SiteBuilder: what one lowering rule uses to emit its replacement sequence.
//
// A rule reads the original instruction's sources through Src(i), composes
// swizzles/modifiers with Swz/Neg/Abs, writes intermediates with Emit() into
// scratch temporaries T(k) / TD(k, mask), and writes the destination with
// Final(). Final() intersects the mask with the original write mask, skips
// the write when nothing is left, and applies the original _SAT. After
// BeginRedirect() (used when the destination may alias a source that a later
// final write still reads) final writes go to a scratch temp and
// EndRedirect() emits the one MOV(_SAT) to the real destination.
//
// Invariant: intermediates only ever write scratch temps, so they never
// clobber a source; every emitted instruction copies the original's
// location and _PRECISE flag.
#pragma once

#include <string_view>
#include <vector>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::compiler::lowering {

enum Mask : uint8_t { kX = 1, kY = 2, kZ = 4, kW = 8, kXY = 3, kXYZ = 7, kXYZW = 15 };

// Scratch registers shared by all sites of one pass run.
struct Scratch {
  uint32_t first_temp = 0;  // TEMP index of scratch temp 0
  uint32_t temps_used = 0;  // scratch temps referenced so far
  uint32_t imm_index = 0;   // IMM index of the constants {0, 1, 128, 0.5}
  bool imm_used = false;
};

// Swizzle composition: pattern letters select from s's current swizzle
// ("yzx" -> s.yzxx; shorter patterns repeat their last letter).
tgsi::SrcOperand Swz(tgsi::SrcOperand s, std::string_view pattern);
tgsi::SrcOperand Neg(tgsi::SrcOperand s);  // -s (composes: -(-a) = a)
tgsi::SrcOperand Abs(tgsi::SrcOperand s);  // |s| (drops any negation)

// True if writing `dst` may change what `src` reads.
bool MayAlias(const tgsi::DstOperand& dst, const tgsi::SrcOperand& src);

class SiteBuilder {
 public:
  SiteBuilder(const tgsi::Instruction& original, Scratch* scratch, std::vector<tgsi::Instruction>* out)
      : in_(original), scratch_(scratch), out_(out) {}

  const tgsi::Instruction& original() const { return in_; }
  uint8_t mask() const { return in_.dst[0].write_mask; }
  tgsi::SrcOperand Src(int i) const { return in_.src[i]; }
  bool DstAliasesAnySource() const;

  // IMM {0.0, 1.0, 128.0, 0.5} component `c` ('x'..'w'), replicated / patterned.
  tgsi::SrcOperand Imm(std::string_view pattern);
  // Scratch temp k as a source with a swizzle pattern / as a destination.
  tgsi::SrcOperand T(uint32_t k, std::string_view pattern = "xyzw");
  tgsi::DstOperand TD(uint32_t k, uint8_t mask);

  // An intermediate (no saturation); skipped when dst's mask is empty.
  void Emit(tgsi::Opcode op, tgsi::DstOperand dst, std::vector<tgsi::SrcOperand> src);
  // A write of the original destination's channels `mask` (intersected with
  // the original mask), saturated like the original.
  void Final(tgsi::Opcode op, uint8_t mask, std::vector<tgsi::SrcOperand> src);

  void BeginRedirect();  // final writes go to a scratch temp from here on
  void EndRedirect();    // ... and are copied to the destination here

 private:
  static constexpr uint32_t kRedirectTemp = 2;
  const tgsi::Instruction& in_;
  Scratch* scratch_;
  std::vector<tgsi::Instruction>* out_;
  bool redirect_ = false;
};

}  // namespace shaderdiff::compiler::lowering
