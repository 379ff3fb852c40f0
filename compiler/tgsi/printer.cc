// Canonical TGSI printer (see printer.h). All number formatting goes through
// std::to_chars, which is locale-independent and rounds like printf in the
// "C" locale.
#include "compiler/tgsi/printer.h"

#include <bit>
#include <charconv>
#include <cstdint>
#include <string_view>

#include "compiler/tgsi/names.h"
#include "compiler/tgsi/opcode.h"

namespace shaderdiff::tgsi {
namespace {

class Out {
 public:
  std::string& str() { return s_; }

  Out& operator<<(std::string_view text) {
    s_.append(text);
    return *this;
  }
  Out& operator<<(char c) {
    s_.push_back(c);
    return *this;
  }

  void Uint(uint64_t v, int width = 0) { Number(v, width); }
  void Int(int64_t v) { Number(v, 0); }

  // printf "%W.Pf" of a double.
  void Fixed(double v, int width, int precision) {
    char buf[512];
    auto r = std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::fixed, precision);
    size_t n = r.ec == std::errc() ? static_cast<size_t>(r.ptr - buf) : 0;
    Pad(width, n);
    s_.append(buf, n);
  }

  // printf "0x%08x".
  void Hex8(uint32_t v) {
    static constexpr char kDigits[] = "0123456789abcdef";
    s_.append("0x");
    for (int shift = 28; shift >= 0; shift -= 4) s_.push_back(kDigits[(v >> shift) & 0xF]);
  }

  // The name of an enum value, or its number when outside the table.
  template <size_t N, typename E>
  void Enum(const std::array<std::string_view, N>& table, E value) {
    size_t i = static_cast<size_t>(value);
    if (i < N) {
      s_.append(table[i]);
    } else {
      Uint(i);
    }
  }

 private:
  template <typename T>
  void Number(T v, int width) {
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof(buf), v);
    size_t n = static_cast<size_t>(r.ptr - buf);
    Pad(width, n);
    s_.append(buf, n);
  }
  void Pad(int width, size_t n) {
    if (width > 0 && n < static_cast<size_t>(width)) s_.append(static_cast<size_t>(width) - n, ' ');
  }

  std::string s_;
};

constexpr std::array<std::string_view, 4> kComponentNames = {"x", "y", "z", "w"};

void PrintMask(Out& out, uint8_t mask) {
  if (mask == 0xF) return;
  out << '.';
  for (int i = 0; i < 4; ++i) {
    if (mask & (1u << i)) out << "xyzw"[i];
  }
}

void PrintBracket(Out& out, const Bracket& b) {
  out << '[';
  if (b.indirect) {
    out.Enum(kFileNames, b.indirect->file);
    out << '[';
    out.Uint(b.indirect->index);
    out << "].";
    out.Enum(kComponentNames, b.indirect->component);
    if (b.offset != 0) {
      if (b.offset > 0) out << '+';
      out.Int(b.offset);
    }
    out << ']';
    if (b.array_id != 0) {
      out << '(';
      out.Uint(b.array_id);
      out << ')';
    }
  } else {
    out.Uint(b.index);
    out << ']';
  }
}

void PrintRegister(Out& out, const Register& reg) {
  out.Enum(kFileNames, reg.file);
  if (reg.dimension) PrintBracket(out, *reg.dimension);
  PrintBracket(out, reg.index);
}

bool IsIdentity(const std::array<uint8_t, 4>& swizzle) {
  return swizzle[0] == 0 && swizzle[1] == 1 && swizzle[2] == 2 && swizzle[3] == 3;
}

