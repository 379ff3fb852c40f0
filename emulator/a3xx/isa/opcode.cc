// The OpcodeInfo table, built from opcodes.def, and lookups on it.
#include "emulator/a3xx/isa/opcode.h"

#include <array>

#include "emulator/a3xx/isa/layout.h"

namespace shaderdiff::a3xx {
namespace {

// Operand-kind letters and shorthands of opcodes.def's S0..S2/DST columns.
constexpr KindMask X = 0;
constexpr KindMask G = KindBit(OperandKind::kGpr);
constexpr KindMask C = KindBit(OperandKind::kConst);
constexpr KindMask I = KindBit(OperandKind::kImmediate);
constexpr KindMask L = KindBit(OperandKind::kFloatLut);
constexpr KindMask R = KindBit(OperandKind::kRelGpr);
constexpr KindMask K = KindBit(OperandKind::kRelConst);
constexpr KindMask ANY = G | C | I | R | K;
constexpr KindMask FLT = G | C | L | R | K;
constexpr KindMask INT = G | C | I | R | K;
constexpr KindMask GCRK = G | C | R | K;
constexpr KindMask GR = G | R;
constexpr KindMask GI = G | I;

// FLAGS column letters and shorthands.
constexpr uint32_t SY = kOpSy, SS = kOpSs, JP = kOpJp, UL = kOpUl, SAT = kOpSat, EI = kOpEi;
constexpr uint32_t RPT = kOpRpt, NOP = kOpNop, SR = kOpSrcR, NEG = kOpNeg, ABS = kOpAbs;
constexpr uint32_t COND = kOpCond, PRED = kOpPred, BRANCH = kOpBranch, SAMP = kOpSamp,
                   TEXI = kOpTexIdx;
constexpr uint32_t CF = SY | SS | JP;
constexpr uint32_t MOVF = SY | SS | JP | UL | RPT | SR;
constexpr uint32_t ALU = SY | SS | JP | UL | SAT | RPT | SR;
constexpr uint32_t TEXF = SY | JP;
constexpr uint32_t MEMF = SY | JP;

struct ExtraPattern {
  uint64_t mask = 0;
  uint64_t value = 0;
};

constexpr std::array<ExtraPattern, kNumOpcodes> MakeExtraPatterns() {
  std::array<ExtraPattern, kNumOpcodes> patterns{};
#define A3XX_OP(NAME, MNEM, CAT, OPC, FMT, SYN, DST, NSRC, S0, S1, S2, FLAGS, PREC, LAT)
#define A3XX_OP_PATTERN(NAME, MASK, VALUE) \
  patterns[static_cast<int>(Opcode::NAME)] = ExtraPattern{MASK, VALUE};
#include "emulator/a3xx/isa/opcodes.def"
#undef A3XX_OP_PATTERN
#undef A3XX_OP
  return patterns;
}
constexpr std::array<ExtraPattern, kNumOpcodes> kExtraPatterns = MakeExtraPatterns();

constexpr std::array<OpcodeInfo, kNumOpcodes> kOpcodeInfo = {{
#define A3XX_OP(NAME, MNEM, CAT, OPC, FMT, SYN, DST, NSRC, S0, S1, S2, FLAGS, PREC, LAT)        \
  {Opcode::NAME,                                                                            \
   MNEM,                                                                                    \
   static_cast<Category>(CAT),                                                              \
   OPC,                                                                                     \
   Format::k##FMT,                                                                          \
   Syntax::k##SYN,                                                                          \
   static_cast<KindMask>(DST),                                                              \
   NSRC,                                                                                    \
   {static_cast<KindMask>(S0), static_cast<KindMask>(S1), static_cast<KindMask>(S2)},      \
   static_cast<uint32_t>(FLAGS),                                                            \
   Precision::k##PREC,                                                                      \
   LatencyClass::k##LAT,                                                                    \
   kExtraPatterns[static_cast<int>(Opcode::NAME)].mask,                                     \
   kExtraPatterns[static_cast<int>(Opcode::NAME)].value},
#include "emulator/a3xx/isa/opcodes.def"
#undef A3XX_OP
}};

}  // namespace

namespace internal {
// The table GetOpcodeInfo (inline, opcode.h) indexes; constant-initialized.
constinit const std::array<OpcodeInfo, kNumOpcodes> kOpcodeInfoTable = kOpcodeInfo;
}  // namespace internal

std::string_view OpcodeName(Opcode op) { return GetOpcodeInfo(op).mnemonic; }

std::optional<Opcode> FindOpcode(std::string_view mnemonic) {
  for (const OpcodeInfo& info : kOpcodeInfo) {
    if (info.mnemonic == mnemonic) return info.opcode;
  }
  return std::nullopt;
}

std::optional<Opcode> FindOpcodeByEncoding(Category category, uint8_t opc) {
  for (const OpcodeInfo& info : kOpcodeInfo) {
    if (info.category == category && info.opc == opc) return info.opcode;
  }
  return std::nullopt;
}

int MaxConstSources(const OpcodeInfo& info) { return GetFormatInfo(info.format).max_const_srcs; }

uint8_t AcceptedTexFlags(const OpcodeInfo& info) {
  if (info.category != Category::kCat5) return 0;
  uint8_t flags = 0;
  if (info.num_srcs >= 1) flags |= kTex3d | kTexArray | kTexShadow | kTexOffsets | kTexProjected;
  if (info.has(kOpSamp) || info.has(kOpTexIdx)) flags |= kTexS2en;
  return flags;
}

}  // namespace shaderdiff::a3xx
