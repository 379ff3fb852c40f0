// Operands of one TGSI instruction: its sources as a3xx operands, its
// results' registers and the final write to the destination.
//
// Sources (Inst::Src): source k at swizzle slot `slot` reads component
// swizzle[slot] of its register. The result is an operand the a3xx slot
// described by `use` accepts; when it cannot take the source as is, the
// value is materialised in the source scratch Sk.slot first:
//   * relative registers (TEMP[ADDR[0].x+n], CONST[ADDR..]) always: the
//     address is clamped to the index range the reference interpreter marks
//     (the ARRAY, else the whole file), scaled to scalars and loaded into a0.x
//     (max.s, min.s, shl.b, cov.s32s16 hr0.x, mova), then
//     `(ul)mov Sk.slot, r<a0.x + n>` (or c<a0.x + n>);
//   * TEMP array elements in private memory (register_map.h) always: the
//     byte address into Sk.slot (`mov Sk.slot, imm` for a direct index; for
//     a relative one max.s/min.s clamp the index like a0.x's, add.s makes
//     it the element's vec4 from the memory's start, shl.b makes bytes;
//     into P.x with the immediates in P.y when the map has P), then
//     `ldp.u32 Sk.slot, p[Sk.slot + 4*comp], 1`;
//   * CONST buffers in global memory (register_map.h) always: the byte
//     address into Sk.slot (a direct index: `mov Sk.slot, 16 * index`; a
//     relative one: max.s/min.s clamp it to the buffer like a0.x's, add.s
//     adds the register's offset, shl.b makes bytes; into P.x with the
//     immediates in P.y when the map has P), `add.u` of the buffer's
//     address constant, then `ldg.u32 Sk.slot, g[Sk.slot + 4*comp], 1`;
//   * consts where the slot takes none;
//   * modifiers the slot cannot express. TGSI modifiers act by the opcode's
//     source type (docs/tgsi.md 3.3): float-style ones are sign-bit
//     operations (|x|: and.b with K.w, -x: xor.b with K.z, exact for every bit
//     pattern) unless the slot takes (neg)/(abs) as float modifiers;
//     integer ones are absneg.s (abs) then absneg.s (neg).
//
// Results (Inst::Out(c)): the register channel c's result goes to. It is
// the destination register itself when writing it early cannot change a
// later read of this instruction (no saturate, no relative destination, no
// source names the destination register, or its file relatively, or ADDR
// when the destination is ADDR); otherwise the result scratch R.c, and
// Finish() copies R to the destination: `mov.u32u32`, or `absneg.f (sat)`
// for _SAT, through a0.x for a relative destination (clamped like sources),
// or, for a destination in private memory, its address into T0.x (or P.x)
// as for a source and `stp.u32 p[T0.x + 4*c], R.c, 1` per channel.
#pragma once

#include <utility>

#include "compiler/targets/a3xx/naive/context.h"

namespace shaderdiff::naive {

// What an a3xx source slot accepts (bits).
enum Use : uint8_t {
  kGprOnly = 0,
  kConstOk = 1 << 0,  // a const-file operand
  kNegOk = 1 << 1,    // (neg) meaning float negation
  kAbsOk = 1 << 2,    // (abs) meaning float absolute value
};
inline constexpr uint8_t kUseCat2Float = kConstOk | kNegOk | kAbsOk;  // add.f, cmps.f, floor.f, ...
inline constexpr uint8_t kUseCat2Int = kConstOk;                      // add.u, and.b, cmps.s, ...
inline constexpr uint8_t kUseMadOuter = kConstOk | kNegOk;            // mad.f32 src1/src3
inline constexpr uint8_t kUseMadMiddle = kNegOk;                      // mad.f32 src2 (GPR only)
inline constexpr uint8_t kUseCat3IntOuter = kConstOk;                 // sel.b32/madsh.m16 src1/src3
inline constexpr uint8_t kUseCat3IntMiddle = kGprOnly;                // their src2
inline constexpr uint8_t kUseSfu = kNegOk | kAbsOk;                   // cat4: GPR only
inline constexpr uint8_t kUseMov = kConstOk;                          // cat1 bit copy
inline constexpr uint8_t kUseTex = kGprOnly;                          // cat5

// Scratch operands (register_map.h).
Operand KReg(int comp);        // K.comp
Operand RReg(int c);           // R.c
Operand SReg(int k, int c);    // Sk.c
Operand TReg(int i);           // T scalar i: T0.x .. T2.w (0..11)
Operand PReg(int c);           // P.c, the private-address scratch (register_map.h)
inline constexpr int kNumTmpScalars = 4 * kNumTmpScratch;

class Inst {
 public:
  Inst(Ctx& ctx, const tgsi::Instruction& in);

