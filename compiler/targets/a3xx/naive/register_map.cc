#include "compiler/targets/a3xx/naive/register_map.h"

#include <algorithm>
#include <set>

namespace shaderdiff::naive {

using tgsi::File;

namespace {

constexpr File kGprFileOrder[] = {File::kInput, File::kSystemValue, File::kOutput, File::kTemporary,
                                  File::kAddress};

struct Sizes {
  std::map<File, uint64_t> gpr;
  std::map<uint32_t, uint64_t> consts;  // buffer -> size
  uint64_t imm = 0;

  void Grow(uint64_t& size, uint64_t index) { size = std::max(size, index + 1); }

  void Register(const tgsi::Register& r) {
    if (r.index.indirect && r.index.indirect->file == File::kAddress) Grow(gpr[File::kAddress], r.index.indirect->index);
    if (r.dimension && r.dimension->indirect && r.dimension->indirect->file == File::kAddress) {
      Grow(gpr[File::kAddress], r.dimension->indirect->index);
    }
    if (RegisterMap::IsGprFile(r.file)) {
      if (!r.index.indirect) Grow(gpr[r.file], r.index.index);
    } else if (r.file == File::kConstant) {
      if (r.dimension && r.dimension->indirect) return;  // rejected by the translator
      const uint32_t buffer = r.dimension ? r.dimension->index : 0;
      uint64_t& s = consts[buffer];
      if (!r.index.indirect) Grow(s, r.index.index);
    } else if (r.file == File::kImmediate) {
      if (!r.index.indirect) Grow(imm, r.index.index);
    }
  }
};

// Bytes ldp/stp may address per fiber: SP_VS/FS_PVT_MEM_PARAM_REG's 8-bit
// MEMSIZEPERITEM counts 128-byte units (emulator/a3xx/README.md).
constexpr uint64_t kMaxPrivateBytes = 255 * 128;

// The array ids of relatively addressed TEMP arrays; *whole_file is set
// when some relative TEMP access names no array (it may reach any TEMP, so
// the file must stay contiguous in registers).
std::set<uint32_t> RelativeTempArrayIds(const tgsi::Shader& shader, bool* whole_file) {
  std::set<uint32_t> relative_ids;
  *whole_file = false;
  auto visit = [&](const tgsi::Register& r) {
    if (r.file != File::kTemporary || !r.index.indirect) return;
    if (r.index.array_id == 0) *whole_file = true;
    relative_ids.insert(r.index.array_id);
  };
  for (const tgsi::Instruction& in : shader.instructions) {
    for (const tgsi::DstOperand& d : in.dst) visit(d.reg);
    for (const tgsi::SrcOperand& src : in.src) visit(src.reg);
  }
  return relative_ids;
}

// TEMP arrays that could live in private memory: declared with an array id
// and addressed relatively, when every relative TEMP access names its array
// (an access over the whole file would need the file contiguous). Largest
// first, then by position.
std::vector<PrivateArray> PrivateCandidates(const tgsi::Shader& shader) {
  bool whole_file = false;
  const std::set<uint32_t> relative_ids = RelativeTempArrayIds(shader, &whole_file);
  std::vector<PrivateArray> out;
  if (whole_file) return out;
  for (const tgsi::Declaration& d : shader.declarations) {
    if (d.file == File::kTemporary && d.array_id != 0 && relative_ids.count(d.array_id)) {
      out.push_back(PrivateArray{d.first, d.last, 0});
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const PrivateArray& a, const PrivateArray& b) {
    return a.last - a.first > b.last - b.first;
  });
  return out;
}

// Plain TEMPs that could be spilled to private memory, in spilling order:
// every TEMP index below `temp_size` outside the relatively addressed
// arrays (only direct accesses reach it), fewest static references first
// (each destination or source naming it counts once), then the highest
// index first. None when a relative access spans the whole TEMP file.
std::vector<uint32_t> PlainTempSpillOrder(const tgsi::Shader& shader, uint64_t temp_size) {
  bool whole_file = false;
  const std::set<uint32_t> relative_ids = RelativeTempArrayIds(shader, &whole_file);
  if (whole_file) return {};
  std::vector<uint64_t> refs(temp_size, 0);
  std::vector<bool> in_relative_array(temp_size, false);
  for (const tgsi::Declaration& d : shader.declarations) {
    if (d.file != File::kTemporary || d.array_id == 0 || !relative_ids.count(d.array_id)) continue;
    for (uint64_t i = d.first; i <= d.last && i < temp_size; ++i) in_relative_array[i] = true;
  }
  auto count = [&](const tgsi::Register& r) {
    if (r.file == File::kTemporary && !r.index.indirect && r.index.index < temp_size) ++refs[r.index.index];
  };
  for (const tgsi::Instruction& in : shader.instructions) {
    for (const tgsi::DstOperand& d : in.dst) count(d.reg);
    for (const tgsi::SrcOperand& src : in.src) count(src.reg);
  }
  std::vector<uint32_t> order;
  for (uint64_t i = 0; i < temp_size; ++i) {
    if (!in_relative_array[i]) order.push_back(static_cast<uint32_t>(i));
  }
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return refs[a] != refs[b] ? refs[a] < refs[b] : a > b;
  });
  return order;
}

