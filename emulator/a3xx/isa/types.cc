// Names of the small ISA value types (types.h).
#include "emulator/a3xx/isa/types.h"

#include <array>

namespace shaderdiff::a3xx {
namespace {

constexpr std::array<std::string_view, kNumTypes> kTypeNames = {"f16", "f32", "u16", "u32",
                                                                "s16", "s32", "u8",  "s8"};
constexpr std::array<std::string_view, kNumConds> kCondNames = {"lt", "le", "gt", "ge", "eq", "ne"};

}  // namespace

std::string_view TypeName(Type type) { return kTypeNames[static_cast<int>(type) & 7]; }

std::optional<Type> TypeFromName(std::string_view name) {
  for (int i = 0; i < kNumTypes; ++i) {
    if (kTypeNames[i] == name) return static_cast<Type>(i);
  }
  return std::nullopt;
}

bool IsHalfType(Type type) {
  switch (type) {
    case Type::kF16:
    case Type::kU16:
    case Type::kS16:
    case Type::kU8:
    case Type::kS8:
      return true;
    default:
      return false;
  }
}

bool IsFloatType(Type type) { return type == Type::kF16 || type == Type::kF32; }

bool IsSignedType(Type type) {
  return type == Type::kS16 || type == Type::kS32 || type == Type::kS8;
}

std::string_view RoundName(Round round) {
  switch (round) {
    case Round::kDefault: return "";
    case Round::kEven: return "(even)";
    case Round::kPosInf: return "(pos_infinity)";
    case Round::kNegInf: return "(neg_infinity)";
  }
  return "";
}

std::string_view CondName(Cond cond) {
  int i = static_cast<int>(cond);
  return i < kNumConds ? kCondNames[i] : "?";
}

std::optional<Cond> CondFromName(std::string_view name) {
  for (int i = 0; i < kNumConds; ++i) {
    if (kCondNames[i] == name) return static_cast<Cond>(i);
  }
  return std::nullopt;
}

std::string_view OperandKindName(OperandKind kind) {
  switch (kind) {
    case OperandKind::kNone: return "none";
    case OperandKind::kGpr: return "gpr";
    case OperandKind::kConst: return "const";
    case OperandKind::kImmediate: return "immediate";
    case OperandKind::kFloatLut: return "float-LUT immediate";
    case OperandKind::kRelGpr: return "relative gpr";
    case OperandKind::kRelConst: return "relative const";
  }
  return "?";
}

std::string_view InstrFlagName(InstrFlag flag) {
  switch (flag) {
    case kFlagSy: return "(sy)";
    case kFlagSs: return "(ss)";
    case kFlagJp: return "(jp)";
    case kFlagUl: return "(ul)";
    case kFlagSat: return "(sat)";
    case kFlagEi: return "(ei)";
  }
  return "(?)";
}

std::string_view TexFlagName(TexFlag flag) {
  switch (flag) {
    case kTex3d: return ".3d";
    case kTexArray: return ".a";
    case kTexShadow: return ".s";
    case kTexOffsets: return ".o";
    case kTexProjected: return ".p";
    case kTexS2en: return ".s2en";
  }
  return ".?";
}

std::string_view LatencyClassName(LatencyClass latency) {
  switch (latency) {
    case LatencyClass::kAlu: return "alu";
    case LatencyClass::kSfu: return "sfu";
    case LatencyClass::kTex: return "tex";
    case LatencyClass::kMemLocal: return "mem-local";
    case LatencyClass::kMemGlobal: return "mem-global";
    case LatencyClass::kFlow: return "flow";
    case LatencyClass::kEnd: return "end";
    case LatencyClass::kNop: return "nop";
  }
  return "?";
}

}  // namespace shaderdiff::a3xx
