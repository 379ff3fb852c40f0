// The naive translator's fixed register and const-file layout.
//
// GPRs (vec4 registers; a3xx has r0..r47):
//   r0        FS i/j pair in r0.x/r0.y (ShaderState::ij_reg = 0); reserved in
//             every stage so the layout does not depend on the stage
//   r1        K, read-only constants written once by the prologue:
//             K.x = 0.0 (0x00000000), K.y = 1.0, K.z = 0x80000000 (sign bit),
//             K.w = 0x7fffffff (abs mask)
//   r2        R   result scratch: a TGSI instruction's results before they are
//             copied to the destination (aliasing, saturate, relative dst)
//   r3..r6    S0..S3  source scratch: source k, swizzle slot c is
//             materialised in Sk.c when the a3xx slot cannot take it directly
//   r7..r9    T0..T2  template temporaries (12 scalars, dead between channels)
//   r0.zw     FS centroid i/j pair (ShaderState::centroid_ij_reg = 2), preloaded
//             only when an input is declared CENTROID or read by
//             INTERP_CENTROID
//   r10..     IN[0..], SV[0..], OUT[0..], TEMP[0..], ADDR[0..], in this order,
//             one vec4 per TGSI register index (0 .. highest declared or
//             referenced index), so relative addressing over any TGSI file
//             is plain scalar arithmetic; then, in a shader with
//             INTERP_CENTROID, IN's centroid twin: one vec4 per IN index
//             holding that input at the centroid (the prologue fills it),
//             which INTERP_CENTROID reads as MOV reads IN
// Half registers: hr0.x only, to feed `mova a0.x`.
//
// Private memory (only when the file above does not fit in r0..r47):
// relatively addressed TEMP arrays (`DCL TEMP[a..b], ARRAY(n)`, every
// relative access naming its array) move to the fiber's private memory,
// largest first, until the rest fits: array element i, component c at byte
// base + 16 * (i - a) + 4 * c (cat6 ldp/stp, emulator/a3xx/README.md
// "Private memory"). When the rest still does not fit, plain TEMPs follow
// them, one vec4 each after the arrays' bytes (a one-element private array),
// until it does: every TEMP outside the relatively addressed arrays (only
// direct accesses reach it), fewest static references first (each
// destination or source operand naming it counts once), then the highest
// index first; none when a relative access names no array (it may reach
// any TEMP). TEMP indices in private memory have no GPR (the other TEMPs
// keep their order, packed). IN, OUT, SV and ADDR always stay in GPRs. Addresses are built in the scratch
// the access reads into (Sk.c) or T0.x (a store) with cat2 immediates;
// when some relative access needs an immediate beyond cat2's 11 bits, r10
// is P, the private-address scratch (P.y holds the immediates), and TGSI
// registers start at r11. A shader whose layout fits gets exactly the
// layout above.
//
// Const file (vec4; a3xx has c0..c511): CONST[0][i] (= CONST[i]) is c<i>;
// other buffers follow in buffer order, each contiguous from its index 0;
// then IMM[k] at c<imm_base + k>.
//
// Global memory (only when the const file above does not fit in c0..c511):
// whole CONST buffers move to a UBO in global memory, largest first (then
// the lowest buffer number), until the rest fits together with their
// address constants (a3xx::GlobalConstRange): buffer k's CONST[b][i].c is
// the word at byte address_k + 16 * i + 4 * c, read with ldg
// (operands.h); address_k is the k-th moved buffer's, from
// kGlobalConstAddress, each after the previous one's bytes rounded up to
// 256; it lives in const scalar c<imm_base + imm_count + k / 4>.(k % 4),
// after the immediates. A moved buffer has no const-file vec4, the other
// buffers keep their order, packed. Whole buffers, because a relative
// access may reach any index of its buffer. When some relative access to
// such a buffer needs an immediate beyond cat2's 11 bits for its address,
// r10 is P as for private arrays. A shader whose const file fits gets
// exactly the layout above.
//
// Nothing else lives across TGSI instructions: scratch registers are dead
// at every TGSI instruction boundary, TGSI registers are only written by
// the instructions that name them as destination.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "compiler/targets/a3xx/naive/ubo_layout.h"
#include "compiler/tgsi/ast.h"
#include "emulator/a3xx/isa/shader_state.h"