void PrintInstructionBody(Out& out, const Instruction& inst) {
  const size_t op = static_cast<size_t>(inst.opcode);
  if (op >= static_cast<size_t>(kOpcodeCount)) {
    out.Uint(op);
    return;
  }
  const OpcodeInfo& info = GetOpcodeInfo(inst.opcode);
  out << info.name;
  if (inst.saturate) out << "_SAT";
  if (inst.precise) out << "_PRECISE";

  bool first = true;
  auto separator = [&] {
    if (!first) out << ',';
    out << ' ';
    first = false;
  };
  for (const DstOperand& dst : inst.dst) {
    separator();
    PrintRegister(out, dst.reg);
    PrintMask(out, dst.write_mask);
  }
  for (const SrcOperand& src : inst.src) {
    separator();
    if (src.negate) out << '-';
    if (src.absolute) out << '|';
    PrintRegister(out, src.reg);
    if (!IsIdentity(src.swizzle)) {
      out << '.';
      for (uint8_t s : src.swizzle) out.Enum(kComponentNames, s);
    }
    if (src.absolute) out << '|';
  }

  if (info.has(kTex) && inst.texture_target) {
    out << ", ";
    out.Enum(kTextureTargetNames, *inst.texture_target);
  }
  if (info.has(kTex) || info.has(kTexOffsets)) {
    for (const TexOffset& offset : inst.tex_offsets) {
      out << ", ";
      out.Enum(kFileNames, offset.file);
      out << '[';
      out.Uint(offset.index);
      out << "].";
      for (uint8_t s : offset.swizzle) out.Enum(kComponentNames, s);
    }
  }
  if (info.has(kMem)) {
    for (unsigned bit = 0; bit < 8; ++bit) {
      if (inst.memory_qualifiers & (1u << bit)) {
        out << ", ";
        out.Enum(kMemoryQualifierNames, bit);
      }
    }
    if (inst.memory_target && *inst.memory_target != TextureTarget::kBuffer) {
      out << ", ";
      out.Enum(kTextureTargetNames, *inst.memory_target);
    }
    if (!inst.memory_format.empty()) out << ", " << inst.memory_format;
  }
  if (inst.label && (info.has(kLabel) || inst.opcode == Opcode::BGNSUB)) {
    out << " :";
    out.Uint(*inst.label);
  }
}

void PrintDeclarationBody(Out& out, const Declaration& decl, Processor processor) {
  out << "DCL ";
  out.Enum(kFileNames, decl.file);
  if (decl.vertex_bracket) out << "[]";
  if (decl.dimension) {
    out << '[';
    out.Uint(*decl.dimension);
    out << ']';
  }
  out << '[';
  out.Uint(decl.first);
  if (decl.first != decl.last) {
    out << "..";
    out.Uint(decl.last);
  }
  out << ']';
  PrintMask(out, decl.usage_mask);
  if (decl.array_id != 0) {
    out << ", ARRAY(";
    out.Uint(decl.array_id);
    out << ')';
  }
  if (decl.local) out << ", LOCAL";
  if (decl.semantic) {
    out << ", ";
    out.Enum(kSemanticNames, decl.semantic->name);
    if (decl.semantic->index != 0 || decl.semantic->name == Semantic::kGeneric ||
        decl.semantic->name == Semantic::kTexCoord) {
      out << '[';
      out.Uint(decl.semantic->index);
      out << ']';
    }
    const auto& st = decl.stream;
    if (st[0] != 0 || st[1] != 0 || st[2] != 0 || st[3] != 0) {
      out << ", STREAM(";
      for (int i = 0; i < 4; ++i) {
        if (i > 0) out << ", ";
        out.Uint(st[i]);
      }
      out << ')';
    }
  }
  if (decl.file == File::kImage) {
    out << ", ";
    out.Enum(kTextureTargetNames, decl.image_target);
    out << ", " << (decl.image_format.empty() ? std::string_view("PIPE_FORMAT_NONE") : decl.image_format);
    if (decl.image_writable) out << ", WR";
    if (decl.image_raw) out << ", RAW";
  }
  if (decl.file == File::kBuffer && decl.buffer_atomic) out << ", ATOMIC";
  if (decl.file == File::kMemory) {
    out << ", ";
    out.Enum(kMemoryTypeNames, decl.memory_type);
  }
  if (decl.file == File::kSamplerView) {
    out << ", ";
    out.Enum(kTextureTargetNames, decl.sview_target);
    out << ", ";
    const auto& rt = decl.return_type;
    out.Enum(kReturnTypeNames, rt[0]);
    if (!(rt[0] == rt[1] && rt[0] == rt[2] && rt[0] == rt[3])) {
      for (int i = 1; i < 4; ++i) {
        out << ", ";
        out.Enum(kReturnTypeNames, rt[i]);
      }
    }
  }
  if (decl.interpolation) {
    if (processor == Processor::kFragment && decl.file == File::kInput) {
      out << ", ";
      out.Enum(kInterpolationNames, *decl.interpolation);
    }
    if (decl.interp_location != InterpLocation::kCenter) {
      out << ", ";
      out.Enum(kInterpLocationNames, decl.interp_location);
    }
  }
  if (decl.invariant) out << ", INVARIANT";
}

void PrintProperty(Out& out, const PropertyDecl& prop) {
  out << "PROPERTY ";
  out.Enum(kPropertyNames, prop.name);
  out << ' ';
  switch (prop.name) {
    case Property::kGsInputPrimitive:
    case Property::kGsOutputPrimitive: out.Enum(kPrimitiveNames, prop.value); break;
    case Property::kFsCoordOrigin: out.Enum(kFsCoordOriginNames, prop.value); break;
    case Property::kFsCoordPixelCenter: out.Enum(kFsCoordPixelCenterNames, prop.value); break;
    case Property::kNextShader: out.Enum(kProcessorNames, prop.value); break;
    default: out.Uint(prop.value); break;
  }
  out << '\n';
}

