#include "compiler/passes/lower_tgsi_builder.h"

#include <algorithm>

namespace shaderdiff::compiler::lowering {

using tgsi::DstOperand;
using tgsi::Instruction;
using tgsi::Opcode;
using tgsi::SrcOperand;

namespace {
uint8_t Channel(char c) {
  switch (c) {
    case 'x': return 0;
    case 'y': return 1;
    case 'z': return 2;
    default: return 3;
  }
}
}  // namespace

SrcOperand Swz(SrcOperand s, std::string_view pattern) {
  const std::array<uint8_t, 4> old = s.swizzle;
  for (size_t i = 0; i < 4; ++i) {
    const char c = pattern[std::min(i, pattern.size() - 1)];
    s.swizzle[i] = old[Channel(c)];
  }
  return s;
}

SrcOperand Neg(SrcOperand s) {
  s.negate = !s.negate;
  return s;
}

SrcOperand Abs(SrcOperand s) {
  s.absolute = true;
  s.negate = false;
  return s;
}

bool MayAlias(const DstOperand& dst, const SrcOperand& src) {
  const tgsi::Register& a = dst.reg;
  const tgsi::Register& b = src.reg;
  if (a.file != b.file) return false;
  if (a.index.indirect || b.index.indirect) return true;
  if (a.dimension && a.dimension->indirect) return true;
  if (b.dimension && b.dimension->indirect) return true;
  if (a.dimension && b.dimension && a.dimension->index != b.dimension->index) return false;
  return a.index.index == b.index.index;
}

bool SiteBuilder::DstAliasesAnySource() const {
  return std::any_of(in_.src.begin(), in_.src.end(),
                     [&](const SrcOperand& s) { return MayAlias(in_.dst[0], s); });
}

SrcOperand SiteBuilder::Imm(std::string_view pattern) {
  scratch_->imm_used = true;
  SrcOperand s;
  s.reg.file = tgsi::File::kImmediate;
  s.reg.index.index = scratch_->imm_index;
  return Swz(s, pattern);
}

SrcOperand SiteBuilder::T(uint32_t k, std::string_view pattern) {
  scratch_->temps_used = std::max(scratch_->temps_used, k + 1);
  SrcOperand s;
  s.reg.file = tgsi::File::kTemporary;
  s.reg.index.index = scratch_->first_temp + k;
  return Swz(s, pattern);
}

DstOperand SiteBuilder::TD(uint32_t k, uint8_t mask) {
  scratch_->temps_used = std::max(scratch_->temps_used, k + 1);
  DstOperand d;
  d.reg.file = tgsi::File::kTemporary;
  d.reg.index.index = scratch_->first_temp + k;
  d.write_mask = mask;
  return d;
}

void SiteBuilder::Emit(Opcode op, DstOperand dst, std::vector<SrcOperand> src) {
  if (dst.write_mask == 0) return;
  Instruction inst;
  inst.opcode = op;
  inst.precise = in_.precise;
  inst.location = in_.location;
  inst.dst = {dst};
  inst.src = std::move(src);
  out_->push_back(std::move(inst));
}

void SiteBuilder::Final(Opcode op, uint8_t mask, std::vector<SrcOperand> src) {
  DstOperand dst = redirect_ ? TD(kRedirectTemp, 0) : in_.dst[0];
  dst.write_mask = static_cast<uint8_t>(mask & in_.dst[0].write_mask);
  if (dst.write_mask == 0) return;
  Emit(op, dst, std::move(src));
  if (!redirect_) out_->back().saturate = in_.saturate;
}

void SiteBuilder::BeginRedirect() { redirect_ = true; }

void SiteBuilder::EndRedirect() {
  if (!redirect_) return;
  redirect_ = false;
  Final(Opcode::MOV, kXYZW, {T(kRedirectTemp)});
}

}  // namespace shaderdiff::compiler::lowering