namespace shaderdiff::naive {

inline constexpr int kIjVec4 = 0;
inline constexpr int kCentroidIjComp = 2;  // r0.z, r0.w
inline constexpr int kKVec4 = 1;
inline constexpr int kResultVec4 = 2;
inline constexpr int kSrcVec4 = 3;
inline constexpr int kNumSrcScratch = 4;
inline constexpr int kTmpVec4 = 7;
inline constexpr int kNumTmpScratch = 3;
inline constexpr int kFirstTgsiVec4 = 10;

inline constexpr int kPvtScratchVec4 = 10;  // P, when private arrays exist
inline constexpr int kA3xxGprVec4 = 48;     // r0..r47 physically present
inline constexpr int kA3xxConstVec4 = 512;  // c0..c511

// K components.
inline constexpr int kKZero = 0;      // 0.0 / integer 0
inline constexpr int kKOne = 1;       // 1.0
inline constexpr int kKSignBit = 2;   // 0x80000000
inline constexpr int kKAbsMask = 3;   // 0x7fffffff

inline constexpr uint16_t Scalar(int vec4, int comp) { return static_cast<uint16_t>(4 * vec4 + comp); }

// Where one TGSI register file lives: vec4 `base`, `size` registers.
struct FileLayout {
  uint32_t base = 0;
  uint32_t size = 0;
};

// A TEMP array [first, last] held in private memory from byte `byte_base`.
struct PrivateArray {
  uint32_t first = 0;
  uint32_t last = 0;
  uint32_t byte_base = 0;
};

// Whether the shader has INTERP_CENTROID (its register map then holds IN's
// centroid twin).
bool ReadsInputsAtCentroid(const tgsi::Shader& shader);

class RegisterMap {
 public:
  // nullopt with *unsupported naming the limit when the shader does not fit
  // (GPR count, const count).
  static std::optional<RegisterMap> Build(const tgsi::Shader& shader, std::string* unsupported);

  // TGSI files held in GPRs: IN, OUT, TEMP, ADDR, SV.
  static bool IsGprFile(tgsi::File file);
  const FileLayout& Gprs(tgsi::File file) const;
  // Scalar GPR number of FILE[index].comp (index may be out of the file's
  // range only in relative-offset arithmetic, so this is signed).
  int32_t GprScalar(tgsi::File file, int64_t index, int comp) const;

  // The private array holding FILE[index], or nullptr (in a GPR).
  const PrivateArray* PrivateArrayOf(tgsi::File file, int64_t index) const;
  const std::vector<PrivateArray>& PrivateArrays() const { return private_arrays_; }
  // Bytes of private memory per fiber the arrays use (0: none).
  uint32_t PrivateBytes() const { return private_bytes_; }
  // Whether r10 is P (register_map.h's top comment).
  bool HasPrivateScratch() const { return private_scratch_; }

  // Const vec4 base of a CONST buffer (nullopt: buffer never declared or
  // used, or in global memory).
  std::optional<uint32_t> ConstBase(uint32_t buffer) const;
  // Its vec4 count (const file or global memory).
  uint32_t ConstSize(uint32_t buffer) const;
  // The global-memory range holding CONST buffer `buffer`, or nullptr (in
  // the const file).
  const a3xx::GlobalConstRange* GlobalConstOf(uint32_t buffer) const;
  const std::vector<a3xx::GlobalConstRange>& GlobalConsts() const { return global_consts_; }
  uint32_t ImmBase() const { return imm_base_; }
  uint32_t ImmCount() const { return imm_count_; }
  const std::map<uint32_t, FileLayout>& ConstBuffers() const { return const_buffers_; }

  // Scalars from IN[i].c to its centroid twin (0: the shader has no
  // INTERP_CENTROID, so no twin).
  int32_t CentroidInputShift() const { return centroid_input_shift_; }

  // vec4 registers used: r0 .. r<TotalGprVec4() - 1>.
  uint32_t TotalGprVec4() const { return total_gpr_; }
  uint32_t TotalConstVec4() const { return imm_base_ + imm_count_ + (static_cast<uint32_t>(global_consts_.size()) + 3) / 4; }

 private:
  std::map<tgsi::File, FileLayout> gpr_files_;
  std::map<uint32_t, FileLayout> const_buffers_;  // in the const file
  std::vector<a3xx::GlobalConstRange> global_consts_;
  uint32_t imm_base_ = 0;
  uint32_t imm_count_ = 0;
  uint32_t total_gpr_ = 0;
  std::vector<PrivateArray> private_arrays_;
  uint32_t private_bytes_ = 0;
  bool private_scratch_ = false;
  int32_t centroid_input_shift_ = 0;
  // With private arrays: TEMP index -> vec4 offset in the TEMP file (-1: private).
  std::vector<int32_t> temp_slot_;
};

}  // namespace shaderdiff::naive
