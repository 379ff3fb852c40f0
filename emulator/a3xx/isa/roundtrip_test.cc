// Property test: for every opcode and every combination of flags,
// modifiers, operand kinds and category fields the table allows (enumerated
// systematically from the table, with a few values each), Encode -> Decode
// gives back the same Instr and Disassemble -> Assemble gives back the same
// Instr (testing_util::CheckRoundTrip). Candidates are generated from the
// table's columns and filtered through Validate, so cross-operand rules
// (one const in cat2, precision consistency) decide what is legal; each
// opcode must still produce a healthy number of legal cases.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "emulator/a3xx/isa/test_util.h"

namespace shaderdiff::a3xx {
namespace {

// Collects results of many candidates; reports the first failures.
class Sweep {
 public:
  void Try(const Instr& instr) {
    if (Validate(instr)) {
      ++rejected_;
      return;
    }
    ++accepted_[instr.opcode];
    ++total_;
    if (auto failure = testing_util::CheckRoundTrip(instr)) {
      if (failures_.size() < 10) failures_.push_back(*failure);
      ++failed_;
    }
    if (accepted_[instr.opcode] <= kFlippedPerOpcode) FlipEveryBit(instr);
  }

  // Bit flips: every word one bit away from a legal instruction's that
  // still decodes must come back from its disassembly as the same word
  // (testing_util::CheckWordRoundTrip), or the disassembly must say which
  // bits it does not show.
  static constexpr int kFlippedPerOpcode = 12;
  void FlipEveryBit(const Instr& instr) {
    const std::optional<uint64_t> word = Encode(instr);
    if (!word) return;
    for (int bit = 0; bit < 64; ++bit) {
      const uint64_t flipped = *word ^ (uint64_t{1} << bit);
      if (!Decode(flipped)) continue;
      ++flips_decoded_;
      if (auto failure = testing_util::CheckWordRoundTrip(flipped)) {
        if (flip_failures_.size() < 20) flip_failures_.push_back(*failure);
        ++flips_failed_;
      }
    }
  }

  void Report(Category category, int min_per_opcode) const {
    for (const std::string& f : failures_) ADD_FAILURE() << f;
    EXPECT_EQ(failed_, 0) << "round-trip failures";
    for (const std::string& f : flip_failures_) ADD_FAILURE() << f;
    EXPECT_EQ(flips_failed_, 0) << "of " << flips_decoded_ << " decodable bit-flipped words";
    EXPECT_GT(flips_decoded_, 0);
    std::printf("cat%d: %d decodable bit-flipped words round-tripped\n", static_cast<int>(category), flips_decoded_);
    for (int i = 0; i < kNumOpcodes; ++i) {
      const OpcodeInfo& info = GetOpcodeInfo(static_cast<Opcode>(i));
      if (info.category != category || !info.supported()) continue;
      auto it = accepted_.find(info.opcode);
      const int n = it == accepted_.end() ? 0 : it->second;
      EXPECT_GE(n, min_per_opcode) << info.mnemonic << ": too few legal cases";
    }
    std::printf("cat%d: %d legal cases round-tripped (%d candidates rejected by Validate)\n",
                static_cast<int>(category), total_, rejected_);
  }