void PrintImmediate(Out& out, const Immediate& imm, uint32_t number) {
  out << "IMM[";
  out.Uint(number);
  out << "] ";
  out.Enum(kImmediateTypeNames, imm.type);
  out << " {";
  const auto& w = imm.words;
  auto pair = [&](int i) { return uint64_t{w[2 * i]} | (uint64_t{w[2 * i + 1]} << 32); };
  switch (imm.type) {
    case ImmediateType::kFloat64:
    case ImmediateType::kInt64:
    case ImmediateType::kUint64:
      for (int i = 0; i < 2; ++i) {
        if (i > 0) out << ", ";
        if (imm.type == ImmediateType::kFloat64) {
          out.Fixed(std::bit_cast<double>(pair(i)), 10, 8);
        } else if (imm.type == ImmediateType::kInt64) {
          out.Int(static_cast<int64_t>(pair(i)));
        } else {
          out.Uint(pair(i));
        }
      }
      break;
    default:
      for (int i = 0; i < 4; ++i) {
        if (i > 0) out << ", ";
        if (imm.type == ImmediateType::kFloat32) {
          if (imm.float_as_hex) {
            out.Hex8(w[i]);
          } else {
            out.Fixed(static_cast<double>(std::bit_cast<float>(w[i])), 10, 4);
          }
        } else if (imm.type == ImmediateType::kInt32) {
          out.Int(static_cast<int32_t>(w[i]));
        } else {
          out.Uint(w[i]);
        }
      }
      break;
  }
  out << "}\n";
}

class ShaderPrinter {
 public:
  explicit ShaderPrinter(const Shader& shader) : shader_(shader) {}

  std::string Run() {
    out_.Enum(kProcessorNames, shader_.processor);
    out_ << '\n';
    if (!shader_.items.empty()) {
      for (const Item& item : shader_.items) PrintItem(item.kind, item.index);
    } else {
      for (size_t i = 0; i < shader_.properties.size(); ++i) PrintItem(ItemKind::kProperty, i);
      for (size_t i = 0; i < shader_.declarations.size(); ++i) PrintItem(ItemKind::kDeclaration, i);
      for (size_t i = 0; i < shader_.immediates.size(); ++i) PrintItem(ItemKind::kImmediate, i);
      for (size_t i = 0; i < shader_.instructions.size(); ++i) PrintItem(ItemKind::kInstruction, i);
    }
    return std::move(out_.str());
  }

 private:
  void PrintItem(ItemKind kind, size_t index) {
    switch (kind) {
      case ItemKind::kProperty:
        if (index < shader_.properties.size()) PrintProperty(out_, shader_.properties[index]);
        break;
      case ItemKind::kDeclaration:
        if (index < shader_.declarations.size()) {
          PrintDeclarationBody(out_, shader_.declarations[index], shader_.processor);
          out_ << '\n';
        }
        break;
      case ItemKind::kImmediate:
        if (index < shader_.immediates.size()) PrintImmediate(out_, shader_.immediates[index], immediate_number_++);
        break;
      case ItemKind::kInstruction:
        if (index < shader_.instructions.size()) PrintNumberedInstruction(shader_.instructions[index]);
        break;
    }
  }

  void PrintNumberedInstruction(const Instruction& inst) {
    out_.Uint(instruction_number_++, 3);
    out_ << ": ";
    const Opcode op = inst.opcode;
    if (op == Opcode::ELSE || op == Opcode::ENDIF || op == Opcode::ENDLOOP || op == Opcode::ENDSUB) --indent_;
    for (int64_t i = 0; i < indent_; ++i) out_ << "  ";
    if (op == Opcode::IF || op == Opcode::UIF || op == Opcode::ELSE || op == Opcode::BGNLOOP ||
        op == Opcode::BGNSUB) {
      ++indent_;
    }
    PrintInstructionBody(out_, inst);
    out_ << '\n';
  }

  const Shader& shader_;
  Out out_;
  uint32_t instruction_number_ = 0;
  uint32_t immediate_number_ = 0;
  int64_t indent_ = 0;
};

}  // namespace

std::string PrintShader(const Shader& shader) { return ShaderPrinter(shader).Run(); }

std::string PrintInstruction(const Instruction& inst) {
  Out out;
  PrintInstructionBody(out, inst);
  return std::move(out.str());
}

std::string PrintDeclaration(const Declaration& decl, Processor processor) {
  Out out;
  PrintDeclarationBody(out, decl, processor);
  return std::move(out.str());
}

}  // namespace shaderdiff::tgsi
