// CheckShader: Mesa's tgsi_sanity rules (docs/tgsi.md 1.2) as warnings, plus
// structural checks for hand-built trees (see parser.h).
//
// Declared registers are kept as index intervals per (file, dimension), so
// huge declaration ranges cost nothing; lookups scan the intervals of one key.
#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "compiler/tgsi/names.h"
#include "compiler/tgsi/opcode.h"
#include "compiler/tgsi/parser.h"

namespace shaderdiff::tgsi {
namespace {

// Dimension key for 1-D declarations and for per-vertex (vertex bracket)
// declarations, which declare the index for every vertex.
constexpr int64_t kNoDimension = -1;

struct Interval {
  uint32_t first;
  uint32_t last;
};

class Checker {
 public:
  explicit Checker(const Shader& shader) : shader_(shader) {}

  std::vector<ParseError> Run() {
    CheckItemIndices();
    bool seen_instruction = false;
    size_t end_count = 0;
    SourceLocation last_location{1, 1};
    for (const Item& item : shader_.items) {
      switch (item.kind) {
        case ItemKind::kProperty:
          if (item.index < shader_.properties.size()) last_location = shader_.properties[item.index].location;
          break;
        case ItemKind::kDeclaration: {
          if (item.index >= shader_.declarations.size()) break;
          const Declaration& decl = shader_.declarations[item.index];
          last_location = decl.location;
          if (seen_instruction) Warn(decl.location, "declaration after the first instruction");
          Declare(decl);
          break;
        }
        case ItemKind::kImmediate: {
          if (item.index >= shader_.immediates.size()) break;
          const Immediate& imm = shader_.immediates[item.index];
          last_location = imm.location;
          if (seen_instruction) Warn(imm.location, "immediate after the first instruction");
          if (imm.type != ImmediateType::kFloat32 && imm.type != ImmediateType::kUint32 &&
              imm.type != ImmediateType::kInt32) {
            Warn(imm.location, "immediate type " + std::string(SafeName(kImmediateTypeNames, imm.type)) +
                                   " is not allowed (only FLT32, UINT32 and INT32)");
          }
          ++immediates_seen_;
          break;
        }
        case ItemKind::kInstruction: {
          if (item.index >= shader_.instructions.size()) break;
          const Instruction& inst = shader_.instructions[item.index];
          last_location = inst.location;
          seen_instruction = true;
          if (inst.opcode == Opcode::END && ++end_count == 2) {
            Warn(inst.location, "more than one END instruction");
          }
          CheckInstruction(inst);
          break;
        }
      }
    }
    if (end_count == 0) Warn(last_location, "missing END instruction");
    return std::move(warnings_);
  }

 private:
  template <size_t N, typename E>
  static std::string SafeName(const std::array<std::string_view, N>& table, E value) {
    size_t i = static_cast<size_t>(value);
    return i < N ? std::string(table[i]) : std::to_string(i);
  }

  void Warn(SourceLocation location, std::string message) {
    warnings_.push_back(ParseError{location, std::move(message)});
  }

  void CheckItemIndices() {
    for (const Item& item : shader_.items) {
      size_t size = 0;
      switch (item.kind) {
        case ItemKind::kProperty: size = shader_.properties.size(); break;
        case ItemKind::kDeclaration: size = shader_.declarations.size(); break;
        case ItemKind::kImmediate: size = shader_.immediates.size(); break;
        case ItemKind::kInstruction: size = shader_.instructions.size(); break;
        default: Warn({}, "item of unknown kind"); continue;
      }
      if (item.index >= size) Warn({}, "item index " + std::to_string(item.index) + " out of range");
    }
  }

  std::string RegisterName(File file, std::optional<uint32_t> dim, uint32_t index) const {
    std::string s = SafeName(kFileNames, file);
    if (dim) s += "[" + std::to_string(*dim) + "]";
    return s + "[" + std::to_string(index) + "]";
  }

  void Declare(const Declaration& decl) {
    const int64_t dim = decl.dimension && !decl.vertex_bracket ? int64_t{*decl.dimension} : kNoDimension;
    auto& intervals = declared_[{static_cast<int>(decl.file), dim}];
    for (const Interval& iv : intervals) {
      if (iv.first <= decl.last && decl.first <= iv.last) {
        uint32_t overlap = std::max(iv.first, decl.first);
        Warn(decl.location,
             "register " + RegisterName(decl.file, decl.dimension, overlap) + " is declared more than once");
        break;
      }
    }
    intervals.push_back(Interval{decl.first, decl.last});
    if (decl.first > decl.last) Warn(decl.location, "declaration range is reversed");
    any_declared_[static_cast<int>(decl.file)] = true;
  }

  bool IsDeclared(File file, std::optional<uint32_t> dim, uint32_t index) const {
    auto contains = [&](int64_t d) {
      auto it = declared_.find({static_cast<int>(file), d});
      if (it == declared_.end()) return false;
      for (const Interval& iv : it->second) {
        if (iv.first <= index && index <= iv.last) return true;
      }
      return false;
    };
    if (dim && contains(int64_t{*dim})) return true;
    // 1-D declarations; they also cover every vertex of per-vertex inputs.
    return contains(kNoDimension) && (!dim || PerVertexFile(file));
  }

