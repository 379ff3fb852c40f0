// Flow control, kill and geometry emission (docs/tgsi.md 2.8, 3.5-3.7).
//
// Structure comes from Decode (j0/j1 of each DInst); the masks follow
// tgsi_exec: IF pushes CondMask and clears lanes whose condition is false;
// ELSE inverts within the saved mask; BRK clears LoopMask (or the switch
// mask) for executing lanes; CONT clears ContMask until ENDLOOP; ENDLOOP
// loops while any lane executes; CAL pushes every mask; RET clears FuncMask
// and returns when it becomes empty. Blocks no lane can execute are skipped
// (like tgsi_exec >= 21.1's label jumps) -- but never when an *uncertain*
// lane (machine.h) might execute them, so their stores can be flagged.
//
// Uncertainty bookkeeping (see machine.h and reasons.h):
// - IF with a flagged / NaN / -0 / denormal-dependent condition for an
//   active lane makes that lane uncertain in both branches until ENDIF;
// - BRK / CONT / RET executed by (or possibly by) an uncertain lane keep it
//   uncertain until the loop ends / the iteration ends / the call returns
//   ("sticky" masks in the frames); a loop that some lane may have left
//   early, or not at all, runs one extra body pass with no active lane so
//   every component a later iteration could write gets flagged;
// - SWITCH / CASE with a flagged selector or value, and the two places where
//   tgsi_exec's switch differs from the spec (DEFAULT not last, BRK inside a
//   conditional in a case), make the affected lanes uncertain until
//   ENDSWITCH.
// Where tgsi_exec and the TGSI spec disagree (DEFAULT, BRK in switch) the
// interpreter follows the spec and flags the lanes where they differ.
//
// Branch coverage (coverage.h): IF/UIF, BREAKC, CASE, DEFAULT and KILL_IF
// report which way their lanes went to InterpreterOptions::coverage when it
// is set (RecordBranch); it never changes what they compute.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "compiler/tgsi/opcode.h"
#include "emulator/tgsi/coverage.h"
#include "emulator/tgsi/ops.h"