  Ctx& ctx;
  const tgsi::Instruction& in;

  void Emit(const Instr& instr) { ctx.emit.Emit(instr); }

  // Source k, swizzle slot `slot`, fit for a slot accepting `use`.
  Operand Src(int k, int slot, uint8_t use);
  // Sources ka and kb for a two-source cat2 instruction (at most one const).
  std::pair<Operand, Operand> Src2(int ka, int kb, int slot, uint8_t use) { return Src2(ka, slot, kb, slot, use); }
  // The same with each source at its own slot.
  std::pair<Operand, Operand> Src2(int ka, int slot_a, int kb, int slot_b, uint8_t use);
  // The register component source k reads at `slot`.
  int Comp(int k, int slot) const { return in.src[k].swizzle[slot]; }

  // Destination write mask (0 without a destination) and its first channel.
  uint8_t mask() const { return in.dst.empty() ? 0 : in.dst[0].write_mask & channels_; }
  // Opcodes that write only some channels whatever the write mask (LODQ:
  // x, y) narrow it before computing anything.
  void RestrictChannels(uint8_t channels) { channels_ = channels; }
  bool Writes(int c) const { return (mask() >> c) & 1; }
  int FirstChannel() const;
  Operand Out(int c) const;
  // REPL ops: the result is in Out(FirstChannel()); copy it to the others.
  void Replicate();
  // The final write of the destination (nothing in direct mode).
  void Finish();

  // INTERP_CENTROID: IN sources read IN's centroid twin (register_map.h)
  // instead, by the same index arithmetic, relative addressing included.
  void ReadInputsAtCentroid() { inputs_at_centroid_ = true; }

  // Loads a0.x from `addr` (an ADDR register component) clamped to
  // [lo, hi] and scaled to scalar units; `scratch` is a full GPR it may use.
  void LoadA0(const tgsi::IndirectAddress& addr, int64_t lo, int64_t hi, const Operand& scratch);

 private:
  Operand Location(int k, int slot);
  // Scalar GPR of FILE[index].comp as a source reads it.
  int32_t SrcScalar(tgsi::File file, int64_t index, int comp) const;
  // The private array `reg` names (its index, or its array id when
  // relative), or nullptr.
  const PrivateArray* PrivateTarget(const tgsi::Register& reg) const;
  // The byte address of component 0 of the element `reg` names in private
  // array `arr`, computed into `scratch` (or P.x when the map has P).
  Operand PrivateAddress(const tgsi::Register& reg, const PrivateArray& arr, const Operand& scratch);
  // The byte address of component 0 of CONST `reg` in global-memory range
  // `g`, computed into `scratch` (or P.x when the map has P).
  Operand GlobalConstAddress(const tgsi::Register& reg, const a3xx::GlobalConstRange& g, const Operand& scratch);
  // max.s/min.s of ADDR component `addr` into [lo, hi], then add.s of
  // `to_vec4` and shl.b by 4 into `at` (immediates through P.y when the
  // map has P): the byte offset of a clamped relative index.
  void ClampedByteOffset(const tgsi::IndirectAddress& addr, int32_t lo, int32_t hi, int32_t to_vec4,
                         const Operand& at);
  // [first, last] TGSI index range a relative access to `reg` may touch.
  bool IndexRange(const tgsi::Register& reg, int64_t* first, int64_t* last);
  bool AliasesDestination() const;

  bool valid_dst_ = false;  // a destination the translator can write (set by the constructor)
  bool direct_ = true;
  uint8_t channels_ = 0xF;
  bool inputs_at_centroid_ = false;
};

}  // namespace shaderdiff::naive
