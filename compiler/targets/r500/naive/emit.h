// The naive r500 translator's instruction builders: one ALU instruction
// that uses only the RGB half or only the Alpha half (the other half
// computes a MAD nobody reads and writes nothing), TEX instructions, and
// the emitter that sets TEX_SEM_WAIT on the instruction after every TEX.
//
// An Operand is one ALU operand: a temporary, a constant slot, or only
// inline swizzle constants (0, 0.5, 1), with a 4-channel swizzle (channel
// 0..3, or kSwzZero/kSwzHalf/kSwzOne) and a modifier (R500 Mod: nop, neg,
// abs, nab). Up to three distinct registers per instruction: each gets a
// source slot whose RGB and Alpha addresses name the same register, so an
// operand sees its whole vec4 in either half.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "emulator/r500/isa/instr.h"

namespace shaderdiff::r500naive {

inline constexpr uint8_t kSwzZero = 4, kSwzHalf = 5, kSwzOne = 6;
inline constexpr uint8_t kModNop = 0, kModNeg = 1, kModAbs = 2, kModNab = 3;

struct Operand {
  enum class Kind : uint8_t { kTemp, kConst, kInline };
  Kind kind = Kind::kInline;
  int index = 0;
  std::array<uint8_t, 4> swz = {kSwzZero, kSwzZero, kSwzZero, kSwzZero};
  uint8_t mod = kModNop;
};

Operand TempOperand(int temp, uint8_t mod = kModNop);
Operand InlineOperand(uint8_t swz, uint8_t mod = kModNop);  // 0, 0.5 or 1 in every channel
Operand Negated(Operand o);                                 // -o (flips the sign after abs)
Operand Broadcast(Operand o, int channel);                  // o.cccc

// The component-wise ALU ops that exist in both halves. kMdh/kMdv are MAD
// with A and C taken from src0 of two pixels of the quad (A.4): the
// derivative templates only.
enum class AluOp : uint8_t { kMad, kMin, kMax, kCmp, kFrc, kMdh, kMdv };

// How an instruction writes: `saturate` clamps to [0, 1] (OMOD x1);
// otherwise ops that allow it (MIN, MAX, CMP) use OMOD `disable`, which is
// bit-exact (NaN payloads, denormals), and the others OMOD x1.
struct WriteMode {
  bool saturate = false;
};

// dest.xyz (rgb_mask bits) = op(a, b, c) with each channel's own swizzle.
r500::Instr RgbInstr(AluOp op, const Operand& a, const Operand& b, const Operand& c, int dest, uint8_t rgb_mask,
                     WriteMode mode);
// dest.w = op(a, b, c) on channel `channel` of each operand's swizzle;
// `alpha_op` is an R500 Alpha opcode (AlphaOp domain), for the
// transcendentals too.
r500::Instr AlphaInstr(uint32_t alpha_op, const Operand& a, const Operand& b, const Operand& c, int channel, int dest,
                       WriteMode mode);
uint32_t AlphaOpcode(AluOp op);

// OUT instructions: render target `target`'s colour from temp's rgb
// (RgbOut) or its alpha from temp.channel (AlphaOut); depth from temp.channel
// (DepthOut).
r500::Instr RgbOut(int temp, int target);
r500::Instr AlphaOut(int temp, int channel, int target);
r500::Instr DepthOut(int temp, int channel);

// TEX: kill the pixel if any component of temp is < 0 or -0 (R500's rule).
r500::Instr TexKill(int temp);
// TEX lookup `tex_op` (ld or proj) of unit `unit` at temp.xyzw into dest.xyzw.
r500::Instr TexSample(uint32_t tex_op, int unit, int src_temp, int dest);

class Emitter {
 public:
  void Emit(r500::Instr in);
  // The instruction after a TEX waits on the semaphore (every TEX acquires it).
  std::vector<r500::Instr>& code() { return code_; }

 private:
  std::vector<r500::Instr> code_;
  bool wait_next_ = false;
};

}  // namespace shaderdiff::r500naive