  bool PerVertexFile(File file) const {
    Processor p = shader_.processor;
    if (file == File::kInput) {
      return p == Processor::kGeometry || p == Processor::kTessCtrl || p == Processor::kTessEval;
    }
    return file == File::kOutput && p == Processor::kTessCtrl;
  }

  static int64_t BaseIndex(const Bracket& b) { return b.indirect ? int64_t{b.offset} : int64_t{b.index}; }

  void CheckAddress(const IndirectAddress& address, SourceLocation where) {
    if (address.component > 3) Warn(where, "address component out of range");
    if (!IsDeclared(address.file, std::nullopt, address.index)) {
      Warn(where, "address register " + RegisterName(address.file, std::nullopt, address.index) +
                      " is not declared");
    }
  }

  void CheckRegister(const Register& reg, bool is_src, SourceLocation where) {
    if (reg.file == File::kNull) {
      Warn(where, "the NULL register file cannot be used as an operand");
      return;
    }
    if (static_cast<size_t>(reg.file) >= kFileNames.size()) {
      Warn(where, "invalid register file");
      return;
    }
    if (reg.index.indirect) CheckAddress(*reg.index.indirect, where);
    if (reg.dimension && reg.dimension->indirect) CheckAddress(*reg.dimension->indirect, where);
    // Like Mesa's tokens, an indirect bracket's base index is its offset.
    const int64_t index = BaseIndex(reg.index);
    if (reg.file == File::kImmediate && !reg.dimension) {
      if (reg.index.indirect && is_src) {
        if (immediates_seen_ == 0) Warn(where, "indirectly addressed IMM but no immediate is declared");
      } else if (index < 0 || index >= immediates_seen_) {
        Warn(where, "IMM[" + std::to_string(index) + "] is not declared");
      }
      return;
    }
    if (is_src && reg.index.indirect) {
      if (!any_declared_[static_cast<int>(reg.file)]) {
        Warn(where, "indirectly addressed " + SafeName(kFileNames, reg.file) + " but no register of it is declared");
      }
      return;
    }
    std::optional<uint32_t> dim;
    bool negative = index < 0;
    if (reg.dimension) {
      int64_t d = BaseIndex(*reg.dimension);
      negative = negative || d < 0;
      dim = static_cast<uint32_t>(d);
    }
    if (negative || !IsDeclared(reg.file, dim, static_cast<uint32_t>(index))) {
      std::string name = SafeName(kFileNames, reg.file);
      if (reg.dimension) name += "[" + std::to_string(BaseIndex(*reg.dimension)) + "]";
      Warn(where, "register " + name + "[" + std::to_string(index) + "] is not declared");
    }
  }

  void CheckInstruction(const Instruction& inst) {
    const size_t op = static_cast<size_t>(inst.opcode);
    if (op >= static_cast<size_t>(kOpcodeCount)) {
      Warn(inst.location, "invalid opcode");
      return;
    }
    const OpcodeInfo& info = GetOpcodeInfo(inst.opcode);
    const std::string name(info.name);
    if (inst.dst.size() != info.num_dst || inst.src.size() != info.num_src) {
      Warn(inst.location, name + " needs " + std::to_string(info.num_dst) + " destination(s) and " +
                              std::to_string(info.num_src) + " source(s)");
    }
    if (info.has(kTex) != inst.texture_target.has_value()) {
      Warn(inst.location, info.has(kTex) ? name + " needs a texture target" : name + " takes no texture target");
    }
    if (inst.tex_offsets.size() > 4 || (!inst.tex_offsets.empty() && !info.has(kTexOffsets))) {
      Warn(inst.location, "invalid texture offsets for " + name);
    }
    for (const DstOperand& dst : inst.dst) {
      CheckRegister(dst.reg, /*is_src=*/false, inst.location);
      if ((dst.write_mask & 0xF) == 0) Warn(inst.location, "empty write mask");
      if (dst.write_mask > 0xF) Warn(inst.location, "write mask has bits above w");
    }
    for (const SrcOperand& src : inst.src) {
      CheckRegister(src.reg, /*is_src=*/true, inst.location);
      for (uint8_t s : src.swizzle) {
        if (s > 3) Warn(inst.location, "swizzle component out of range");
      }
    }
    for (const TexOffset& offset : inst.tex_offsets) {
      for (uint8_t s : offset.swizzle) {
        if (s > 3) Warn(inst.location, "texture offset swizzle component out of range");
      }
    }
  }

  const Shader& shader_;
  std::vector<ParseError> warnings_;
  std::map<std::pair<int, int64_t>, std::vector<Interval>> declared_;
  bool any_declared_[256] = {};  // indexed by File
  uint32_t immediates_seen_ = 0;
};

}  // namespace

std::vector<ParseError> CheckShader(const Shader& shader) { return Checker(shader).Run(); }

}  // namespace shaderdiff::tgsi
