// Operand fetch (docs/tgsi.md 3.3) and store (3.4) for one wave.
//
// Fetch: per lane, index = direct index (+ ADDR[k].c of that lane when
// indirect), 2-D index likewise; the value (word and allowed set) is read
// and the source modifiers applied by the opcode's source type ('|x|' then
// '-': float sign-bit ops, which map a set's interval too; or integer abs /
// two's-complement negate, which make a set any value). A relative index
// outside the declared registers (the ARRAY when the bracket names one)
// reads 0, any value (index-out-of-range); an undefined address propagates
// its cause, one with a set gives index-inexact. Nothing here can read
// outside storage.
//
// Store: per written channel, for lanes in exec: saturate (SaturateSet:
// the set is clamped too; NaN, -0 and denormals open it), make the value any
// value under uncertain control, write. For uncertain inactive lanes the
// component they might have written becomes any value. An indirect
// destination is per lane; if the active lanes of a vector (segment)
// disagree, the written and the other addressed components are any value
// (divergent-dst-index); an
// invalid or uncertain address makes the whole addressable range of that
// lane any value.
#include <algorithm>
#include <bit>
#include <cmath>

#include "emulator/tgsi/machine.h"
#include "emulator/tgsi/ops.h"
#include "emulator/tgsi/trace_store.h"
#include "emulator/tgsi/value_set.h"