// Whether some relative access to a private array needs an immediate
// outside cat2's 11-bit signed range (operands.h): then the address is
// built through P.
bool NeedsPrivateScratch(const tgsi::Shader& shader, const std::vector<PrivateArray>& arrays) {
  std::map<uint32_t, const PrivateArray*> by_id;
  for (const tgsi::Declaration& d : shader.declarations) {
    if (d.file != File::kTemporary || d.array_id == 0) continue;
    for (const PrivateArray& a : arrays) {
      if (a.first == d.first) by_id[d.array_id] = &a;
    }
  }
  auto fits = [](int64_t v) { return v >= -1024 && v <= 1023; };
  bool needs = false;
  auto visit = [&](const tgsi::Register& r) {
    if (r.file != File::kTemporary || !r.index.indirect) return;
    const auto it = by_id.find(r.index.array_id);
    if (it == by_id.end()) return;
    const PrivateArray& a = *it->second;
    const int64_t off = r.index.offset;
    needs |= !fits(static_cast<int64_t>(a.first) - off) || !fits(static_cast<int64_t>(a.last) - off) ||
             !fits(off - a.first + a.byte_base / 16);
  };
  for (const tgsi::Instruction& in : shader.instructions) {
    for (const tgsi::DstOperand& d : in.dst) visit(d.reg);
    for (const tgsi::SrcOperand& src : in.src) visit(src.reg);
  }
  return needs;
}

// The CONST buffers that move to global memory (register_map.h), in the
// order they move: none when the const file holds every buffer and the
// immediates.
std::vector<uint32_t> GlobalConstBuffers(const std::map<uint32_t, uint64_t>& consts, uint64_t imm) {
  uint64_t total = imm;
  std::vector<uint32_t> order;
  for (const auto& [buffer, size] : consts) {
    total += size;
    if (size > 0) order.push_back(buffer);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t a, uint32_t b) { return consts.at(a) > consts.at(b); });
  std::vector<uint32_t> moved;
  for (uint32_t buffer : order) {
    if (total + (moved.size() + 3) / 4 <= kA3xxConstVec4) break;
    moved.push_back(buffer);
    total -= consts.at(buffer);
  }
  return moved;
}

// Whether some relative access to a CONST buffer in global memory needs an
// immediate outside cat2's 11-bit signed range for its address (operands.h:
// the clamp bounds and the index's offset): then the address is built
// through P.
bool NeedsGlobalConstScratch(const tgsi::Shader& shader, const std::map<uint32_t, uint64_t>& consts,
                             const std::vector<uint32_t>& moved) {
  auto fits = [](int64_t v) { return v >= -1024 && v <= 1023; };
  bool needs = false;
  auto visit = [&](const tgsi::Register& r) {
    if (r.file != File::kConstant || !r.index.indirect || (r.dimension && r.dimension->indirect)) return;
    const uint32_t buffer = r.dimension ? r.dimension->index : 0;
    if (std::find(moved.begin(), moved.end(), buffer) == moved.end()) return;
    const int64_t off = r.index.offset, last = static_cast<int64_t>(consts.at(buffer)) - 1;
    needs |= !fits(-off) || !fits(last - off) || !fits(off);
  };
  for (const tgsi::Instruction& in : shader.instructions) {
    for (const tgsi::SrcOperand& src : in.src) visit(src.reg);
  }
  return needs;
}

}  // namespace

bool ReadsInputsAtCentroid(const tgsi::Shader& shader) {
  return std::any_of(shader.instructions.begin(), shader.instructions.end(),
                     [](const tgsi::Instruction& in) { return in.opcode == tgsi::Opcode::INTERP_CENTROID; });
}

bool RegisterMap::IsGprFile(File file) {
  return std::find(std::begin(kGprFileOrder), std::end(kGprFileOrder), file) != std::end(kGprFileOrder);
}