namespace shaderdiff::tgsi_exec {
namespace {

using tgsi::Opcode;

[[noreturn]] void Invariant(const DInst& in, const char* what) {
  std::fprintf(stderr, "tgsi interpreter invariant violated at instruction %u (%s): %s\n", in.pc,
               std::string(tgsi::OpcodeName(in.op)).c_str(), what);
  std::abort();
}

// Stickiness of every open construct: lanes whose path is uncertain until
// that construct closes.
void EnclosingSticky(const Exec& ex, LaneMask& su, LaneMask& sx) {
  su = ex.main_ret_uu;
  sx = ex.main_ret_ux;
  for (const Frame& f : ex.frames) {
    su |= f.sticky_uu | f.cont_uu;
    sx |= f.sticky_ux | f.cont_ux;
  }
}

void RestoreUncertainty(Exec& ex, const Frame& f) {
  LaneMask su, sx;
  EnclosingSticky(ex, su, sx);
  ex.uu = f.saved_uu | su;
  ex.ux = f.saved_ux | sx;
}

Frame* FindFrame(Exec& ex, uint32_t pc, const DInst& in) {
  for (size_t i = ex.frames.size(); i-- > 0;) {
    if (ex.frames[i].pc == pc && ex.frames[i].kind != FrameKind::kCall) return &ex.frames[i];
    if (ex.frames[i].kind == FrameKind::kCall) break;
  }
  Invariant(in, "no open construct for this instruction");
}

// Branch coverage (coverage.h): of the lanes `from`, those in `taken` went
// the taken way. Nothing happens without a sink or without lanes.
void RecordBranch(const Exec& ex, const DInst& in, LaneMask from, LaneMask taken) {
  if (ex.opt.coverage == nullptr || from == 0) return;
  ex.opt.coverage->Record(in.pc, (from & taken) != 0, (from & ~taken) != 0);
}

Frame& Top(Exec& ex, FrameKind kind, const DInst& in) {
  if (ex.frames.empty() || ex.frames.back().kind != kind) Invariant(in, "control stack out of sync");
  return ex.frames.back();
}

// Per-lane condition "x != 0" (IF: float, UIF/BREAKC: word): taken per the
// configured mode; uncertain when some member of the value's set decides
// the other way, or its NaN, -0 or denormal reading is open (value_set.h
// Decide): unc_u for an undefined value or an open reading, unc_x for a set.
struct Cond {
  LaneMask taken = 0, unc_u = 0, unc_x = 0;
};

void AddDecision(const Decision& d, LaneMask bit, Cond& c) {
  if (d.taken) c.taken |= bit;
  if (d.uncertain == Reason::kNone) return;
  (d.undefined_cause ? c.unc_u : c.unc_x) |= bit;
}

Cond EvalCondition(Exec& ex, const DInst& in, bool is_float) {
  Cond c;
  if (!ex.exec) return c;
  const Lanes& s = ex.Fetch(in, 0, 0, ex.exec);
  const bool flush = ex.opt.denormals == common::DenormalMode::kFlushToZero;
  const Pred p = is_float ? Pred::kFloatNonZero : Pred::kWordNonZero;
  ForLanes(ex.exec, [&](int l) { AddDecision(Decide(s.Get(l), p, flush), LaneMask{1} << l, c); });
  return c;
}

void OpIf(Exec& ex, const DInst& in) {
  const Cond c = EvalCondition(ex, in, in.op == Opcode::IF);
  RecordBranch(ex, in, ex.exec, c.taken);
  Frame f;
  f.kind = FrameKind::kIf;
  f.pc = in.pc;
  f.m_cond = ex.cond;
  f.saved_uu = ex.uu;
  f.saved_ux = ex.ux;
  const LaneMask act = ex.exec;
  const LaneMask certain = ~(c.unc_u | c.unc_x);
  const LaneMask sure_true = act & certain & c.taken;
  const LaneMask sure_false = act & certain & ~c.taken;
  f.else_uu = (ex.uu & ~sure_true) | (act & c.unc_u);
  f.else_ux = (ex.ux & ~sure_true) | (act & c.unc_x);
  ex.uu = (ex.uu & ~sure_false) | (act & c.unc_u);
  ex.ux = (ex.ux & ~sure_false) | (act & c.unc_x);
  ex.cond &= c.taken | ~act;
  ex.frames.push_back(f);
  ex.UpdateExec();
  if (!ex.AnyPotential()) ex.next_pc = static_cast<uint32_t>(in.j0 >= 0 ? in.j0 : in.j1);
}

void OpElse(Exec& ex, const DInst& in) {
  Frame& f = Top(ex, FrameKind::kIf, in);
  ex.cond = ~ex.cond & f.m_cond;
  LaneMask su, sx;
  EnclosingSticky(ex, su, sx);
  ex.uu = f.else_uu | su;
  ex.ux = f.else_ux | sx;
  ex.UpdateExec();
  if (!ex.AnyPotential()) ex.next_pc = static_cast<uint32_t>(in.j1);
}

void OpEndif(Exec& ex, const DInst& in) {
  const Frame f = Top(ex, FrameKind::kIf, in);
  ex.frames.pop_back();
  ex.cond = f.m_cond;
  RestoreUncertainty(ex, f);
  ex.UpdateExec();
}

void OpBgnloop(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) {
    ex.next_pc = static_cast<uint32_t>(in.j1) + 1;
    return;
  }
  Frame f;
  f.kind = FrameKind::kLoop;
  f.pc = in.pc;
  f.m_loop = ex.loop;
  f.m_cont = ex.cont;
  f.saved_uu = ex.uu;
  f.saved_ux = ex.ux;
  ex.frames.push_back(f);
}

void OpEndloop(Exec& ex, const DInst& in) {
  Frame& f = Top(ex, FrameKind::kLoop, in);
  ex.cont = f.m_cont;
  f.cont_uu = f.cont_ux = 0;
  ex.UpdateExec();
  if (ex.exec || (f.brk_new && !f.shadow_done)) {
    if (!ex.exec) f.shadow_done = true;  // one pass with only uncertain lanes
    RestoreUncertainty(ex, f);
    ex.next_pc = f.pc + 1;
    return;
  }
  const Frame done = f;
  ex.frames.pop_back();
  ex.loop = done.m_loop;
  ex.cont = done.m_cont;
  RestoreUncertainty(ex, done);
  ex.UpdateExec();
}

void AddSticky(Exec& ex, Frame& f) {
  const LaneMask unc = ex.uu | ex.ux;
  f.sticky_uu |= ex.uu;
  f.sticky_ux |= ex.ux & ~ex.uu;
  if (f.kind == FrameKind::kLoop) f.brk_new |= unc & ~(f.saved_uu | f.saved_ux);
}

void OpBrk(Exec& ex, const DInst& in) {
  Frame* f = FindFrame(ex, static_cast<uint32_t>(in.j0), in);
  if (f->kind == FrameKind::kLoop) {
    ex.loop &= ~ex.exec;
  } else {
    // Spec: only the executing lanes leave the switch. tgsi_exec clears the
    // whole switch mask: lanes still in the switch but masked here differ.
    const LaneMask diff = ex.exec ? (ex.sw & ~ex.exec) : 0;
    ex.sw &= ~ex.exec;
    if (diff) {
      f->sticky_uu |= diff;
      ex.uu |= diff;
    }
  }
  AddSticky(ex, *f);
  ex.UpdateExec();
}

void OpBreakc(Exec& ex, const DInst& in) {
  Frame* f = FindFrame(ex, static_cast<uint32_t>(in.j0), in);
  const Cond c = EvalCondition(ex, in, false);
  RecordBranch(ex, in, ex.exec, c.taken);
  ex.loop &= ~(ex.exec & c.taken);
  f->sticky_uu |= c.unc_u;
  f->sticky_ux |= c.unc_x;
  if (f->kind == FrameKind::kLoop) f->brk_new |= (c.unc_u | c.unc_x);
  ex.uu |= c.unc_u;
  ex.ux |= c.unc_x;
  AddSticky(ex, *f);
  ex.UpdateExec();
}

void OpCont(Exec& ex, const DInst& in) {
  Frame* f = FindFrame(ex, static_cast<uint32_t>(in.j0), in);
  ex.cont &= ~ex.exec;
  f->cont_uu |= ex.uu;
  f->cont_ux |= ex.ux & ~ex.uu;
  ex.UpdateExec();
}

// ---- SWITCH ----

void OpSwitch(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) {
    ex.next_pc = static_cast<uint32_t>(in.j1) + 1;
    return;
  }
  if (ex.switch_depth >= kMaxNesting) {
    ex.Fail(common::ExecStatus::kError, "SWITCH nesting deeper than 32");
    return;
  }
  Frame f;
  f.kind = FrameKind::kSwitch;
  f.pc = in.pc;
  f.m_sw = ex.sw;
  f.saved_uu = ex.uu;
  f.saved_ux = ex.ux;
  f.eligible = ex.exec;
  f.sel_slot = ex.switch_depth++;
  Lanes& sel = ex.selectors[f.sel_slot];
  if (ex.exec) {
    const Lanes& s = ex.Fetch(in, 0, 0, ex.exec);
    ForLanes(ex.exec, [&](int l) {
      sel.Set(l, s.Get(l));
      // A selector with a set: which CASE matches may differ (word equality).
      if (s.u[l] != Reason::kNone) {
        f.sticky_uu |= LaneMask{1} << l;
      } else if (s.x[l] != Reason::kNone) {
        f.sticky_ux |= LaneMask{1} << l;
      }
    });
  }
  ex.uu |= f.sticky_uu;
  ex.ux |= f.sticky_ux;
  ex.sw = 0;
  ex.frames.push_back(f);
  ex.UpdateExec();
}