namespace shaderdiff::tgsi_exec {

Exec::Exec(const Program& p, const common::TestVector& v, const std::map<uint32_t, common::LaneVec4s>& in,
           const InterpreterOptions& o, WaveStorage& st)
    : prog(p),
      vec(v),
      inputs(in),
      opt(o),
      storage(st),
      frames(st.frames),
      selectors(st.selectors),
      gs(st.gs),
      temp_(st.temp),
      out_(st.out),
      addr_(st.addr),
      in_(st.in),
      sv_(st.sv),
      range_marked_(st.range_marked) {
  single_ = WaveSegment{&vec, &inputs, &st.consts, 0, 0, 0, ~LaneMask{0}};
  const bool flush = opt.denormals == common::DenormalMode::kFlushToZero;
  primary_fp_ = Fp{flush, flush, false};
  int k = 0;
  for (int daz = 0; daz < 2; ++daz) {
    for (int ftz = 0; ftz < 2; ++ftz) {
      if ((daz != 0) == flush && (ftz != 0) == flush) continue;
      alt_fps_[k++] = Fp{daz != 0, ftz != 0, false};
    }
  }
}

void Exec::Fail(common::ExecStatus s, std::string d, std::string vector_path) {
  if (status != common::ExecStatus::kOk) return;
  status = s;
  detail = std::move(d);
  fail_vector_path = std::move(vector_path);
  fail_pc = running ? int64_t{pc} : -1;
  halted = true;
}

Lanes* Exec::FileFor(Space s) {
  switch (s) {
    case Space::kTemp: return temp_.data();
    case Space::kOut: return out_.data();
    case Space::kAddr: return addr_.data();
    case Space::kIn: return in_.data();
    case Space::kSv: return sv_.data();
    default: return nullptr;
  }
}

const FileLayout* Exec::LayoutFor(Space s) const {
  switch (s) {
    case Space::kTemp: return &prog.temp;
    case Space::kOut: return &prog.out;
    case Space::kAddr: return &prog.addr;
    case Space::kIn: return &prog.in;
    case Space::kSv: return &prog.sv;
    default: return nullptr;
  }
}

bool Exec::IndexValid(Space s, uint32_t array_id, int32_t idx) const {
  if (idx < 0) return false;
  const FileLayout* f = LayoutFor(s);
  if (!f) return false;
  if (array_id != 0) {
    for (const auto& a : f->arrays) {
      if (a[0] == array_id) return static_cast<uint32_t>(idx) >= a[1] && static_cast<uint32_t>(idx) <= a[2];
    }
  }
  return static_cast<uint32_t>(idx) < f->size && f->declared[idx] != 0;
}

void Exec::MarkRange(Space s, uint32_t array_id, int comp, LaneMask lanes, const Reason* why) {
  const FileLayout* f = LayoutFor(s);
  Lanes* file = FileFor(s);
  if (!f || !file) return;
  uint32_t first = 0, last = f->size ? f->size - 1 : 0;
  if (f->size == 0) return;
  if (array_id != 0) {
    for (const auto& a : f->arrays) {
      if (a[0] == array_id) {
        first = a[1];
        last = std::min(a[2], f->size - 1);
      }
    }
  }
  RangeMarked* done = nullptr;
  for (RangeMarked& r : range_marked_) {
    if (r.space == s && r.comp == comp && r.array_id == array_id) done = &r;
  }
  if (!done) {
    range_marked_.push_back({s, static_cast<uint8_t>(comp), array_id, first, last, 0});
    done = &range_marked_.back();
  }
  lanes &= ~done->lanes;
  done->lanes |= lanes;
  if (!lanes) return;
  // One pass over the registers for all lanes: each register's lanes are
  // adjacent in memory, the registers are not.
  for (uint64_t i = first; i <= last; ++i) {  // 64-bit: ends even at last = UINT32_MAX
    Lanes& reg = file[i * 4 + comp];
    ForLanes(lanes, [&](int l) { reg.MarkAny(l, why[l]); });
  }
}

Val Exec::ReadUniformConst(const std::vector<ConstStore>& consts, uint32_t buffer, int32_t index, int component,
                           bool indirect) {
  const ConstStore* cs = nullptr;
  for (const auto& c : consts) {
    if (c.layout && c.layout->buffer == buffer) {
      cs = &c;
      break;
    }
  }
  if (!cs || index < 0 || static_cast<uint32_t>(index) >= cs->layout->size) {
    return Val{0, Reason::kIndexOutOfRange, Reason::kNone};
  }
  const bool declared = cs->layout->declared[index] != 0;
  Val v{cs->words[static_cast<size_t>(index)][component], declared ? Reason::kNone : Reason::kUndeclaredRegister,
        Reason::kNone};
  if (indirect && !declared) {
    v.w = 0;
    v.undef = Reason::kIndexOutOfRange;
  }
  return v;
}

namespace {

inline Val ApplyModifiers(Val v, const DSrc& s) {
  if (!s.abs && !s.neg) return v;
  if (s.mod != ModType::kInt) {
    if (s.abs) v = AbsFloat(v);
    if (s.neg) v = NegateFloat(v);
    return v;
  }
  // Integer modifiers on a word: a set's words are not ordered as integers.
  if (v.undef == Reason::kNone && v.inexact != Reason::kNone) v = Val::Any(v.w, Reason::kInexactBits);
  {
    int32_t i = common::AsInt(v.w);
    if (s.abs && i < 0) i = static_cast<int32_t>(0u - static_cast<uint32_t>(i));
    if (s.neg) i = static_cast<int32_t>(0u - static_cast<uint32_t>(i));
    v.w = common::FromInt(i);
  }
  return v;
}

// Adds an address value's flags to an index computation.
inline void AddrFlags(Val a, Reason& r) {
  if (r != Reason::kNone) return;
  if (a.undef != Reason::kNone) {
    r = a.undef;
  } else if (a.inexact != Reason::kNone) {
    r = Reason::kIndexInexact;
  }
}

}  // namespace

void Exec::LoadSource(const DSrc& s, int component, LaneMask m, Lanes& out) {
  const bool gs_in = s.space == Space::kIn && s.two_d;
  // Fast path: direct per-lane register.
  if (!s.index.indirect && !(s.two_d && s.dim.indirect)) {
    if (s.space == Space::kImm) {
      out.Fill(m, ApplyModifiers(prog.imm[static_cast<size_t>(s.index.base) * 4 + component], s));
      return;
    }
    if (s.space == Space::kConst) {  // uniform per segment (vector)
      const uint32_t buffer = s.two_d ? static_cast<uint32_t>(s.dim.base) : 0;
      for (int k = 0; k < nsegs_; ++k) {
        const LaneMask sm = m & segs_[k].mask;
        if (!sm) continue;
        out.Fill(sm, ApplyModifiers(ReadUniformConst(*segs_[k].consts, buffer, s.index.base, component, false), s));
      }
      return;
    }
    if (gs_in) {
      const int32_t v = s.dim.base;
      const bool ok = v >= 0 && static_cast<uint32_t>(v) < prog.gs_vertices &&
                      static_cast<uint32_t>(s.index.base) < kGsVertexStride;
      if (!ok) {
        ForLanes(m, [&](int l) { out.Set(l, Val{0, Reason::kIndexOutOfRange, Reason::kNone}); });
        return;
      }
      const Lanes& reg = in_[(static_cast<size_t>(v) * kGsVertexStride + s.index.base) * 4 + component];
      ForLanes(m, [&](int l) { out.Set(l, ApplyModifiers(reg.Get(l), s)); });
      return;
    }
    const Lanes* file = FileFor(s.space);
    if (!file) {  // a resource / NULL operand used as data: no storage
      ForLanes(m, [&](int l) { out.Set(l, Val{0, Reason::kUndeclaredRegister, Reason::kNone}); });
      return;
    }
    const Lanes& reg = file[static_cast<size_t>(s.index.base) * 4 + component];
    if (!s.abs && !s.neg) {  // a plain copy of the lanes
      out.CopyLanes(m, reg);
      return;
    }
    // Float modifiers on lanes 0..n-1 that are all exact: sign-bit words.
    int n = 0;
    if (s.mod != ModType::kInt && IsLowRun(m, &n) && reg.AllExactFirst(n)) {
      constexpr Word kSignBit = 0x80000000u;
      const Word keep = s.abs ? ~kSignBit : ~Word{0}, flip = s.neg ? kSignBit : 0;
      for (int l = 0; l < n; ++l) out.w[l] = (reg.w[l] & keep) ^ flip;
      std::fill_n(out.u, n, Reason::kNone);
      std::fill_n(out.x, n, Reason::kNone);
      return;
    }
    ForLanes(m, [&](int l) { out.Set(l, ApplyModifiers(reg.Get(l), s)); });
    return;
  }
  // General path, per lane.
  ForLanes(m, [&](int l) {
    Reason ir = Reason::kNone;
    int32_t idx = s.index.base;
    if (s.index.indirect) {
      const Val a = AddrValue(s.index.addr_reg, s.index.addr_comp, l);
      AddrFlags(a, ir);
      idx = static_cast<int32_t>(static_cast<uint32_t>(idx) + a.w);
    }
    int32_t dim = s.dim.base;
    if (s.two_d && s.dim.indirect) {
      const Val a = AddrValue(s.dim.addr_reg, s.dim.addr_comp, l);
      AddrFlags(a, ir);
      dim = static_cast<int32_t>(static_cast<uint32_t>(dim) + a.w);
    }
    Val v;
    if (s.space == Space::kConst) {
      if (s.two_d && dim < 0) {
        v = Val{0, Reason::kIndexOutOfRange, Reason::kNone};
      } else {
        v = ReadUniformConst(ConstsOf(l), s.two_d ? static_cast<uint32_t>(dim) : 0, idx, component,
                             s.index.indirect || (s.two_d && s.dim.indirect));
      }
    } else if (s.space == Space::kImm) {
      if (idx < 0 || static_cast<size_t>(idx) * 4 >= prog.imm.size()) {
        v = Val{0, Reason::kIndexOutOfRange, Reason::kNone};
      } else {
        v = prog.imm[static_cast<size_t>(idx) * 4 + component];
      }
    } else if (gs_in) {
      const bool ok = dim >= 0 && static_cast<uint32_t>(dim) < prog.gs_vertices &&
                      idx >= 0 && static_cast<uint32_t>(idx) < kGsVertexStride &&
                      static_cast<uint32_t>(idx) < prog.in.size && prog.in.declared[idx];
      if (!ok) {
        v = Val{0, Reason::kIndexOutOfRange, Reason::kNone};
      } else {
        v = in_[(static_cast<size_t>(dim) * kGsVertexStride + idx) * 4 + component].Get(l);
      }
    } else {
      if (!FileFor(s.space)) {
        v = Val{0, Reason::kUndeclaredRegister, Reason::kNone};
      } else if (!IndexValid(s.space, s.array_id, idx)) {
        v = Val{0, Reason::kIndexOutOfRange, Reason::kNone};
      } else {
        v = FileFor(s.space)[static_cast<size_t>(idx) * 4 + component].Get(l);
      }
    }
    if (ir != Reason::kNone && v.undef == Reason::kNone) v.undef = ir;
    out.Set(l, ApplyModifiers(v, s));
  });
}

const Lanes& Exec::Fetch(const DInst& in, int s, int slot, LaneMask m) {
  const DSrc& src = in.src[s];
  Lanes& out = src_[s][slot];
  LoadSource(src, src.swz[slot], m, out);
  return out;
}

const Lanes& Exec::FetchInPlace(const DInst& in, int s, int slot, LaneMask m) {
  const DSrc& src = in.src[s];
  if (src.plane[slot] >= 0) return UniformPlane(in, s, slot, m);
  const bool direct = !src.index.indirect && !(src.two_d && src.dim.indirect);
  const bool gs_in = src.space == Space::kIn && src.two_d;
  if (direct && !gs_in && !src.abs && !src.neg && src.space != Space::kImm && src.space != Space::kConst) {
    if (const Lanes* file = FileFor(src.space)) return file[static_cast<size_t>(src.index.base) * 4 + src.swz[slot]];
  }
  return Fetch(in, s, slot, m);
}

// LoadSource over all lanes of the wave, once per wave: an IMM or direct
// CONST operand is the same value on every lane of a segment, so lanes m
// of the plane are what LoadSource(m) writes. A plane beyond the storage
// (a Program decoded for another wave's storage size: never, StartWave
// sizes it) falls back to Fetch.
const Lanes& Exec::UniformPlane(const DInst& in, int s, int slot, LaneMask m) {
  const DSrc& src = in.src[s];
  const size_t id = static_cast<size_t>(src.plane[slot]);
  if (id >= storage.planes.size()) return Fetch(in, s, slot, m);
  Lanes& plane = storage.planes[id];
  if (storage.plane_wave[id] != storage.wave) {
    LoadSource(src, src.swz[slot], all, plane);
    std::fill(plane.w + lanes, plane.w + PlainBlockEnd(lanes), 0u);
    storage.plane_wave[id] = storage.wave;
  }
  return plane;
}

const Lanes& Exec::FetchComponent(const DInst& in, int s, int component, LaneMask m, int scratch_slot) {
  Lanes& out = extra_[scratch_slot & 3];
  LoadSource(in.src[s], component, m, out);
  return out;
}

namespace {

}  // namespace

void Exec::StoreChannel(const DDst& dst, int c, const Lanes& v, bool saturate) {
  Lanes* file = FileFor(dst.space);
  if (!file) return;
  const bool flush = opt.denormals == common::DenormalMode::kFlushToZero;
  const LaneMask unc_inactive = (uu | ux) & ~exec;
  auto value_for = [&](int l) {
    Val val = v.Get(l);
    if (saturate) val = SaturateSet(val, flush);
    if (val.undef == Reason::kNone) {
      if ((uu >> l) & 1) {
        val.undef = Reason::kControlUndefined;
      } else if ((ux >> l) & 1) {
        val.undef = Reason::kControlInexact;
      }
    }
    return val;
  };
  auto mark = [&](Lanes& reg, int l) {
    reg.MarkAny(l, ((uu >> l) & 1) ? Reason::kControlUndefined : Reason::kControlInexact);
  };
  // Whole-array marks (RangeMarked) stop holding for a lane that may write
  // a value that is not undefined inside the range: a direct store, for the
  // executing lanes when its register is inside; an indirect one, for the
  // lanes that write such a value anywhere (below).
  auto unmark = [&](LaneMask lanes, bool any_register) {
    const uint32_t reg = static_cast<uint32_t>(dst.index.base);
    for (RangeMarked& r : range_marked_) {
      if (r.space == dst.space && r.comp == c && (any_register || (reg >= r.first && reg <= r.last))) {
        r.lanes &= ~lanes;
      }
    }
  };
  if (!dst.index.indirect) {
    unmark(exec, false);
    Lanes& reg = file[static_cast<size_t>(dst.index.base) * 4 + c];
    if (!saturate) {
      // The values as they are; under uncertain control (value_for, mark)
      // each lane of uu | ux, executing or not, is also any value unless
      // it already is.
      reg.CopyLanes(exec, v);
      ForLanes(uu | ux, [&](int l) { mark(reg, l); });
      return;
    }
    int n = 0;
    if ((uu | ux) == 0 && IsLowRun(exec, &n) && v.AllExactFirst(n)) {
      // Saturate of exact words under certain control: a finite or
      // infinite word that is neither -0 nor a denormal nor a NaN is an
      // exact clamp to [0, 1] (SaturateSet); the others take value_for.
      LaneMask special = 0;
      for (int l = 0; l < n; ++l) {
        const Word w = v.w[l];
        const bool odd = (w & 0x7f800000u) == 0 ? w != 0 : ((w & 0x7f800000u) == 0x7f800000u && (w & 0x7fffffu) != 0);
        special |= static_cast<LaneMask>(odd) << l;
        const float f = std::bit_cast<float>(w);
        reg.w[l] = std::bit_cast<Word>(f < 0.0f ? 0.0f : (f > 1.0f ? 1.0f : f));
      }
      std::fill_n(reg.u, n, Reason::kNone);
      std::fill_n(reg.x, n, Reason::kNone);
      ForLanes(special, [&](int l) { reg.Set(l, value_for(l)); });
      return;
    }
    ForLanes(exec, [&](int l) { reg.Set(l, value_for(l)); });
    ForLanes(unc_inactive, [&](int l) { mark(reg, l); });
    return;
  }
  // Indirect destination: per-lane address. Divergence is decided per
  // segment (machine.h, WaveSegment): a batched wave's vectors must not see
  // each other's addresses, and a call's wave is one segment.
  int32_t addrs[kMaxLanes];
  Reason areason[kMaxLanes];
  ForLanes(exec, [&](int l) {
    const Val a = AddrValue(dst.index.addr_reg, dst.index.addr_comp, l);
    Reason r = Reason::kNone;
    AddrFlags(a, r);
    addrs[l] = static_cast<int32_t>(static_cast<uint32_t>(dst.index.base) + a.w);
    areason[l] = r;
  });
  // Per segment k: its distinct valid addresses in order of first
  // appearance, distinct[dfirst[k] .. dfirst[k] + dcount[k]); the segment's
  // lanes diverge when there are two or more.
  int32_t distinct[kMaxLanes];
  int dfirst[kMaxLanes], dcount[kMaxLanes];
  int ndistinct = 0;
  for (int k = 0; k < nsegs_; ++k) {
    dfirst[k] = ndistinct;
    ForLanes(exec & segs_[k].mask, [&](int l) {
      if (areason[l] != Reason::kNone || !IndexValid(dst.space, dst.array_id, addrs[l])) return;
      for (int i = dfirst[k]; i < ndistinct; ++i) {
        if (distinct[i] == addrs[l]) return;
      }
      distinct[ndistinct++] = addrs[l];
    });
    dcount[k] = ndistinct - dfirst[k];
  }
  // Lanes whose store may land anywhere in the array: marked after the
  // stores, in one pass (a lane's own store below is already undefined, so
  // marking it afterwards changes nothing; lanes never touch each other).
  LaneMask range_lanes = 0;
  Reason range_why[kMaxLanes];
  auto mark_range = [&](int l, Reason r) {
    range_lanes |= LaneMask{1} << l;
    range_why[l] = r;
  };
  LaneMask defined_writes = 0;  // lanes writing a value that is not undefined
  ForLanes(exec, [&](int l) {
    Val val = value_for(l);
    const bool valid = IndexValid(dst.space, dst.array_id, addrs[l]);
    if (areason[l] != Reason::kNone) {
      mark_range(l, areason[l]);
      if (valid) {
        if (val.undef == Reason::kNone) val.undef = areason[l];
        file[static_cast<size_t>(addrs[l]) * 4 + c].Set(l, val);
      }
      return;
    }
    if (!valid) {
      mark_range(l, Reason::kIndexOutOfRange);
      return;
    }
    const int k = lane_seg_[l];
    if (dcount[k] > 1) {
      if (val.undef == Reason::kNone) val.undef = Reason::kDivergentDstIndex;
      for (int i = dfirst[k]; i < dfirst[k] + dcount[k]; ++i) {
        if (distinct[i] == addrs[l]) continue;
        file[static_cast<size_t>(distinct[i]) * 4 + c].MarkAny(l, Reason::kDivergentDstIndex);
      }
    }
    if (val.undef == Reason::kNone) defined_writes |= LaneMask{1} << l;
    file[static_cast<size_t>(addrs[l]) * 4 + c].Set(l, val);
  });
  unmark(defined_writes, true);
  ForLanes(unc_inactive, [&](int l) {
    const Val a = AddrValue(dst.index.addr_reg, dst.index.addr_comp, l);
    const int32_t idx = static_cast<int32_t>(static_cast<uint32_t>(dst.index.base) + a.w);
    if (a.undef == Reason::kNone && a.inexact == Reason::kNone && IndexValid(dst.space, dst.array_id, idx)) {
      mark(file[static_cast<size_t>(idx) * 4 + c], l);
    } else {
      mark_range(l, ((uu >> l) & 1) ? Reason::kControlUndefined : Reason::kControlInexact);
    }
  });
  if (range_lanes) MarkRange(dst.space, dst.array_id, c, range_lanes, range_why);
}

bool Exec::CanStoreDirect(const DInst& in) const {
  const DDst& dst = in.dst[0];
  if (in.saturate || opt.trace != nullptr || dst.index.indirect) return false;
  if (dst.space != Space::kTemp && dst.space != Space::kOut && dst.space != Space::kAddr) return false;
  for (int i = 0; i < in.num_src; ++i) {
    const DSrc& s = in.src[i];
    if (s.space == dst.space && (s.index.indirect || s.index.base == dst.index.base)) return false;
  }
  return true;
}

void Exec::DirectStored(const DInst& in, int c) {
  // What StoreChannel does for a direct destination without saturate
  // besides copying exec's lanes: unmark(exec, false), and the marks of
  // uncertain control.
  const DDst& dst = in.dst[0];
  const uint32_t reg = static_cast<uint32_t>(dst.index.base);
  for (RangeMarked& r : range_marked_) {
    if (r.space == dst.space && r.comp == c && reg >= r.first && reg <= r.last) r.lanes &= ~exec;
  }
  Lanes& d = DirectDst(in, c);
  ForLanes(uu | ux, [&](int l) { d.MarkAny(l, ((uu >> l) & 1) ? Reason::kControlUndefined : Reason::kControlInexact); });
}

void Exec::Store(const DInst& in, int d, uint8_t chans) {
  StoreMask(in, d, in.dst[d].mask & chans, in.saturate);
}

void Exec::StoreMask(const DInst& in, int d, uint8_t mask, bool saturate) {
  const DDst& dst = in.dst[d];
  if (dst.space == Space::kNull) return;
  if (!AnyPotential()) return;
  for (int c = 0; c < 4; ++c) {
    if (!(mask & (1u << c))) continue;
    StoreChannel(dst, c, res_[d][c], saturate);
    if (opt.trace) TraceStore(*this, dst, d, c, res_[d][c], saturate);
  }
}

Val Exec::TexOffsetValue(const DTexOffset& o, int i, int l) const {
  const int comp = o.swz[i];
  switch (o.space) {
    case Space::kImm:
      return prog.imm[static_cast<size_t>(o.index) * 4 + comp];
    case Space::kConst:
      return ReadUniformConst(ConstsOf(l), 0, static_cast<int32_t>(o.index), comp, false);
    case Space::kTemp:
      return temp_[static_cast<size_t>(o.index) * 4 + comp].Get(l);
    default:
      return Val{0, Reason::kIndexOutOfRange, Reason::kNone};
  }
}

}  // namespace shaderdiff::tgsi_exec
