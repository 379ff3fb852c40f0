// Prepare: decode once per shader (prepared.h). Interpret: run the lanes of
// the vector in waves of up to 64 and collect the declared outputs with
// their flags (interpreter.h). The machine's storage (register files,
// stacks) is one WaveStorage per thread, reused by every call and reset per
// wave (machine.h), so a call allocates only its result.
//
// Fragment inputs are what the shared interpolation model delivers
// (common::FragmentInputValues: per-vertex inputs interpolated with each
// lane's barycentric pair, or the provoking vertex's value for an input
// declared CONSTANT; per-lane ones as given), computed once per call into
// a map of their own; the waves read that map and the vector. A program
// with INTERP_CENTROID also gets every input at the centroid pair, in the
// same map at kCentroidInputKey + index, loaded into WaveStorage::in_centroid.
//
// Per wave: TEMP/OUT/ADDR start undefined, IN/SV are loaded from the vector
// (a declared register the vector lacks is an error naming the vector
// entry; an error while running names the instruction's source position), the instruction loop
// runs until END, a return from main, the end of the program or the
// instruction budget. Killed fragment lanes' outputs are reported undefined
// ("killed-lane"). Emitted GS vertices are ordered by lane, then by emission.
#include "emulator/tgsi/interpreter.h"

#include <algorithm>
#include <string>

#include "compiler/tgsi/names.h"
#include "emulator/common/interpolation.h"
#include "emulator/tgsi/call.h"
#include "emulator/tgsi/decode.h"
#include "emulator/tgsi/machine.h"
#include "emulator/tgsi/ops.h"
#include "emulator/tgsi/prepared.h"
#include "emulator/tgsi/value_set.h"