// Lanes of `f.eligible` whose selector equals the CASE operand of `case_in`;
// flagged comparisons are added to the switch's uncertainty.
LaneMask CaseMatches(Exec& ex, Frame& f, const DInst& case_in) {
  LaneMask match = 0;
  if (!f.eligible) return 0;
  const Lanes& v = ex.Fetch(case_in, 0, 0, f.eligible);
  const Lanes& sel = ex.selectors[f.sel_slot];
  ForLanes(f.eligible, [&](int l) {
    const LaneMask bit = LaneMask{1} << l;
    if (sel.w[l] == v.w[l]) match |= bit;
    if (sel.u[l] != Reason::kNone || v.u[l] != Reason::kNone) {
      f.sticky_uu |= bit;
    } else if (sel.x[l] != Reason::kNone || v.x[l] != Reason::kNone) {
      f.sticky_ux |= bit;
    }
  });
  return match;
}

void OpCase(Exec& ex, const DInst& in) {
  Frame* f = FindFrame(ex, static_cast<uint32_t>(in.j0), in);
  const LaneMask match = CaseMatches(ex, *f, in);
  RecordBranch(ex, in, f->eligible, match);
  ex.sw |= match;
  f->matched |= match;
  ex.uu |= f->sticky_uu;
  ex.ux |= f->sticky_ux;
  ex.UpdateExec();
}