 private:
  std::map<Opcode, int> accepted_;
  std::vector<std::string> failures_;
  int total_ = 0, rejected_ = 0, failed_ = 0;
  std::vector<std::string> flip_failures_;
  int flips_decoded_ = 0, flips_failed_ = 0;
};

bool Allows(KindMask mask, OperandKind kind) { return (mask & KindBit(kind)) != 0; }

// Precision members that follow from the others (see Precision in opcode.h).
void ApplyPrecision(Instr& in, bool src_half, bool dst_half) {
  const OpcodeInfo& info = in.info();
  auto conv_dst = [&](bool half) {
    if (in.dst.present()) in.dst.half = in.dst.kind == OperandKind::kGpr && in.dst.num >= kRegP0X ? false : half;
  };
  switch (info.precision) {
    case Precision::kNone:
      break;
    case Precision::kTyped:
      in.src[0].half = IsHalfType(in.src_type);
      in.dst.half = IsHalfType(in.dst_type);
      break;
    case Precision::kFullBit:
    case Precision::kHalf:
    case Precision::kFull:
      for (Operand& o : in.src) {
        if (!o.present() || o.kind == OperandKind::kFloatLut) continue;
        o.half = info.precision == Precision::kFullBit ? src_half : info.precision == Precision::kHalf;
      }
      conv_dst(dst_half);
      break;
    case Precision::kTex:
      in.src[0].half = in.src[0].present() && src_half;
      in.src[1].half = in.src[1].present() && src_half;
      in.src[2].half = in.src[2].present();
      in.dst.half = IsHalfType(in.type);
      break;
    case Precision::kMem:
      in.src[0].half = false;
      in.src[1].half = in.src[1].kind == OperandKind::kGpr && IsHalfType(in.type);
      in.dst.half = in.dst.present() && IsHalfType(in.type);
      break;
  }
}

// Values to try for an operand kind in a slot (the first is the "base").
std::vector<Operand> KindValues(const OpcodeInfo& info, int slot, OperandKind kind) {
  std::vector<Operand> out;
  auto add = [&](Operand o) {
    o.kind = kind;
    out.push_back(o);
  };
  const bool cat1_dst = info.category == Category::kCat1 && slot == kDstSlot;
  switch (kind) {
    case OperandKind::kGpr:
      for (uint16_t n : {9, 0, 191, 244, 250, 255}) add({.num = n});
      break;
    case OperandKind::kConst:
      for (uint16_t n : {12, 0, 1041, 2047}) add({.num = n});
      break;
    case OperandKind::kRelGpr:
    case OperandKind::kRelConst:
      if (cat1_dst) {
        for (int32_t off : {4, 0, 255}) add({.offset = off});
      } else {
        for (int32_t off : {17, 0, -1, -512, 511}) add({.offset = off});
      }
      break;
    case OperandKind::kImmediate:
      if (info.category == Category::kCat1) {
        for (uint32_t v : {0x3f800000u, 0u, 1u, 0xffffffffu, 0x7fc00001u, 0x80000000u, 0x00000001u, 0x3c00u,
                           0x0001u, 0x7e00u, 0xfc00u, 0x12345678u, 0x1000u, 0x1001u, 0x7f7fffffu, 0x00800000u,
                           0xff800000u, 0x3dcccccdu}) {
          add({.imm = v});
        }
      } else if (info.category == Category::kCat6) {
        for (uint32_t v : {3u, 0u, 255u}) add({.imm = v});
      } else {
        for (int32_t v : {3, 0, -1, -1024, 1023}) add({.imm = static_cast<uint32_t>(v)});
      }
      break;
    case OperandKind::kFloatLut:
      for (uint16_t n = 0; n < kNumFloatLut; ++n) {
        add({.num = n, .half = false});
        add({.num = n, .half = true});
      }
      break;
    case OperandKind::kNone:
      break;
  }
  return out;
}

// Every allowed kind (base value) x modifiers for a source slot.
std::vector<Operand> SourceVariants(const OpcodeInfo& info, int slot, bool with_r) {
  std::vector<Operand> out;
  for (int k = 1; k <= static_cast<int>(OperandKind::kRelConst); ++k) {
    const auto kind = static_cast<OperandKind>(k);
    if (!Allows(info.src_kinds[slot], kind)) continue;
    std::vector<Operand> values = KindValues(info, slot, kind);
    if (kind == OperandKind::kFloatLut) values.resize(2);  // full and half LUT
    else values.resize(1);
    for (const Operand& base : values) {
      for (int neg = 0; neg <= (info.has(kOpNeg) ? 1 : 0); ++neg) {
        for (int abs = 0; abs <= (info.has(kOpAbs) ? 1 : 0); ++abs) {
          for (int r = 0; r <= (with_r ? 1 : 0); ++r) {
            Operand o = base;
            o.neg = neg;
            o.abs = abs;
            o.r = r;
            out.push_back(o);
          }
        }
      }
    }
  }
  return out;
}

Instr Base(const OpcodeInfo& info) {
  Instr in;
  in.opcode = info.opcode;
  if (info.has_dst()) in.dst = {.kind = OperandKind::kGpr, .num = 4};
  for (int slot = 0; slot < kNumSrcSlots; ++slot) {
    if (!SourcePresent(info, in, slot)) continue;
    for (int k = 1; k <= static_cast<int>(OperandKind::kRelConst); ++k) {
      if (Allows(info.src_kinds[slot], static_cast<OperandKind>(k))) {
        in.src[slot] = KindValues(info, slot, static_cast<OperandKind>(k)).front();
        break;
      }
    }
  }
  switch (info.category) {
    case Category::kCat1:
      in.src_type = in.dst_type = Type::kF32;
      break;
    case Category::kCat5:
      in.type = Type::kF32;
      in.wrmask = 0xf;
      if (info.has(kOpSamp)) in.samp = 1;
      if (info.has(kOpTexIdx)) in.tex = 2;
      break;
    case Category::kCat6:
      in.type = Type::kU32;
      if (info.format != Format::kCat6Atomic) in.mem_size = 1;
      break;
    default:
      break;
  }
  ApplyPrecision(in, false, false);
  return in;
}

// Calls fn for every supported opcode of a category.
void ForEachOpcode(Category category, const std::function<void(const OpcodeInfo&)>& fn) {
  for (int i = 0; i < kNumOpcodes; ++i) {
    const OpcodeInfo& info = GetOpcodeInfo(static_cast<Opcode>(i));
    if (info.category == category && info.supported()) fn(info);
  }
}

int MaxRepeat(const OpcodeInfo& info) {
  if (!info.has(kOpRpt)) return 0;
  return info.category == Category::kCat0 ? 7 : 3;
}

// Sweep 1: every subset of accepted instruction flags x every repeat/nop.
void SweepFlags(const OpcodeInfo& info, Sweep& sweep) {
  const uint8_t accepted = static_cast<uint8_t>(info.flags & kOpInstrFlagMask);
  for (int mask = 0; mask < (1 << kNumInstrFlags); ++mask) {
    if (mask & ~accepted) continue;
    for (int repeat = 0; repeat <= MaxRepeat(info); ++repeat) {
      for (int nop = 0; nop <= (info.has(kOpNop) && repeat == 0 ? 3 : 0); ++nop) {
        Instr in = Base(info);
        in.flags = static_cast<uint8_t>(mask);
        in.repeat = static_cast<uint8_t>(repeat);
        in.nop = static_cast<uint8_t>(nop);
        sweep.Try(in);
      }
    }
  }
}

// Sweep 2: the cross product of every source slot's kinds x modifiers x
// (r), for both source precisions and with/without a repeat.
void SweepSources(const OpcodeInfo& info, uint8_t tex_flags, Sweep& sweep) {
  for (int repeat = 0; repeat <= (info.has(kOpRpt) ? 1 : 0); ++repeat) {
    const bool with_r = info.has(kOpSrcR) && (repeat > 0 || !info.has(kOpNop));
    Instr base = Base(info);
    base.repeat = static_cast<uint8_t>(repeat);
    base.tex_flags = tex_flags;
    if (tex_flags & kTexS2en) base.samp = base.tex = 0;
    std::vector<std::vector<Operand>> choices;
    std::vector<int> slots;
    for (int slot = 0; slot < kNumSrcSlots; ++slot) {
      if (!SourcePresent(info, base, slot)) continue;
      slots.push_back(slot);
      choices.push_back(SourceVariants(info, slot, with_r));
    }
    std::vector<size_t> index(slots.size(), 0);
    for (;;) {
      for (int src_half = 0; src_half <= 1; ++src_half) {
        Instr in = base;
        for (size_t s = 0; s < slots.size(); ++s) in.src[slots[s]] = choices[s][index[s]];
        ApplyPrecision(in, src_half, false);
        sweep.Try(in);
      }
      size_t s = 0;
      while (s < slots.size() && ++index[s] == choices[s].size()) index[s++] = 0;
      if (s == slots.size()) break;
    }
  }
}

// Sweep 3: every value of every kind in every slot (one slot at a time),
// including the destination, with both precisions.
void SweepValues(const OpcodeInfo& info, Sweep& sweep) {
  Instr base = Base(info);
  for (int slot = 0; slot <= kDstSlot; ++slot) {
    const bool is_dst = slot == kDstSlot;
    if (is_dst ? !info.has_dst() : !SourcePresent(info, base, slot)) continue;
    const KindMask kinds = is_dst ? info.dst_kinds : info.src_kinds[slot];
    for (int k = 1; k <= static_cast<int>(OperandKind::kRelConst); ++k) {
      if (!Allows(kinds, static_cast<OperandKind>(k))) continue;
      for (const Operand& value : KindValues(info, slot, static_cast<OperandKind>(k))) {
        for (int src_half = 0; src_half <= 1; ++src_half) {
          for (int dst_half = 0; dst_half <= 1; ++dst_half) {
            Instr in = base;
            (is_dst ? in.dst : in.src[slot]) = value;
            ApplyPrecision(in, src_half, dst_half);
            if (value.kind == OperandKind::kFloatLut) in.src[slot].half = value.half;
            sweep.Try(in);
          }
        }
      }
    }
  }
}

TEST(RoundTrip, Cat0) {
  Sweep sweep;
  ForEachOpcode(Category::kCat0, [&](const OpcodeInfo& info) {
    SweepFlags(info, sweep);
    for (int32_t branch : {0, 1, -1, 4, 100, -100, 32767, -32768}) {
      for (int comp = 0; comp < 4; ++comp) {
        for (int inv = 0; inv <= 1; ++inv) {
          Instr in = Base(info);
          if (info.has(kOpBranch)) in.branch = branch;
          if (info.has(kOpPred)) {
            in.pred_comp = static_cast<uint8_t>(comp);
            in.pred_inv = inv;
          }
          in.flags = kFlagJp;
          sweep.Try(in);
        }
      }
    }
  });
  sweep.Report(Category::kCat0, 8);
}

TEST(RoundTrip, Cat1) {
  Sweep sweep;
  ForEachOpcode(Category::kCat1, [&](const OpcodeInfo& info) {
    SweepFlags(info, sweep);
    SweepSources(info, 0, sweep);
    SweepValues(info, sweep);
    // Every type pair x rounding x source kind/value (immediates are shown
    // per source type, so this covers the typed immediate spellings).
    for (int st = 0; st < kNumTypes; ++st) {
      for (int dt = 0; dt < kNumTypes; ++dt) {
        for (int round = 0; round < 4; ++round) {
          for (int k = 1; k <= static_cast<int>(OperandKind::kRelConst); ++k) {
            if (!Allows(info.src_kinds[0], static_cast<OperandKind>(k))) continue;
            for (const Operand& value : KindValues(info, 0, static_cast<OperandKind>(k))) {
              for (int dst_rel = 0; dst_rel <= 1; ++dst_rel) {
                for (uint16_t dst_num : {uint16_t{4}, kRegA0X}) {
                  Instr in = Base(info);
                  in.src_type = static_cast<Type>(st);
                  in.dst_type = static_cast<Type>(dt);
                  in.round = static_cast<Round>(round);
                  in.src[0] = value;
                  in.dst = dst_rel ? Operand{.kind = OperandKind::kRelGpr, .offset = 7}
                                   : Operand{.kind = OperandKind::kGpr, .num = dst_num};
                  ApplyPrecision(in, false, false);
                  sweep.Try(in);
                }
              }
            }
          }
        }
      }
    }
  });
  sweep.Report(Category::kCat1, 1000);
}

TEST(RoundTrip, Cat2) {
  Sweep sweep;
  ForEachOpcode(Category::kCat2, [&](const OpcodeInfo& info) {
    SweepFlags(info, sweep);
    SweepSources(info, 0, sweep);
    SweepValues(info, sweep);
    if (info.has(kOpCond)) {
      for (int cond = 0; cond < kNumConds; ++cond) {
        for (uint16_t dst : {uint16_t{4}, kRegP0X, uint16_t(kRegP0X + 3)}) {
          Instr in = Base(info);
          in.cond = static_cast<Cond>(cond);
          in.dst.num = dst;
          ApplyPrecision(in, true, false);
          sweep.Try(in);
        }
      }
    }
  });
  sweep.Report(Category::kCat2, 100);
}

TEST(RoundTrip, Cat3) {
  Sweep sweep;
  ForEachOpcode(Category::kCat3, [&](const OpcodeInfo& info) {
    SweepFlags(info, sweep);
    SweepSources(info, 0, sweep);
    SweepValues(info, sweep);
  });
  sweep.Report(Category::kCat3, 100);
}

TEST(RoundTrip, Cat4) {
  Sweep sweep;
  ForEachOpcode(Category::kCat4, [&](const OpcodeInfo& info) {
    SweepFlags(info, sweep);
    SweepSources(info, 0, sweep);
    SweepValues(info, sweep);
  });
  sweep.Report(Category::kCat4, 100);
}

TEST(RoundTrip, Cat5) {
  Sweep sweep;
  ForEachOpcode(Category::kCat5, [&](const OpcodeInfo& info) {
    SweepFlags(info, sweep);
    SweepValues(info, sweep);
    const uint8_t accepted = AcceptedTexFlags(info);
    for (int flags = 0; flags < (1 << kNumTexFlags); ++flags) {
      if (flags & ~accepted) continue;
      SweepSources(info, static_cast<uint8_t>(flags), sweep);
      for (int type = 0; type < kNumTypes; ++type) {
        for (uint8_t wrmask : {0, 1, 10, 15}) {
          for (int idx = 0; idx <= 1; ++idx) {
            Instr in = Base(info);
            in.tex_flags = static_cast<uint8_t>(flags);
            in.type = static_cast<Type>(type);
            in.wrmask = wrmask;
            const bool s2en = flags & kTexS2en;
            in.samp = info.has(kOpSamp) && !s2en ? (idx ? 15 : 0) : 0;
            in.tex = info.has(kOpTexIdx) && !s2en ? (idx ? 127 : 0) : 0;
            for (int slot = 0; slot < kNumSrcSlots; ++slot) {
              if (SourcePresent(info, in, slot)) in.src[slot] = {.kind = OperandKind::kGpr, .num = uint16_t(6 + slot)};
            }
            ApplyPrecision(in, idx, false);
            sweep.Try(in);
          }
        }
      }
    }
  });
  sweep.Report(Category::kCat5, 50);
}

TEST(RoundTrip, Cat6) {
  Sweep sweep;
  ForEachOpcode(Category::kCat6, [&](const OpcodeInfo& info) {
    SweepFlags(info, sweep);
    SweepSources(info, 0, sweep);
    SweepValues(info, sweep);
    const bool atomic = info.format == Format::kCat6Atomic;
    for (int type = 0; type < kNumTypes; ++type) {
      for (int32_t offset : {0, 1, -1, 7, 4095, -4096, 8191}) {
        for (uint32_t size : {0u, 1u, 4u, 7u, 255u}) {
          Instr in = Base(info);
          in.type = static_cast<Type>(type);
          if (!atomic) {
            in.mem_offset = offset;
            in.mem_size = size;
          }
          ApplyPrecision(in, false, false);
          sweep.Try(in);
        }
      }
      if (!atomic) continue;
      for (int typed = 0; typed <= 1; ++typed) {
        for (uint8_t dims = 1; dims <= 4; ++dims) {
          for (uint8_t type_size = 1; type_size <= 4; ++type_size) {
            Instr in = Base(info);
            in.type = static_cast<Type>(type);
            in.typed = typed;
            in.dims = dims;
            in.type_size = type_size;
            ApplyPrecision(in, false, false);
            sweep.Try(in);
          }
        }
      }
    }
  });
  sweep.Report(Category::kCat6, 50);
}

}  // namespace
}  // namespace shaderdiff::a3xx