std::optional<RegisterMap> RegisterMap::Build(const tgsi::Shader& shader, std::string* unsupported) {
  Sizes s;
  for (File f : kGprFileOrder) s.gpr[f] = 0;
  for (const tgsi::Declaration& d : shader.declarations) {
    if (IsGprFile(d.file)) {
      s.Grow(s.gpr[d.file], d.last);
    } else if (d.file == File::kConstant) {
      s.Grow(s.consts[d.dimension.value_or(0)], d.last);
    }
  }
  s.imm = shader.immediates.size();
  for (const tgsi::Instruction& in : shader.instructions) {
    for (const tgsi::DstOperand& d : in.dst) s.Register(d.reg);
    for (const tgsi::SrcOperand& src : in.src) s.Register(src.reg);
  }

  RegisterMap map;
  const std::vector<uint32_t> global_buffers = GlobalConstBuffers(s.consts, s.imm);
  // P, the scratch vec4 of private-memory and global addresses: one decision,
  // made here for global constants and below for private arrays.
  map.private_scratch_ = NeedsGlobalConstScratch(shader, s.consts, global_buffers);
  // INTERP_CENTROID's operands: the IN file's centroid twin, after the rest.
  const uint64_t twin = ReadsInputsAtCentroid(shader) ? s.gpr[File::kInput] : 0;
  uint64_t files = kFirstTgsiVec4 + twin;  // every vec4 but P's
  for (const auto& [f, size] : s.gpr) files += size;
  uint64_t next = files + (map.private_scratch_ ? 1 : 0);
  if (next > kA3xxGprVec4) {
    // Move relatively addressed TEMP arrays to private memory, largest
    // first, until the rest (and P) fits.
    const uint64_t needed = next;
    uint64_t privately_held = 0;
    for (const PrivateArray& a : PrivateCandidates(shader)) {
      if (next - privately_held <= kA3xxGprVec4) break;
      if (a.last >= s.gpr[File::kTemporary]) continue;  // cannot happen: declared indices grow the file
      map.private_arrays_.push_back(PrivateArray{a.first, a.last, static_cast<uint32_t>(16 * privately_held)});
      privately_held += a.last - a.first + 1;
    }
    const uint64_t array_vec4 = privately_held;
    map.private_scratch_ = map.private_scratch_ || NeedsPrivateScratch(shader, map.private_arrays_);
    uint64_t rest = files - privately_held + (map.private_scratch_ ? 1 : 0);
    // Then plain TEMPs, one vec4 each after the arrays' bytes, in
    // PlainTempSpillOrder, until the rest fits.
    uint64_t spilled = 0;
    if (rest > kA3xxGprVec4) {
      for (uint32_t index : PlainTempSpillOrder(shader, s.gpr[File::kTemporary])) {
        if (rest <= kA3xxGprVec4) break;
        map.private_arrays_.push_back(PrivateArray{index, index, static_cast<uint32_t>(16 * privately_held)});
        ++privately_held;
        ++spilled;
        --rest;
      }
    }
    if (map.private_arrays_.empty() || rest > kA3xxGprVec4) {
      std::string after;
      if (!map.private_arrays_.empty()) {
        after = " (" + std::to_string(rest) + " with its " + std::to_string(array_vec4) +
                " vec4 of relatively addressed TEMP arrays and " + std::to_string(spilled) +
                " spilled plain TEMPs in private memory)";
      }
      *unsupported = "register file: " + std::to_string(needed) + " vec4 registers needed" + after + ", a3xx has " +
                     std::to_string(kA3xxGprVec4) +
                     " (IN, OUT, SV, ADDR and TEMPs a relative access may reach as a whole file stay in registers)";
      return std::nullopt;
    }
    if (16 * privately_held > kMaxPrivateBytes) {
      *unsupported = "private memory: the relatively addressed TEMP arrays need " + std::to_string(16 * array_vec4) +
                     " bytes per fiber" +
                     (spilled ? " (" + std::to_string(16 * privately_held) + " with " + std::to_string(spilled) +
                                    " spilled plain TEMPs)"
                              : std::string()) +
                     ", a3xx's SP_VS/FS_PVT_MEM_PARAM_REG.MEMSIZEPERITEM (8 bits of 128-byte units) "
                     "gives at most " + std::to_string(kMaxPrivateBytes) +
                     "; the register file (48 vec4) cannot hold them either";
      return std::nullopt;
    }
    map.private_bytes_ = static_cast<uint32_t>(16 * privately_held);
    std::sort(map.private_arrays_.begin(), map.private_arrays_.end(),
              [](const PrivateArray& a, const PrivateArray& b) { return a.first < b.first; });
    map.temp_slot_.assign(s.gpr[File::kTemporary], 0);
    int32_t slot = 0;
    for (size_t i = 0; i < map.temp_slot_.size(); ++i) {
      map.temp_slot_[i] = map.PrivateArrayOf(File::kTemporary, static_cast<int64_t>(i)) ? -1 : slot++;
    }
    s.gpr[File::kTemporary] = static_cast<uint64_t>(slot);
  }
  next = kFirstTgsiVec4 + (map.private_scratch_ ? 1 : 0);
  for (File f : kGprFileOrder) {
    const uint64_t size = s.gpr[f];
    map.gpr_files_[f] = FileLayout{static_cast<uint32_t>(std::min<uint64_t>(next, UINT32_MAX)),
                                   static_cast<uint32_t>(std::min<uint64_t>(size, UINT32_MAX))};
    next += size;
  }
  if (twin != 0) {
    map.centroid_input_shift_ = static_cast<int32_t>(4 * (next - map.gpr_files_[File::kInput].base));
    next += twin;
  }
  map.total_gpr_ = static_cast<uint32_t>(next);

  // Buffer 0 first, so CONST[i] is c<i>; the others in buffer order.
  uint64_t cnext = 0;
  if (!s.consts.count(0)) s.consts[0] = 0;
  uint64_t all_consts = 0;
  for (const auto& [buffer, size] : s.consts) {
    all_consts += size;
    if (std::find(global_buffers.begin(), global_buffers.end(), buffer) != global_buffers.end()) continue;
    map.const_buffers_[buffer] = FileLayout{static_cast<uint32_t>(std::min<uint64_t>(cnext, UINT32_MAX)),
                                            static_cast<uint32_t>(std::min<uint64_t>(size, UINT32_MAX))};
    cnext += size;
  }
  const uint64_t address_vec4 = (global_buffers.size() + 3) / 4;
  const uint64_t total_const = cnext + s.imm + address_vec4;
  if (total_const > kA3xxConstVec4) {
    *unsupported = "const file: " + std::to_string(all_consts + s.imm) + " vec4 constants needed" +
                   (global_buffers.empty() ? std::string()
                                           : " (" + std::to_string(total_const) +
                                                 " with every CONST buffer in global memory)") +
                   ", a3xx has " + std::to_string(kA3xxConstVec4);
    return std::nullopt;
  }
  map.imm_base_ = static_cast<uint32_t>(cnext);
  map.imm_count_ = static_cast<uint32_t>(s.imm);
  uint64_t address = kGlobalConstAddress;
  for (size_t k = 0; k < global_buffers.size(); ++k) {
    const uint64_t size = s.consts.at(global_buffers[k]);
    if (address + 16 * size > (uint64_t{1} << 32)) {
      *unsupported = "global memory: CONST buffers of " + std::to_string(size) + " vec4 beyond 32-bit addresses";
      return std::nullopt;
    }
    map.global_consts_.push_back(a3xx::GlobalConstRange{
        global_buffers[k], 0, static_cast<uint32_t>(size), static_cast<uint32_t>(address),
        static_cast<uint16_t>(4 * (map.imm_base_ + map.imm_count_) + k)});
    address = NextGlobalConstAddress(address, size);
  }
  return map;
}