void OpDefault(Exec& ex, const DInst& in) {
  Frame* f = FindFrame(ex, static_cast<uint32_t>(in.j0), in);
  // Spec: lanes matching no CASE of the whole switch (later CASE operands
  // are evaluated now). tgsi_exec: lanes that matched no CASE *so far*.
  LaneMask later = 0;
  const auto& range = ex.prog.case_lists[f->pc];
  for (uint32_t i = range[0]; i < range[1]; ++i) {
    const uint32_t cpc = ex.prog.case_lists_storage[i];
    if (cpc > in.pc && ex.prog.insts[cpc].op == Opcode::CASE) later |= CaseMatches(ex, *f, ex.prog.insts[cpc]);
  }
  const LaneMask so_far = f->eligible & ~f->matched;
  const LaneMask spec = so_far & ~later;
  const LaneMask diff = so_far & ~spec;
  f->sticky_uu |= diff;
  RecordBranch(ex, in, f->eligible, spec);
  ex.sw |= spec;
  f->matched |= spec;
  ex.uu |= f->sticky_uu;
  ex.ux |= f->sticky_ux;
  ex.UpdateExec();
}

void OpEndswitch(Exec& ex, const DInst& in) {
  const Frame f = Top(ex, FrameKind::kSwitch, in);
  ex.frames.pop_back();
  --ex.switch_depth;
  ex.sw = f.m_sw;
  RestoreUncertainty(ex, f);
  ex.UpdateExec();
}

// ---- subroutines ----

void OpCal(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  if (!ex.exec) {
    // Only uncertain lanes: a recursive call would never terminate here.
    for (const Frame& f : ex.frames) {
      if (f.kind == FrameKind::kCall && ex.prog.insts[f.pc].j0 == in.j0) return;
    }
  }
  if (ex.call_depth >= kMaxNesting) {
    ex.Fail(common::ExecStatus::kError, "call stack deeper than 32 (TGSI_EXEC_MAX_NESTING)");
    return;
  }
  Frame f;
  f.kind = FrameKind::kCall;
  f.pc = in.pc;
  f.m_cond = ex.cond;
  f.m_loop = ex.loop;
  f.m_cont = ex.cont;
  f.m_sw = ex.sw;
  f.m_func = ex.func;
  f.saved_uu = ex.uu;
  f.saved_ux = ex.ux;
  f.ret_pc = in.pc + 1;
  ex.frames.push_back(f);
  ++ex.call_depth;
  ex.next_pc = static_cast<uint32_t>(in.j0) + 1;  // BGNSUB is a no-op
}

// Pops everything down to (and including) the innermost call frame.
void ReturnFromCall(Exec& ex, const DInst& in) {
  while (!ex.frames.empty() && ex.frames.back().kind != FrameKind::kCall) {
    if (ex.frames.back().kind == FrameKind::kSwitch) --ex.switch_depth;
    ex.frames.pop_back();
  }
  if (ex.frames.empty()) Invariant(in, "return without a call frame");
  const Frame f = ex.frames.back();
  ex.frames.pop_back();
  --ex.call_depth;
  ex.cond = f.m_cond;
  ex.loop = f.m_loop;
  ex.cont = f.m_cont;
  ex.sw = f.m_sw;
  ex.func = f.m_func;
  RestoreUncertainty(ex, f);
  ex.UpdateExec();
  ex.next_pc = f.ret_pc;
}

Frame* InnermostCall(Exec& ex) {
  for (size_t i = ex.frames.size(); i-- > 0;) {
    if (ex.frames[i].kind == FrameKind::kCall) return &ex.frames[i];
  }
  return nullptr;
}

