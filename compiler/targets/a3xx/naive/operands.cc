#include "compiler/targets/a3xx/naive/operands.h"

#include "compiler/targets/a3xx/naive/indirect_resource_index.h"

#include "compiler/tgsi/opcode.h"

namespace shaderdiff::naive {

using a3xx::Opcode;
using a3xx::Type;
using tgsi::File;

Operand KReg(int comp) { return Gpr(Scalar(kKVec4, comp)); }
Operand RReg(int c) { return Gpr(Scalar(kResultVec4, c)); }
Operand SReg(int k, int c) { return Gpr(Scalar(kSrcVec4 + k, c)); }
Operand TReg(int i) { return Gpr(static_cast<uint16_t>(4 * kTmpVec4 + i)); }
Operand PReg(int c) { return Gpr(Scalar(kPvtScratchVec4, c)); }

namespace {

// Whether '-' and '|x|' on source k act float-style (sign bit) or as
// integer negate/abs: the opcode's source type (docs/tgsi.md 3.3).
bool FloatModifiers(tgsi::Opcode op, int k) {
  if (op == tgsi::Opcode::UCMP) return k != 0;
  switch (tgsi::GetOpcodeInfo(op).src_type) {
    case tgsi::DataType::I:
    case tgsi::DataType::U:
      return false;
    default:
      return true;
  }
}

// True if `reg`, read as a source, may read TGSI register (file, index).
bool MayRead(const tgsi::Register& reg, File file, uint32_t index) {
  if (reg.file == file && (reg.index.indirect || reg.index.index == index)) return true;
  // Indirect brackets read ADDR.
  if (file == File::kAddress) {
    if (reg.index.indirect && reg.index.indirect->file == File::kAddress) return true;
    if (reg.dimension && reg.dimension->indirect && reg.dimension->indirect->file == File::kAddress) return true;
  }
  return false;
}

constexpr int32_t kCat2ImmMin = -1024, kCat2ImmMax = 1023;
constexpr int32_t kRelSrcMin = -512, kRelSrcMax = 511;  // signed 10-bit relative offset
constexpr int32_t kRelDstMax = 255;                     // cat1 relative destination: unsigned 8 bits

}  // namespace

Inst::Inst(Ctx& c, const tgsi::Instruction& i) : ctx(c), in(i) {
  if (in.dst.empty()) return;
  const tgsi::DstOperand& d = in.dst[0];
  if (!RegisterMap::IsGprFile(d.reg.file)) {
    ctx.Unsupported("destination file " + std::string(tgsi::Name(d.reg.file)));
    return;
  }
  if (d.reg.dimension) {
    ctx.Unsupported("2-D destination register");
    return;
  }
  direct_ = !in.saturate && !d.reg.index.indirect && !AliasesDestination() && !PrivateTarget(d.reg);
  valid_dst_ = true;
}

bool Inst::AliasesDestination() const {
  const tgsi::Register& d = in.dst[0].reg;
  for (const tgsi::SrcOperand& s : in.src) {
    if (MayRead(s.reg, d.file, d.index.index)) return true;
  }
  return false;
}

int Inst::FirstChannel() const {
  for (int c = 0; c < 4; ++c) {
    if (Writes(c)) return c;
  }
  return 0;
}

Operand Inst::Out(int c) const {
  if (!direct_ || !valid_dst_) return RReg(c);
  const tgsi::Register& d = in.dst[0].reg;
  return Gpr(static_cast<uint16_t>(ctx.map.GprScalar(d.file, d.index.index, c)));
}

void Inst::Replicate() {
  const int first = FirstChannel();
  for (int c = first + 1; c < 4; ++c) {
    if (Writes(c)) Emit(Mov(Out(c), Out(first)));
  }
}

bool Inst::IndexRange(const tgsi::Register& reg, int64_t* first, int64_t* last) {
  int64_t size = 0;
  if (RegisterMap::IsGprFile(reg.file)) {
    size = ctx.map.Gprs(reg.file).size;
    if (reg.index.array_id != 0) {
      for (const tgsi::Declaration& d : ctx.shader.declarations) {
        if (d.file == reg.file && d.array_id == reg.index.array_id) {
          *first = d.first;
          *last = d.last;
          return true;
        }
      }
    }
  } else if (reg.file == File::kConstant) {
    size = ctx.map.ConstSize(reg.dimension ? reg.dimension->index : 0);
  } else if (reg.file == File::kImmediate) {
    size = ctx.map.ImmCount();
  }
  if (size == 0) {
    ctx.Unsupported("relative addressing into an empty " + std::string(tgsi::Name(reg.file)) + " file");
    return false;
  }
  *first = 0;
  *last = size - 1;
  return true;
}

void Inst::LoadA0(const tgsi::IndirectAddress& addr, int64_t lo, int64_t hi, const Operand& scratch) {
  if (addr.file != File::kAddress) {
    ctx.Unsupported("indirect addressing through " + std::string(tgsi::Name(addr.file)));
    return;
  }
  if (lo < kCat2ImmMin || hi > kCat2ImmMax) {
    // Unreachable: callers check the scalar offset (10 bits) first, and no
    // file is larger than 512 registers.
    ctx.Bug("relative index range [" + std::to_string(lo) + ", " + std::to_string(hi) + "] beyond 11 bits");
    return;
  }
  const Operand a = Gpr(static_cast<uint16_t>(ctx.map.GprScalar(File::kAddress, addr.index, addr.component)));
  const Operand hr0 = a3xx::GprOperand(0, /*half=*/true);
  Emit(Alu2(Opcode::MAX_S, scratch, a, Imm(static_cast<int32_t>(lo))));
  Emit(Alu2(Opcode::MIN_S, scratch, scratch, Imm(static_cast<int32_t>(hi))));
  Emit(Alu2(Opcode::SHL_B, scratch, scratch, Imm(2)));
  Emit(Cov(Type::kS32, Type::kS16, hr0, scratch));
  Emit(Cov(Type::kS16, Type::kS16, a3xx::GprOperand(a3xx::kRegA0X, /*half=*/true), hr0));  // mova a0.x
  ctx.uses_half_reg = true;
}

const PrivateArray* Inst::PrivateTarget(const tgsi::Register& reg) const {
  if (reg.file != File::kTemporary || ctx.map.PrivateArrays().empty()) return nullptr;
  if (!reg.index.indirect) return ctx.map.PrivateArrayOf(reg.file, reg.index.index);
  for (const tgsi::Declaration& d : ctx.shader.declarations) {
    if (d.file == reg.file && reg.index.array_id != 0 && d.array_id == reg.index.array_id) {
      return ctx.map.PrivateArrayOf(reg.file, d.first);
    }
  }
  return nullptr;
}

Operand Inst::PrivateAddress(const tgsi::Register& reg, const PrivateArray& arr, const Operand& scratch) {
  const Operand at = ctx.map.HasPrivateScratch() ? PReg(0) : scratch;
  if (!reg.index.indirect) {
    Emit(Mov(at, Imm(static_cast<int32_t>(arr.byte_base + 16 * (reg.index.index - arr.first)))));
    return at;
  }
  // The index clamped to the array as a0.x's is (operands.h), made the
  // element's position from the start of private memory, in bytes.
  const int64_t offset = reg.index.offset;
  ClampedByteOffset(*reg.index.indirect, static_cast<int32_t>(arr.first - offset),
                    static_cast<int32_t>(arr.last - offset),
                    static_cast<int32_t>(offset - arr.first + arr.byte_base / 16), at);
  return at;
}

void Inst::ClampedByteOffset(const tgsi::IndirectAddress& addr, int32_t lo, int32_t hi, int32_t to_vec4,
                             const Operand& at) {
  if (addr.file != File::kAddress) {
    ctx.Unsupported("indirect addressing through " + std::string(tgsi::Name(addr.file)));
    return;
  }
  const bool p = ctx.map.HasPrivateScratch();
  const Operand py = PReg(1);
  const Operand a = Gpr(static_cast<uint16_t>(ctx.map.GprScalar(File::kAddress, addr.index, addr.component)));
  auto imm = [&](int32_t v) {  // P.y holds immediates when P exists (register_map.h)
    if (!p) return Imm(v);
    Emit(Mov(py, Imm(v)));
    return py;
  };
  Emit(Alu2(Opcode::MAX_S, at, a, imm(lo)));
  Emit(Alu2(Opcode::MIN_S, at, at, imm(hi)));
  Emit(Alu2(Opcode::ADD_S, at, at, imm(to_vec4)));
  Emit(Alu2(Opcode::SHL_B, at, at, Imm(4)));
}

Operand Inst::GlobalConstAddress(const tgsi::Register& reg, const a3xx::GlobalConstRange& g, const Operand& scratch) {
  const Operand at = ctx.map.HasPrivateScratch() ? PReg(0) : scratch;
  if (!reg.index.indirect) {
    Emit(Mov(at, Imm(static_cast<int32_t>(16 * (reg.index.index - g.first)))));
  } else {
    // The index clamped to the buffer as a0.x's is (operands.h), in bytes
    // from the buffer's first constant.
    const int64_t offset = reg.index.offset;
    const int64_t first = g.first, last = static_cast<int64_t>(g.first) + g.count - 1;
    ClampedByteOffset(*reg.index.indirect, static_cast<int32_t>(first - offset), static_cast<int32_t>(last - offset),
                      static_cast<int32_t>(offset - first), at);
  }
  Emit(Alu2(Opcode::ADD_U, at, at, Const(g.address_scalar)));
  return at;
}

// The register a source reads, as a GPR or const operand; relative
// registers are read through a0.x into Sk.slot.
int32_t Inst::SrcScalar(File file, int64_t index, int comp) const {
  const int32_t shift = inputs_at_centroid_ && file == File::kInput ? ctx.map.CentroidInputShift() : 0;
  return ctx.map.GprScalar(file, index, comp) + shift;
}

Operand Inst::Location(int k, int slot) {
  const tgsi::Register& reg = in.src[k].reg;
  const int comp = Comp(k, slot);
  uint32_t buffer = 0;
  if (reg.dimension) {
    if (reg.file != File::kConstant) {
      ctx.Unsupported("2-D " + std::string(tgsi::Name(reg.file)) + " operand");
      return SReg(k, slot);
    }
    if (reg.dimension->indirect) {
      ctx.Unsupported(kIndirectConstantBufferIndex);
      return SReg(k, slot);
    }
    buffer = reg.dimension->index;
  }
  const bool gpr = RegisterMap::IsGprFile(reg.file);
  if (!gpr && reg.file != File::kConstant && reg.file != File::kImmediate) {
    ctx.Unsupported("source file " + std::string(tgsi::Name(reg.file)));
    return SReg(k, slot);
  }
  if (const PrivateArray* arr = PrivateTarget(reg)) {
    const Operand s = SReg(k, slot);
    Emit(Ldp(s, PrivateAddress(reg, *arr, s), 4 * comp));
    return s;
  }
  if (const a3xx::GlobalConstRange* g = reg.file == File::kConstant ? ctx.map.GlobalConstOf(buffer) : nullptr) {
    const Operand s = SReg(k, slot);
    Emit(Ldg(s, GlobalConstAddress(reg, *g, s), 4 * comp));
    return s;
  }
  // Base scalar of index 0 of the file (or buffer), in its register file.
  int64_t base_scalar = 0;
  if (gpr) {
    if (!reg.index.indirect) return Gpr(static_cast<uint16_t>(SrcScalar(reg.file, reg.index.index, comp)));
    base_scalar = SrcScalar(reg.file, 0, comp);
  } else if (reg.file == File::kConstant) {
    base_scalar = 4 * static_cast<int64_t>(*ctx.map.ConstBase(buffer)) + comp;
  } else {
    base_scalar = 4 * static_cast<int64_t>(ctx.map.ImmBase()) + comp;
  }

  if (!reg.index.indirect) {
    const int64_t scalar = base_scalar + 4 * static_cast<int64_t>(reg.index.index);
    return gpr ? Gpr(static_cast<uint16_t>(scalar)) : Const(static_cast<uint16_t>(scalar));
  }

  const Operand s = SReg(k, slot);
  int64_t first = 0, last = 0;
  if (!IndexRange(reg, &first, &last)) return s;
  // Index 0 as if the range were contiguous from it (TEMP files with private
  // arrays are packed: register_map.h; otherwise the same scalar).
  if (gpr) base_scalar = SrcScalar(reg.file, first, comp) - 4 * first;
  const int64_t offset = reg.index.offset;
  const int64_t rel = base_scalar + 4 * offset;
  if (rel < kRelSrcMin || rel > kRelSrcMax) {
    ctx.Unsupported("relative addressing: offset " + std::to_string(rel) + " beyond 10 bits");
    return s;
  }
  if (gpr) ctx.relative_ranges.emplace_back(SrcScalar(reg.file, first, 0), SrcScalar(reg.file, last, 3));
  LoadA0(*reg.index.indirect, first - offset, last - offset, s);
  Instr mov = Mov(s, gpr ? a3xx::RelGprOperand(static_cast<int32_t>(rel))
                         : a3xx::RelConstOperand(static_cast<int32_t>(rel)));
  mov.flags |= a3xx::kFlagUl;  // the last user of this a0.x value
  Emit(mov);
  return s;
}

Operand Inst::Src(int k, int slot, uint8_t use) {
  const tgsi::SrcOperand& src = in.src[k];
  const Operand s = SReg(k, slot);
  Operand o = Location(k, slot);
  if (ctx.failed()) return s;

  if (FloatModifiers(in.opcode, k)) {
    const bool direct_mods = (!src.absolute || (use & kAbsOk)) && (!src.negate || (use & kNegOk));
    if (direct_mods) {
      if (IsConstKind(o) && !(use & kConstOk)) {
        Emit(Mov(s, o));
        o = s;
      }
      o.abs = src.absolute;
      o.neg = src.negate;
      return o;
    }
    if (src.absolute) {
      Emit(Alu2(Opcode::AND_B, s, o, KReg(kKAbsMask)));
      o = s;
    }
    if (src.negate) {
      Emit(Alu2(Opcode::XOR_B, s, o, KReg(kKSignBit)));
      o = s;
    }
  } else {
    if (src.absolute) {
      Emit(Alu2(Opcode::ABSNEG_S, s, Abs(o)));
      o = s;
    }
    if (src.negate) {
      Emit(Alu2(Opcode::ABSNEG_S, s, Neg(o)));
      o = s;
    }
  }
  if (IsConstKind(o) && !(use & kConstOk)) {
    Emit(Mov(s, o));
    o = s;
  }
  return o;
}

std::pair<Operand, Operand> Inst::Src2(int ka, int slot_a, int kb, int slot_b, uint8_t use) {
  Operand a = Src(ka, slot_a, use);
  Operand b = Src(kb, slot_b, IsConstKind(a) ? static_cast<uint8_t>(use & ~kConstOk) : use);
  return {a, b};
}

void Inst::Finish() {
  if (direct_ || !valid_dst_ || ctx.failed()) return;
  const tgsi::Register& d = in.dst[0].reg;
  auto saturate = [&](const Operand& dst, int c) {
    Instr sat = Alu2(Opcode::ABSNEG_F, dst, RReg(c));
    sat.flags |= a3xx::kFlagSat;
    Emit(sat);
  };
  if (const PrivateArray* arr = PrivateTarget(d)) {
    for (int c = 0; c < 4; ++c) {
      if (Writes(c) && in.saturate) saturate(RReg(c), c);
    }
    const Operand px = PrivateAddress(d, *arr, TReg(0));  // T is dead once the results are in R
    for (int c = 0; c < 4; ++c) {
      if (Writes(c)) Emit(Stp(px, 4 * c, RReg(c)));
    }
    return;
  }
  if (!d.index.indirect) {
    for (int c = 0; c < 4; ++c) {
      if (!Writes(c)) continue;
      const Operand dst = Gpr(static_cast<uint16_t>(ctx.map.GprScalar(d.file, d.index.index, c)));
      if (in.saturate) {
        saturate(dst, c);
      } else {
        Emit(Mov(dst, RReg(c)));
      }
    }
    return;
  }
  // Relative destination: saturate in R, then store through a0.x.
  if (in.saturate) {
    for (int c = 0; c < 4; ++c) {
      if (Writes(c)) saturate(RReg(c), c);
    }
  }
  int64_t first = 0, last = 0;
  if (!IndexRange(d, &first, &last)) return;
  const int64_t offset = d.index.offset;
  ctx.relative_ranges.emplace_back(ctx.map.GprScalar(d.file, first, 0), ctx.map.GprScalar(d.file, last, 3));
  LoadA0(*d.index.indirect, first - offset, last - offset, TReg(0));
  int last_channel = 0;
  for (int c = 0; c < 4; ++c) {
    if (Writes(c)) last_channel = c;
  }
  for (int c = 0; c < 4; ++c) {
    if (!Writes(c)) continue;
    const int64_t rel = ctx.map.GprScalar(d.file, first, c) + 4 * (offset - first);
    if (rel < 0 || rel > kRelDstMax) {
      ctx.Unsupported("relative destination: offset " + std::to_string(rel) + " beyond 8 bits");
      return;
    }
    Instr mov = Mov(a3xx::RelGprOperand(static_cast<int32_t>(rel)), RReg(c));
    if (c == last_channel) mov.flags |= a3xx::kFlagUl;  // the last user of this a0.x value
    Emit(mov);
  }
}

}  // namespace shaderdiff::naive