const FileLayout& RegisterMap::Gprs(File file) const { return gpr_files_.at(file); }

int32_t RegisterMap::GprScalar(File file, int64_t index, int comp) const {
  if (file == File::kTemporary && !temp_slot_.empty() && index >= 0 &&
      index < static_cast<int64_t>(temp_slot_.size())) {
    index = temp_slot_[static_cast<size_t>(index)];
  }
  return static_cast<int32_t>(4 * (static_cast<int64_t>(Gprs(file).base) + index) + comp);
}

const PrivateArray* RegisterMap::PrivateArrayOf(File file, int64_t index) const {
  if (file != File::kTemporary) return nullptr;
  for (const PrivateArray& a : private_arrays_) {
    if (index >= a.first && index <= a.last) return &a;
  }
  return nullptr;
}

std::optional<uint32_t> RegisterMap::ConstBase(uint32_t buffer) const {
  auto it = const_buffers_.find(buffer);
  if (it == const_buffers_.end()) return std::nullopt;
  return it->second.base;
}

uint32_t RegisterMap::ConstSize(uint32_t buffer) const {
  if (const a3xx::GlobalConstRange* g = GlobalConstOf(buffer)) return g->count;
  auto it = const_buffers_.find(buffer);
  return it == const_buffers_.end() ? 0 : it->second.size;
}

const a3xx::GlobalConstRange* RegisterMap::GlobalConstOf(uint32_t buffer) const {
  for (const a3xx::GlobalConstRange& g : global_consts_) {
    if (g.buffer == buffer) return &g;
  }
  return nullptr;
}

}  // namespace shaderdiff::naive