void OpRet(Exec& ex, const DInst& in) {
  ex.func &= ~ex.exec;
  Frame* call = InnermostCall(ex);
  if (call) {
    call->sticky_uu |= ex.uu;
    call->sticky_ux |= ex.ux & ~ex.uu;
  } else {
    ex.main_ret_uu |= ex.uu;
    ex.main_ret_ux |= ex.ux & ~ex.uu;
  }
  ex.UpdateExec();
  if (ex.func != 0 || ex.Uncertain() != 0) return;  // keep going (fewer lanes / flagging pass)
  if (!call) {
    ex.halted = true;  // returning from main: END is not executed
    return;
  }
  ReturnFromCall(ex, in);
}

void OpEndsub(Exec& ex, const DInst& in) {
  if (ex.call_depth == 0) {
    ex.Fail(common::ExecStatus::kError, "ENDSUB reached outside a call");
    return;
  }
  ReturnFromCall(ex, in);
}

void OpBgnsub(Exec& ex, const DInst& in) {
  ex.Fail(common::ExecStatus::kError, "execution reached BGNSUB (missing END?)");
}

void OpEnd(Exec& ex, const DInst&) { ex.halted = true; }

void OpNop(Exec&, const DInst&) {}

// ---- kill ----

void MarkKillUncertain(Exec& ex, LaneMask u, LaneMask x) {
  ex.kill_unc_u |= u;
  ex.kill_unc_x |= x & ~u;
}

void OpKill(Exec& ex, const DInst&) {
  ex.killed |= ex.exec;
  MarkKillUncertain(ex, ex.uu, ex.ux);
}

void OpKillIf(Exec& ex, const DInst& in) {
  MarkKillUncertain(ex, ex.uu, ex.ux);
  if (!ex.exec) return;
  const bool flush = ex.opt.denormals == common::DenormalMode::kFlushToZero;
  LaneMask sure = 0, maybe_u = 0, maybe_x = 0, kill = 0;
  uint8_t seen = 0;
  for (int slot = 0; slot < 4; ++slot) {
    const int comp = in.src[0].swz[slot];
    if (seen & (1u << comp)) continue;
    seen |= static_cast<uint8_t>(1u << comp);
    const Lanes& s = ex.Fetch(in, 0, slot, ex.exec);
    ForLanes(ex.exec, [&](int l) {
      const LaneMask bit = LaneMask{1} << l;
      const Decision d = Decide(s.Get(l), Pred::kFloatNegative, flush);
      if (d.taken) kill |= bit;
      if (d.uncertain != Reason::kNone) {
        (d.undefined_cause ? maybe_u : maybe_x) |= bit;
      } else if (d.taken) {
        sure |= bit;
      }
    });
  }
  ex.killed |= kill & ex.exec;
  RecordBranch(ex, in, ex.exec, kill);
  // A lane certainly killed by one component is certain whatever the others say.
  MarkKillUncertain(ex, maybe_u & ~sure & ex.exec, maybe_x & ~sure & ex.exec);
}

// ---- geometry ----

