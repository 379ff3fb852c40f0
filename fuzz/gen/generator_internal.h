// The generator's state and steps, shared by its source files:
// generator.cc (program structure, operands, arithmetic, flow control),
// generator_resources.cc (relative addressing, textures, KILL),
// generator_lowered.cc and generator_word_reads.cc. Not part of
// the library's interface: use generator.h.
//
// Invariants: temps_[i] describes TEMP[i] as the reference will hold it at
// the current point of the program for every test vector; an array, when
// there is one, is the block temps_[array_first_ .. array_first_ +
// array_len_ - 1], declared ARRAY(1); ADDR[0] is never relied on across
// statements (every indirect access loads it right before).
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <utility>
#include <vector>

#include "compiler/tgsi/ast.h"
#include "fuzz/gen/abstract_value.h"
#include "fuzz/gen/generator.h"
#include "tools/harness/rng.h"

namespace shaderdiff::fuzz::internal {

using tgsi::File;
using tgsi::Opcode;
using Vals = std::array<AbsVal, 4>;

constexpr int kTries = 8;

// A source operand and, per destination component, the value it reads.
struct Operand {
  tgsi::SrcOperand src;
  Vals read;  // indexed by destination component
};

// How an operation reads a source: as a float (any set), as an exact float,
// or as an integer; and what a fresh immediate for it should hold.
enum class Role : uint8_t { kFloat, kExactFloat, kInt };
enum class ImmHint : uint8_t { kAny, kShiftCount, kDivisor, kBitOffset, kBitCount, kSmallInt, kZeroOne };

struct Temp {
  Vals comp;
  uint32_t owner = 0;        // the loop depth whose body may write it
  uint8_t reserved = 0;      // components no one may write (loop counters)
  uint8_t accumulator = 0;   // components widened for an enclosing loop
};

class Generator {
 public:
  explicit Generator(const GenOptions& o) : o_(o), p_(o.policy), rng_(o.seed) {
    // Immediates are bounded by the policy: one allocation each (an AbsVal
    // row is 4 x 56 bytes, copied at every growth otherwise).
    const size_t imms = std::min<size_t>(p_.max_immediates, 64);
    imms_.reserve(imms);
    imm_vals_.reserve(imms);
  }

  tgsi::Shader Run();  // once per Generator: the shader takes its instructions and immediates

 private:
  uint32_t Below(uint32_t n) { return rng_.Below(n); }
  bool Chance(uint32_t per_mille) { return rng_.Chance(per_mille, 1000); }
  uint32_t Pick(const std::vector<uint32_t>& weights);

  // Registers.
  tgsi::SrcOperand SrcOf(File file, uint32_t index) const;
  Vals RegValues(File file, uint32_t index) const;
  uint32_t NewImmediate(Role role, ImmHint hint);
  uint32_t NewImmediateInt(const std::array<int64_t, 4>& values);
  uint32_t NewImmediateFloat(const std::array<double, 4>& values);  // small exact values
  std::optional<Operand> PickOperand(Role role, uint8_t mask, ImmHint hint, bool allow_input = true);
  std::optional<Operand> ImmOperand(Role role, uint8_t mask, ImmHint hint);
  std::optional<Operand> FromRegister(File file, uint32_t index, Role role, uint8_t mask);
  bool Readable(const AbsVal& v, Role role) const;
  // A destination: a writable TEMP and the components it may write.
  std::optional<std::pair<uint32_t, uint8_t>> PickDst(bool allow_new);
  bool WriteOk(const Temp& t, int c, const AbsVal& v) const;

  // Emission.
  void Emit(tgsi::Instruction inst) {
    insts_.push_back(std::move(inst));
    --remaining_;
  }
  bool EmitOp(Opcode op, uint32_t dst, uint8_t mask, const std::vector<Operand>& ops);
  // Emits op with `srcs` into (dst, mask), component c taking result[c]:
  // for results no Transfer computes (dot products, selects, reads of vector
  // words), checked as a MOV of them and then given op and srcs.
  bool EmitAs(Opcode op, uint32_t dst, uint8_t mask, const Vals& result, const std::vector<tgsi::SrcOperand>& srcs);
  bool TryOp(Opcode op, std::vector<Role> roles, std::vector<ImmHint> hints);
  bool TryDot(Opcode op);
  bool TryUcmp();
  bool Plain();
  bool Pattern(uint32_t which);
  void Statement();
  void Block(int budget);
  bool IfStatement();
  bool LoopStatement();
  bool LoopExit(Opcode flow);
  std::optional<Operand> Condition(bool* is_float);
  void WriteOutputs();
  void Declare(tgsi::Shader* s) const;
  void DeclareTemps(tgsi::Shader* s) const;
  uint8_t RandomMask(uint8_t allowed);

  // Relative addressing, textures and KILL (generator_resources.cc).
  struct AddrRange {
    int64_t lo = 0, hi = 0;  // the values ADDR[0].x may hold, over all lanes
  };
  // Emits the instructions that load ADDR[0].x with at most max_width + 1
  // distinct values; uniform: the same value in every lane (an immediate,
  // or a CONST masked with AND), as an indirect destination requires.
  std::optional<AddrRange> LoadAddress(bool uniform, int64_t max_width);
  // An offset k with k and [range.lo + k, range.hi + k] inside [first,
  // last], or nullopt.
  std::optional<int32_t> OffsetInto(const AddrRange& range, int64_t first, int64_t last);
  tgsi::SrcOperand IndirectSrc(File file, int32_t offset) const;
  bool IndirectStatement();
  bool IndirectConstRead();
  bool ArrayInit();
  bool ArrayRead();
  bool ArrayWrite();
  bool TextureStatement();
  bool KillStatement();
  // Opcodes the lower-tgsi pass rewrites (generator_lowered.cc).
  bool LoweredStatement();
  // Reads of test-vector words that stay defined for every word
  // (generator_word_reads.cc).
  std::optional<Operand> VectorWord(uint8_t mask);
  bool EdgeCompareStatement();
  bool FloatSelectStatement();

  const GenOptions& o_;
  const Policy& p_;
  harness::Rng rng_;
  std::vector<Temp> temps_;
  std::vector<tgsi::Immediate> imms_;
  std::vector<Vals> imm_vals_;
  std::vector<tgsi::Instruction> insts_;
  uint32_t num_inputs_ = 1, num_consts_ = 0, num_outputs_ = 1;
  uint32_t loop_depth_ = 0, depth_ = 0;
  int remaining_ = 0;
  // The TEMP array (ARRAY(1)), when there is one: temps_[array_first_ ..
  // array_first_ + array_len_ - 1].
  uint32_t array_first_ = 0, array_len_ = 0;
  bool uses_addr_ = false;
  // Declared texture units (SAMP[u] and SVIEW[u]) and their targets.
  std::vector<tgsi::TextureTarget> units_;
  // A KILL or KILL_IF was emitted: implicit-derivative sampling (TEX) after
  // it is undefined (tgsi.md 5.22), so only TXL follows.
  bool killed_ = false;
  // The last plain instruction (for the repeat pattern).
  std::optional<tgsi::Instruction> last_;
};

tgsi::Instruction FlowInst(tgsi::Opcode op);

}  // namespace shaderdiff::fuzz::internal