namespace shaderdiff::tgsi_exec {

const HandlerTable& Handlers() {
  static const HandlerTable table = [] {
    HandlerTable t;
    RegisterFloatOps(t);
    RegisterIntOps(t);
    RegisterConvertOps(t);
    RegisterFlowOps(t);
    RegisterTextureOps(t);
    RegisterDoubleOps(t);
    return t;
  }();
  return table;
}

namespace {

// Grows the file to `regs` registers (never shrinks: the storage is reused).
void SizeFile(std::vector<Lanes>& f, size_t regs) {
  if (f.size() < regs * 4) f.resize(regs * 4);
}

// Lanes 0..kBlock-1 of every component of registers [0, regs): word 0,
// undefined for `r` (exact when r is kNone), no set. kBlock is the wave's
// PlainBlockEnd, a constant per instantiation, so each component is a few
// fixed-size stores instead of three library calls. The lanes from the
// wave's width to kBlock are outside the wave: their words must be 0
// (PlainLanes reads them), their flags are never read (every access goes
// through a mask within the wave).
template <int kBlock>
void ResetBlocks(std::vector<Lanes>& f, size_t regs, Reason r) {
  for (size_t i = 0; i < regs * 4; ++i) {
    Lanes& c = f[i];
    std::fill_n(c.w, kBlock, 0u);
    std::fill_n(c.u, kBlock, r);
    std::fill_n(c.x, kBlock, Reason::kNone);
  }
}

// Grows the file to `regs` registers and resets lanes 0..lanes-1 of each
// to word 0, undefined for `r`, and the words of the last block's lanes
// beyond the wave to 0 (ResetBlocks).
void ResetFile(std::vector<Lanes>& f, size_t regs, Reason r, int lanes) {
  SizeFile(f, regs);
  switch (PlainBlockEnd(lanes)) {
    case 16: ResetBlocks<16>(f, regs, r); break;
    case 32: ResetBlocks<32>(f, regs, r); break;
    case 48: ResetBlocks<48>(f, regs, r); break;
    default: ResetBlocks<kMaxLanes>(f, regs, r); break;
  }
  static_assert(kMaxLanes == 64 && kPlainBlock == 16);
}

// For a register whose lanes 0..lanes-1 the wave's segments load in full
// (LoadSegment): only the words of the last block's lanes beyond the wave,
// to 0.
void ZeroTail(Lanes& c, int lanes) { std::fill(c.w + lanes, c.w + PlainBlockEnd(lanes), 0u); }

// Wave lanes [at, at + lanes) of register `reg`: word 0, undefined for `r`
// (exact when r is kNone), no set.
void FillRegister(std::vector<Lanes>& f, size_t reg, int at, int lanes, Reason r) {
  for (int c = 0; c < 4; ++c) {
    Lanes& ch = f[reg * 4 + c];
    std::fill_n(ch.w + at, lanes, 0u);
    std::fill_n(ch.u + at, lanes, r);
    std::fill_n(ch.x + at, lanes, Reason::kNone);
  }
}

// Lanes [first, first + lanes) of `src` into wave lanes [at, at + lanes),
// undefined for `r` (exact when r is kNone), no set.
void CopyRegister(std::vector<Lanes>& f, size_t reg, const common::LaneVec4s& src, uint32_t first, int at, int lanes,
                  Reason r) {
  for (int c = 0; c < 4; ++c) {
    Lanes& ch = f[reg * 4 + c];
    for (int l = 0; l < lanes; ++l) ch.w[at + l] = src[first + l][c];
    std::fill_n(ch.u + at, lanes, r);
    std::fill_n(ch.x + at, lanes, Reason::kNone);
  }
}

// Whether LoadSegment loads SV[i] from the vector (a declared system
// value); StartWave resets the others.
bool SvLoaded(const Program& prog, uint32_t i) { return i < prog.sv_declared.size() && prog.sv_declared[i] != 0; }

std::string LaneCountError(const std::string& what, size_t have, uint32_t want) {
  return what + " has " + std::to_string(have) + " lanes, expected " + std::to_string(want);
}

}  // namespace

// The call's uniform constants, into `out` (whose buffers are reused).
// One pass over each bank: the vector's words at the indices it gives,
// word 0 in the gaps between them and after the last, so every index is
// written once; the banks (sorted by buffer) and the vector's buffers
// (ordered) are walked side by side, no lookup per buffer.
void BuildConsts(const Program& p, const common::TestVector& v, std::vector<ConstStore>& out) {
  out.resize(p.consts.size());
  auto buf = v.constants.begin();
  for (size_t k = 0; k < p.consts.size(); ++k) {
    const ConstLayout& layout = p.consts[k];
    ConstStore& cs = out[k];
    cs.layout = &layout;
    cs.words.resize(layout.size);
    common::Vec4* const words = cs.words.data();
    uint32_t next = 0;  // the first index not written yet
    while (buf != v.constants.end() && buf->first < layout.buffer) ++buf;
    if (buf != v.constants.end() && buf->first == layout.buffer) {
      for (const auto& [i, value] : buf->second) {
        if (i >= layout.size) break;  // the map is ordered
        std::fill(words + next, words + i, common::Vec4{0, 0, 0, 0});
        words[i] = value;
        next = i + 1;
      }
    }
    std::fill(words + next, words + layout.size, common::Vec4{0, 0, 0, 0});
  }
}

WaveStorage& ThreadStorage() {
  // One per thread: Interpret is reentrant across threads, never within one.
  thread_local WaveStorage storage;
  return storage;
}

bool Exec::StartWave(uint32_t first, int n) {
  single_.first = first;
  single_.at = 0;
  single_.n = n;
  single_.mask = ~LaneMask{0};
  return StartWave(&single_, 1, n);
}

bool Exec::StartWave(const WaveSegment* segs, int nsegs, int n) {
  segs_ = segs;
  nsegs_ = nsegs;
  lane0 = segs[0].first;
  lanes = n;
  all = n >= 64 ? ~LaneMask{0} : ((LaneMask{1} << n) - 1);
  cond = loop = cont = sw = func = exec = all;
  uu = ux = uu_seen = main_ret_uu = main_ret_ux = 0;
  killed = kill_unc_u = kill_unc_x = 0;
  frames.clear();
  switch_depth = call_depth = 0;
  pc = next_pc = 0;
  halted = false;
  executed = 0;
  range_marked_.clear();
  // A new wave: every operand plane is stale (UniformPlane reloads it).
  ++storage.wave;
  if (storage.planes.size() < prog.num_planes) {
    storage.planes.resize(prog.num_planes);
    storage.plane_wave.resize(prog.num_planes, 0);
  }
  ResetFile(temp_, prog.temp.size, Reason::kUninitialized, n);
  ResetFile(out_, prog.out.size, Reason::kOutputNotWritten, n);
  ResetFile(addr_, prog.addr.size, Reason::kUninitialized, n);
  const bool gs_like = prog.stage == tgsi::Processor::kGeometry || prog.stage == tgsi::Processor::kTessEval;
  const size_t in_regs =
      gs_like ? std::max<size_t>(static_cast<size_t>(prog.gs_vertices) * kGsVertexStride, prog.in.size) : prog.in.size;
  // IN and SV: the segments (which cover lanes 0..n-1) load every lane
  // of every register of a vertex or fragment IN file (LoadInputs) and of
  // every declared SV (SvLoaded), so those need only their tails; a GS-like
  // IN file (LoadSegment loads its vertices' attribute slots only) and an
  // undeclared SV start undefined.
  if (gs_like) {
    ResetFile(in_, in_regs, Reason::kUndeclaredRegister, n);
    if (prog.interp_centroid) ResetFile(storage.in_centroid, in_regs, Reason::kUndeclaredRegister, n);
  } else {
    SizeFile(in_, in_regs);
    for (size_t k = 0; k < in_regs * 4; ++k) ZeroTail(in_[k], n);
    if (prog.interp_centroid) {
      SizeFile(storage.in_centroid, in_regs);
      for (size_t k = 0; k < in_regs * 4; ++k) ZeroTail(storage.in_centroid[k], n);
    }
  }
  SizeFile(sv_, prog.sv.size);
  for (uint32_t i = 0; i < prog.sv.size; ++i) {
    if (!SvLoaded(prog, i)) FillRegister(sv_, i, 0, n, Reason::kUndeclaredRegister);
    for (int c = 0; c < 4; ++c) ZeroTail(sv_[i * 4 + c], n);
  }
  // The operand scratch's words beyond the wave, to the last block's end
  // (PlainLanes reads them; nothing writes a lane outside the wave).
  const size_t tail_end = PlainBlockEnd(n);
  const auto zero_tail = [&](Lanes* scratch, size_t count) {
    for (size_t k = 0; k < count; ++k) std::fill(scratch[k].w + n, scratch[k].w + tail_end, 0u);
  };
  zero_tail(&src_[0][0], sizeof(src_) / sizeof(Lanes));
  zero_tail(extra_, sizeof(extra_) / sizeof(Lanes));
  zero_tail(&res_[0][0], sizeof(res_) / sizeof(Lanes));
  for (int k = 0; k < nsegs; ++k) {
    std::fill_n(lane_seg_ + segs[k].at, static_cast<size_t>(segs[k].n), static_cast<uint8_t>(k));
    if (!LoadSegment(segs[k])) return false;
  }
  gs.assign(static_cast<size_t>(n), GsLaneState{});
  return true;
}

// IN registers of one segment's lanes into `file` from `ins` (IN[i] at key
// + i): the IN file, or for INTERP_CENTROID its centroid twin.
bool Exec::LoadInputs(std::vector<Lanes>& file, const WaveSegment& seg, uint32_t key) {
  const common::TestVector& v = *seg.vec;
  const std::map<uint32_t, common::LaneVec4s>& ins = *seg.inputs;
  for (uint32_t i = 0; i < prog.in.size; ++i) {
    const bool declared = prog.in.declared[i] != 0;
    const auto it = ins.find(key + i);
    if (it == ins.end()) {
      if (declared) {
        Fail(common::ExecStatus::kError, "missing input IN[" + std::to_string(i) + "]", "inputs");
        return false;
      }
      FillRegister(file, i, seg.at, seg.n, Reason::kUndeclaredRegister);
      continue;
    }
    if (it->second.size() != v.lanes) {
      Fail(common::ExecStatus::kError,
           LaneCountError("input IN[" + std::to_string(i) + "]", it->second.size(), v.lanes),
           "inputs." + std::to_string(i));
      return false;
    }
    CopyRegister(file, i, it->second, seg.first, seg.at, seg.n,
                 declared ? Reason::kNone : Reason::kUndeclaredRegister);
  }
  return true;
}

// IN and SV of one segment's lanes from its vector.
bool Exec::LoadSegment(const WaveSegment& seg) {
  const common::TestVector& v = *seg.vec;
  const std::map<uint32_t, common::LaneVec4s>& ins = *seg.inputs;
  const uint32_t first = seg.first;
  const int at = seg.at, n = seg.n;
  const bool gs_like = prog.stage == tgsi::Processor::kGeometry || prog.stage == tgsi::Processor::kTessEval;
  if (!gs_like) {
    if (!LoadInputs(in_, seg, 0)) return false;
    if (prog.interp_centroid && !LoadInputs(storage.in_centroid, seg, kCentroidInputKey)) return false;
  } else {
    for (uint32_t gv = 0; gv < prog.gs_vertices; ++gv) {
      for (uint32_t a = 0; a < kGsVertexStride; ++a) {
        const uint32_t key = gv * kGsVertexStride + a;
        const bool declared = a < prog.in.size && prog.in.declared[a] != 0;
        const auto it = ins.find(key);
        if (it == ins.end()) {
          if (declared && prog.gs_inputs_required) {
            Fail(common::ExecStatus::kError,
                 "missing input IN[" + std::to_string(gv) + "][" + std::to_string(a) + "] (vector key " +
                     std::to_string(key) + ")",
                 "inputs");
            return false;
          }
          FillRegister(in_, key, at, n, declared ? Reason::kMissingInput : Reason::kUndeclaredRegister);
          continue;
        }
        if (it->second.size() != v.lanes) {
          Fail(common::ExecStatus::kError, LaneCountError("input " + std::to_string(key), it->second.size(), v.lanes),
               "inputs." + std::to_string(key));
          return false;
        }
        CopyRegister(in_, key, it->second, first, at, n, declared ? Reason::kNone : Reason::kUndeclaredRegister);
      }
    }
  }
  for (uint32_t i = 0; i < prog.sv.size; ++i) {
    if (!SvLoaded(prog, i)) continue;
    const std::string name(tgsi::Name(prog.sv_semantic[i]));
    const auto it = v.system_values.find(name);
    if (it == v.system_values.end()) {
      Fail(common::ExecStatus::kError, "missing system value SV[" + std::to_string(i) + "] (" + name + ")",
           "system_values");
      return false;
    }
    if (it->second.size() != v.lanes) {
      Fail(common::ExecStatus::kError, LaneCountError("system value " + name, it->second.size(), v.lanes),
           "system_values." + name);
      return false;
    }
    CopyRegister(sv_, i, it->second, first, at, n, Reason::kNone);
  }
  return true;
}

void Exec::Run() {
  const size_t n = prog.insts.size();
  running = true;
  while (!halted && pc < n) {
    if (executed >= opt.instruction_budget) {
      // Names the instruction the wave would have run next.
      Fail(common::ExecStatus::kTimeout, "instruction budget of " + std::to_string(opt.instruction_budget) +
                                             " exceeded in the wave starting at lane " + std::to_string(lane0));
      break;
    }
    ++executed;
    const DInst& in = prog.insts[pc];
    next_pc = pc + 1;
    in.fn(*this, in);
    pc = next_pc;
  }
  running = false;
}

namespace {

// Whether vectors may share waves (prepared.h, `batchable`): a vertex or
// fragment program whose instructions all run in order for every lane (no
// branch, loop, switch, call or return: only END ends it, so every wave
// executes the same count), and that reads no texture unit or other
// resource (the units are per vector). Relative destinations may share
// waves: whether the lanes' addresses diverge is decided per segment
// (fetch_store.cc: divergent-dst-index).
bool Batchable(const Program& prog) {
  if (!prog.ok) return false;
  if (prog.stage != tgsi::Processor::kVertex && prog.stage != tgsi::Processor::kFragment) return false;
  using tgsi::Opcode;
  for (const DInst& in : prog.insts) {
    switch (in.op) {
      case Opcode::IF: case Opcode::UIF: case Opcode::ELSE: case Opcode::ENDIF:
      case Opcode::BGNLOOP: case Opcode::ENDLOOP: case Opcode::BRK: case Opcode::BREAKC: case Opcode::CONT:
      case Opcode::SWITCH: case Opcode::CASE: case Opcode::DEFAULT: case Opcode::ENDSWITCH:
      case Opcode::CAL: case Opcode::RET: case Opcode::BGNSUB: case Opcode::ENDSUB:
      case Opcode::EMIT: case Opcode::ENDPRIM: case Opcode::BARRIER: case Opcode::MEMBAR:
        return false;
      default:
        break;
    }
    if (in.j0 >= 0 || in.j1 >= 0) return false;
    for (int s = 0; s < in.num_src; ++s) {
      if (in.src[s].space == Space::kResource) return false;
    }
  }
  return true;
}

}  // namespace

std::shared_ptr<const PreparedShader> Prepare(const tgsi::Shader& shader) {
  auto p = std::make_shared<PreparedShader>();
  p->prog = Decode(shader);
  p->batchable = Batchable(p->prog);
  p->processor = shader.processor;
  p->locations.reserve(shader.instructions.size());
  for (const tgsi::Instruction& i : shader.instructions) p->locations.push_back(i.location);
  for (const tgsi::Declaration& d : shader.declarations) {
    if (d.file == tgsi::File::kInput) {
      const common::Interp mode = d.interpolation == tgsi::Interpolation::kConstant ? common::Interp::kFlat
                                  : d.interp_location == tgsi::InterpLocation::kCentroid ? common::Interp::kCentroid
                                                                                         : common::Interp::kSmooth;
      p->input_interp.push_back({d.first, d.last, static_cast<uint32_t>(mode)});
    }
  }
  return p;
}

common::ExecResult Interpret(const tgsi::Shader& shader, const common::TestVector& vector,
                             const InterpreterOptions& options) {
  return Interpret(*Prepare(shader), vector, options);
}

bool StartCall(const PreparedShader& prepared, const common::TestVector& vector, common::ExecResult* res,
               std::map<uint32_t, common::LaneVec4s>* fs_inputs) {
  const Program& prog = prepared.prog;
  if (!prog.ok) {
    res->status = prog.status;
    res->detail = prog.detail;
    res->location = prog.error_location;
    return false;
  }
  if (vector.stage != prepared.processor) {
    res->status = common::ExecStatus::kError;
    res->detail = "vector stage " + std::string(tgsi::Name(vector.stage)) + " does not match shader stage " +
                  std::string(tgsi::Name(prepared.processor));
    return false;
  }
  const bool frag = prepared.processor == tgsi::Processor::kFragment;
  if (frag && vector.lanes % 4 != 0) {
    res->status = common::ExecStatus::kError;
    res->detail = "fragment vectors need whole 2x2 quads (lanes = " + std::to_string(vector.lanes) + ")";
    return false;
  }
  if (const std::string bad = common::CheckFragmentInputs(vector); !bad.empty()) {
    res->status = common::ExecStatus::kError;
    res->detail = "vector: " + bad;
    return false;
  }
  // The fragment inputs the shader reads, all through the shared model;
  // an input it declares CONSTANT is flat (the provoking vertex's value),
  // one it declares CENTROID is interpolated at the lane's centroid pair.
  fs_inputs->clear();
  if (frag) {
    for (const auto& entry : vector.inputs) {
      (*fs_inputs)[entry.first] = common::FragmentInputValues(vector, entry.first, prepared.InterpOf(entry.first));
    }
    for (const auto& entry : vector.vertex_inputs) {
      (*fs_inputs)[entry.first] = common::FragmentInputValues(vector, entry.first, prepared.InterpOf(entry.first));
    }
    // INTERP_CENTROID's operands: every input at the centroid pair, the
    // flat ones (CONSTANT) still flat, at kCentroidInputKey + index.
    if (prepared.prog.interp_centroid) {
      std::vector<uint32_t> indices;
      for (const auto& entry : *fs_inputs) indices.push_back(entry.first);
      for (uint32_t i : indices) {
        const common::Interp mode =
            prepared.InterpOf(i) == common::Interp::kFlat ? common::Interp::kFlat : common::Interp::kCentroid;
        (*fs_inputs)[kCentroidInputKey + i] = common::FragmentInputValues(vector, i, mode);
      }
    }
  }
  return true;
}

void InitResult(const Program& prog, uint32_t lanes, common::ExecResult& res) {
  // Every declared output, flat (test_vector.h): words and flag bitmasks
  // sized here, sets and reason codes once a component is not exact.
  res.outputs.reserve(prog.declared_outputs.size());
  for (uint32_t o : prog.declared_outputs) res.AddOutput(o, lanes, true);
  res.killed.assign(lanes, false);
  res.killed_uncertain.assign(lanes, false);
  res.killed_reasons.assign(lanes, std::string_view());
}

common::ExecResult FailedResult(const PreparedShader& prepared, const Exec& ex, uint64_t executed) {
  common::ExecResult failed;
  failed.status = ex.status;
  failed.detail = ex.detail;
  failed.vector_path = ex.fail_vector_path;
  if (ex.fail_pc >= 0 && static_cast<size_t>(ex.fail_pc) < prepared.locations.size()) {
    failed.location = prepared.locations[static_cast<size_t>(ex.fail_pc)];
  }
  failed.instructions_executed = executed;
  return failed;
}

void CollectWave(const Exec& ex, bool frag, int at, int n, uint32_t first, LaneMask seg_mask,
                 common::ExecResult& res) {
  if (((ex.uu_seen | ex.kill_unc_u) & seg_mask) != 0) res.control_undefined = true;
  if (frag) {
    for (int k = 0; k < n; ++k) {
      const int l = at + k;
      const uint32_t g = first + static_cast<uint32_t>(k);
      res.killed[g] = (ex.killed >> l) & 1;
      if ((ex.kill_unc_u >> l) & 1) {
        res.killed_uncertain[g] = true;
        res.killed_reasons[g] = ReasonCode(Reason::kControlUndefined);
      } else if ((ex.kill_unc_x >> l) & 1) {
        res.killed_uncertain[g] = true;
        res.killed_reasons[g] = ReasonCode(Reason::kControlInexact);
      }
    }
  }
  // Outputs: words and flags for every component, a set and a reason
  // code (a view of reasons.h's table) only for the components that are
  // not exact. A component whose lanes are all exact, in a segment where
  // no lane was killed, is its words alone (what the per-lane loop below
  // writes for such lanes: no flag, no set).
  const bool none_killed = !frag || (ex.killed & seg_mask) == 0;
  for (common::OutputLanes& row : res.outputs) {
    for (int c = 0; c < 4; ++c) {
      const Lanes& reg = ex.out_[static_cast<size_t>(row.index) * 4 + c];
      if (none_killed && reg.AllExactIn(at, n)) {
        for (int k = 0; k < n; ++k) row.words[first + static_cast<uint32_t>(k)][c] = reg.w[at + k];
        continue;
      }
      const uint8_t bit = static_cast<uint8_t>(1u << c);
      for (int k = 0; k < n; ++k) {
        const int l = at + k;
        const uint32_t g = first + static_cast<uint32_t>(k);
        const bool lane_killed = frag && ((ex.killed >> l) & 1);
        Reason u = reg.u[l];
        const Reason x = u == Reason::kNone && !lane_killed ? reg.x[l] : Reason::kNone;
        if (lane_killed) u = Reason::kKilledLane;
        row.words[g][c] = reg.w[l];
        if (u != Reason::kNone) {
          row.undefined[g] |= bit;
          row.KeepSets();
          row.reasons[g][c] = ReasonCode(u);
        } else if (x != Reason::kNone) {
          row.inexact[g] |= bit;
          row.KeepSets();
          row.allowed[g][c] = ToAllowedSet(reg.Get(l));
          row.reasons[g][c] = ReasonCode(x);
        }
      }
    }
  }
}

common::ExecResult Interpret(const PreparedShader& prepared, const common::TestVector& vector,
                             const InterpreterOptions& options) {
  common::ExecResult res;
  WaveStorage& storage = ThreadStorage();
  thread_local std::map<uint32_t, common::LaneVec4s> fs_inputs;
  if (!StartCall(prepared, vector, &res, &fs_inputs)) return res;
  const Program& prog = prepared.prog;
  const uint32_t lanes = vector.lanes;
  const bool frag = prepared.processor == tgsi::Processor::kFragment;
  BuildConsts(prog, vector, storage.consts);
  Exec ex(prog, vector, frag ? fs_inputs : vector.inputs, options, storage);
  ex.emitted = &res.emitted;
  InitResult(prog, lanes, res);

  for (uint32_t first = 0; first < lanes; first += kMaxLanes) {
    const int n = static_cast<int>(std::min<uint32_t>(kMaxLanes, lanes - first));
    if (ex.StartWave(first, n)) ex.Run();
    res.instructions_executed += ex.executed;
    if (ex.failed()) return FailedResult(prepared, ex, res.instructions_executed);
    CollectWave(ex, frag, 0, n, first, ~LaneMask{0}, res);
  }
  std::stable_sort(res.emitted.begin(), res.emitted.end(),
                   [](const common::EmittedVertex& a, const common::EmittedVertex& b) { return a.lane < b.lane; });
  return res;
}

bool OpcodeSupported(tgsi::Opcode op) { return Handlers().fn[static_cast<size_t>(op)] != nullptr; }


}  // namespace shaderdiff::tgsi_exec