void OpEmit(Exec& ex, const DInst& in) {
  if (ex.prog.stage != tgsi::Processor::kGeometry) {
    ex.Fail(common::ExecStatus::kError, "EMIT outside a geometry shader");
    return;
  }
  if (!ex.AnyPotential()) return;
  const Lanes* stream = ex.exec ? &ex.Fetch(in, 0, 0, ex.exec) : nullptr;
  ForLanes(ex.exec, [&](int l) {
    const uint32_t s = stream->w[l];
    const bool stream_flagged = stream->u[l] != Reason::kNone || stream->x[l] != Reason::kNone;
    if (s >= 4) {
      ex.Fail(common::ExecStatus::kError, "EMIT stream " + std::to_string(s) + " out of range");
      return;
    }
    GsLaneState& g = ex.gs[l];
    if (ex.prog.gs_max_vertices_set && g.emitted >= ex.prog.gs_max_vertices) return;
    common::EmittedVertex v;
    v.lane = ex.lane0 + static_cast<uint32_t>(l);
    v.stream = s;
    v.primitive = g.prim[s];
    const bool unc = (((ex.uu | ex.ux) >> l) & 1) || stream_flagged;
    for (uint32_t o : ex.prog.declared_outputs) {
      common::Vec4 words{};
      std::array<bool, 4> und{}, inx{};
      for (int c = 0; c < 4; ++c) {
        const Lanes& reg = ex.out_[static_cast<size_t>(o) * 4 + c];
        words[c] = reg.w[l];
        und[c] = reg.u[l] != Reason::kNone || unc;
        inx[c] = reg.x[l] != Reason::kNone && !und[c];
        if (inx[c]) v.allowed[o][c] = ToAllowedSet(reg.Get(l));
      }
      v.outputs[o] = words;
      v.undefined[o] = und;
      v.inexact[o] = inx;
    }
    ex.emitted->push_back(std::move(v));
    ++g.emitted;
    ++g.prim_verts[s];
    // GLSL: outputs are undefined after EmitVertex.
    for (uint32_t o = 0; o < ex.prog.out.size; ++o) {
      for (int c = 0; c < 4; ++c) {
        Lanes& reg = ex.out_[static_cast<size_t>(o) * 4 + c];
        reg.u[l] = Reason::kGsOutputAfterEmit;
        reg.x[l] = Reason::kNone;
      }
    }
  });
  // Uncertain inactive lanes may have emitted elsewhere: their outputs are
  // undefined from here on either way.
  ForLanes(ex.Uncertain() & ~ex.exec, [&](int l) {
    for (uint32_t o = 0; o < ex.prog.out.size; ++o) {
      for (int c = 0; c < 4; ++c) {
        Lanes& reg = ex.out_[static_cast<size_t>(o) * 4 + c];
        if (reg.u[l] == Reason::kNone) reg.u[l] = Reason::kControlUndefined;
      }
    }
  });
}

void OpEndprim(Exec& ex, const DInst& in) {
  if (ex.prog.stage != tgsi::Processor::kGeometry) {
    ex.Fail(common::ExecStatus::kError, "ENDPRIM outside a geometry shader");
    return;
  }
  if (!ex.exec) return;
  const Lanes& stream = ex.Fetch(in, 0, 0, ex.exec);
  ForLanes(ex.exec, [&](int l) {
    const uint32_t s = stream.w[l];
    if (s >= 4) {
      ex.Fail(common::ExecStatus::kError, "ENDPRIM stream " + std::to_string(s) + " out of range");
      return;
    }
    GsLaneState& g = ex.gs[l];
    if (g.prim_verts[s] > 0) {
      ++g.prim[s];
      g.prim_verts[s] = 0;
    }
  });
}

}  // namespace

void RegisterFlowOps(HandlerTable& t) {
  t.Set(Opcode::IF, OpIf);
  t.Set(Opcode::UIF, OpIf);
  t.Set(Opcode::ELSE, OpElse);
  t.Set(Opcode::ENDIF, OpEndif);
  t.Set(Opcode::BGNLOOP, OpBgnloop);
  t.Set(Opcode::ENDLOOP, OpEndloop);
  t.Set(Opcode::BRK, OpBrk);
  t.Set(Opcode::BREAKC, OpBreakc);
  t.Set(Opcode::CONT, OpCont);
  t.Set(Opcode::SWITCH, OpSwitch);
  t.Set(Opcode::CASE, OpCase);
  t.Set(Opcode::DEFAULT, OpDefault);
  t.Set(Opcode::ENDSWITCH, OpEndswitch);
  t.Set(Opcode::CAL, OpCal);
  t.Set(Opcode::RET, OpRet);
  t.Set(Opcode::BGNSUB, OpBgnsub);
  t.Set(Opcode::ENDSUB, OpEndsub);
  t.Set(Opcode::END, OpEnd);
  t.Set(Opcode::NOP, OpNop);
  t.Set(Opcode::BARRIER, OpNop);  // waves run in lock-step: nothing to wait for
  t.Set(Opcode::MEMBAR, OpNop);
  t.Set(Opcode::KILL, OpKill);
  t.Set(Opcode::KILP, OpKill);
  t.Set(Opcode::KILL_IF, OpKillIf);
  t.Set(Opcode::KIL, OpKillIf);
  t.Set(Opcode::EMIT, OpEmit);
  t.Set(Opcode::ENDPRIM, OpEndprim);
}

}  // namespace shaderdiff::tgsi_exec
