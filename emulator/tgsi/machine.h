// Exec: the state of one wave while it runs, and the operand access every
// op handler uses (Fetch / Result / Store, fetch_store.cc).
//
// Masks (docs/tgsi.md 3.5): cond, loop, cont, sw, func; exec is their AND
// and is recomputed by UpdateExec() after every change.
//
// Control uncertainty: uu / ux are the lanes whose execution of the current
// instruction is uncertain because some branch, loop exit, switch selection
// or RET was decided by an undefined (uu) or inexact (ux) value. A lane in
// uu|ux may be active (it took the uncertain path) or inactive (it took the
// other path, but another implementation might not have). Store() flags the
// components it writes for active uncertain lanes and marks, without
// changing the value, the components it would have written for inactive
// uncertain lanes. Flow handlers never skip a block that an uncertain lane
// might execute, so every such store is seen.
//
// Registers: TEMP, OUT, ADDR, IN and SV are per lane (Lanes per component,
// index reg * 4 + component); CONST and IMM are uniform Vals (CONST: per
// segment, one bank per vector of a batched wave). TEMP/OUT/ADDR
// are reset to "undefined" at the start of every wave.
//
// Storage: the register files, stacks and scratch live in a WaveStorage the
// caller owns and reuses across waves and calls (interpreter.cc keeps one
// per thread). StartWave resets every lane of the wave it runs (lanes
// 0..lanes-1) of every register the program has, and sets the words of the
// lanes beyond the wave up to the end of its last 16-lane block to 0 in
// every register file and operand scratch (PlainLanes, ops.h, reads whole
// blocks); other lanes beyond the wave and registers beyond the program's
// files keep stale contents that nothing reads (every access goes through a
// mask within `all`, or a register index the layout bounds), so no state
// passes from one wave or call to the next.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "emulator/common/test_vector.h"
#include "emulator/tgsi/decode.h"
#include "emulator/tgsi/fp.h"
#include "emulator/tgsi/interpreter.h"
#include "emulator/tgsi/machine_types.h"

namespace shaderdiff::tgsi_exec {

// Uniform constant storage of one buffer (built per Interpret call): the
// words; an index the layout does not declare reads as undefined
// (undeclared-register), every other one as exact.
struct ConstStore {
  const ConstLayout* layout = nullptr;
  std::vector<common::Vec4> words;  // layout->size
  const std::map<uint32_t, common::Vec4>* vector_values = nullptr;  // for undeclared indices
};

// One vector's lanes in a wave: lanes [at, at + n) of the wave are lanes
// [first, first + n) of `vec`, with its inputs and its constant bank. A
// call's wave is one segment; a batched wave (batch.cc) holds several
// vectors, each in a segment of whole quads, never split across waves.
struct WaveSegment {
  const common::TestVector* vec = nullptr;
  const std::map<uint32_t, common::LaneVec4s>* inputs = nullptr;
  const std::vector<ConstStore>* consts = nullptr;
  uint32_t first = 0;
  int at = 0;
  int n = 0;
  LaneMask mask = ~LaneMask{0};  // the wave lanes this segment owns (one segment: all)
};

enum class FrameKind : uint8_t { kIf, kLoop, kSwitch, kCall };

struct Frame {
  FrameKind kind = FrameKind::kIf;
  uint32_t pc = 0;  // the opening instruction
  // Saved masks: if: cond; loop: loop, cont; switch: sw; call: all five.
  LaneMask m_cond = 0, m_loop = 0, m_cont = 0, m_sw = 0, m_func = 0;
  LaneMask saved_uu = 0, saved_ux = 0;  // uncertainty at entry
  LaneMask else_uu = 0, else_ux = 0;    // IF: uncertainty for the ELSE part
  LaneMask sticky_uu = 0, sticky_ux = 0;  // loop: BRK; switch: selector/BRK; call: RET
  LaneMask cont_uu = 0, cont_ux = 0;      // loop: CONT (reset every iteration)
  LaneMask brk_new = 0;                   // loop: lanes added to sticky in this loop
  bool shadow_done = false;               // loop: the extra "taint" iteration ran
  // switch
  LaneMask eligible = 0;  // lanes in the enclosing switch mask at SWITCH
  LaneMask matched = 0;   // lanes that matched a CASE so far
  int sel_slot = 0;
  // call
  uint32_t ret_pc = 0;
};

// Per-lane geometry-shader emission state.
struct GsLaneState {
  uint32_t emitted = 0;                     // vertices emitted (all streams)
  std::array<uint32_t, 4> prim = {0, 0, 0, 0};        // current primitive index per stream
  std::array<uint32_t, 4> prim_verts = {0, 0, 0, 0};  // vertices in the current primitive
};

// Lanes whose component of a whole array (or file) MarkRange made any
// value and no store into that range has touched since: marking them again
// changes nothing (MarkAny keeps the first reason), so MarkRange skips them.
// A loop storing out of range into a 2048-register array would otherwise
// walk the array on every iteration. Cleared per wave and, for a lane, by
// every store that may write a value that is not undefined inside
// [first, last] for it (fetch_store.cc).
struct RangeMarked {
  Space space;
  uint8_t comp;
  uint32_t array_id;
  uint32_t first, last;  // the registers MarkRange walked
  LaneMask lanes;
};

// The memory an Exec runs in, reused across waves and calls (see the file
// comment); its contents between waves mean nothing.
struct WaveStorage {
  WaveStorage() {
    frames.reserve(4 * kMaxNesting + 8);
    selectors.resize(kMaxNesting + 1);
  }
  std::vector<Lanes> temp, out, addr, in, sv;
  // IN at the centroid (Program::interp_centroid only): what INTERP_CENTROID
  // reads, swapped with `in` around that one instruction.
  std::vector<Lanes> in_centroid;
  std::vector<Frame> frames;
  std::vector<Lanes> selectors;  // one per nesting level of SWITCH
  std::vector<GsLaneState> gs;
  std::vector<RangeMarked> range_marked;
  std::vector<ConstStore> consts;  // the call's constants (built per call)
  // A batched call's constant banks, one per vector of a wave (batch.cc).
  std::vector<std::vector<ConstStore>> batch_consts;
  std::vector<std::map<uint32_t, common::LaneVec4s>> batch_inputs;
  // Operand planes (Exec::FetchInPlace): plane i holds its IMM/CONST
  // operand over the whole wave once plane_wave[i] == wave (StartWave
  // starts each wave with a new `wave`, so no plane outlives its wave).
  std::vector<Lanes> planes;
  std::vector<uint64_t> plane_wave;
  uint64_t wave = 1;
};

class Exec {
 public:
  // `inputs`: the IN values to load (the vector's, or for fragment shaders
  // the interpolated ones); `vec` supplies everything else.
  Exec(const Program& prog, const common::TestVector& vec, const std::map<uint32_t, common::LaneVec4s>& inputs,
       const InterpreterOptions& opt, WaveStorage& storage);

  // Prepares a wave of `lanes` lanes starting at global lane `lane0`.
  // Returns false (with status/detail set) when the vector lacks an input.
  bool StartWave(uint32_t lane0, int lanes);
  // The same for a wave of `lanes` lanes made of `nsegs` segments (each a
  // vector's lanes with its own inputs and constants; `segs` must outlive
  // the wave). StartWave(lane0, lanes) is one segment: `vec`, `inputs` and
  // storage.consts.
  bool StartWave(const WaveSegment* segs, int nsegs, int lanes);
  // Runs the wave to END / return / budget exhaustion.
  void Run();

  // ---- operand access (fetch_store.cc) ----
  // Source `s`, swizzle slot `slot` (0..3), for the lanes in `m`, with the
  // source's modifiers applied. The returned scratch stays valid until the
  // same (s, slot) is fetched again.
  const Lanes& Fetch(const DInst& in, int s, int slot, LaneMask m);
  // Fetch without the copy where there is nothing to compute: a direct
  // per-lane register operand without modifiers is the register itself, so
  // it is valid only until the next store to its file (for handlers that
  // read all their operands before they store, as CompOp and ReplOp do).
  // A direct IMM or CONST operand (DSrc::plane) is its operand plane: the
  // source loaded for every lane of the wave (each segment's constants)
  // at its first use in the wave and reused by every later one; only the
  // lanes of m are what Fetch would return (the others are the wave's
  // other lanes, and the words of the last block's lanes beyond the wave
  // are 0, as for a register). Read-only, valid for the whole wave.
  const Lanes& FetchInPlace(const DInst& in, int s, int slot, LaneMask m);
  // Reads one (register, component) of a source ignoring its swizzle.
  const Lanes& FetchComponent(const DInst& in, int s, int component, LaneMask m, int scratch_slot);
  Lanes& Result(int d, int chan) { return res_[d][chan]; }
  // Stores Result(d, c) for every c in the destination's write mask (and in
  // `chans`), applying saturate, control flags and indirect addressing.
  void Store(const DInst& in, int d, uint8_t chans = 0xF);
  // Stores exactly the channels in `mask` (even outside the write mask; the
  // 64-bit ops write whole pairs), saturating only if `saturate`.
  void StoreMask(const DInst& in, int d, uint8_t mask, bool saturate);
  // Whether a handler may compute channel c of `in`'s first destination
  // straight into its register (DirectDst) instead of into Result(0, c)
  // and Store: where Store would copy the result's lanes of exec as they
  // are, each lane of uu | ux then made any value unless it already is (a
  // direct destination in a register file, no saturate, no store trace)
  // and no source of `in` may read that register
  // (none in its file at its index or with an indirect index), so writing
  // channel by channel reads every source as reading them all first does.
  // The lanes outside exec keep their words, as after Store; the set fields
  // of an exact lane (which mean nothing) may differ. Then DirectStored(in,
  // c) replaces Store for the channel.
  bool CanStoreDirect(const DInst& in) const;
  Lanes& DirectDst(const DInst& in, int c) {
    return FileFor(in.dst[0].space)[static_cast<size_t>(in.dst[0].index.base) * 4 + c];
  }
  // The rest of a store of exec's lanes into channel c of the first
  // destination, after DirectDst's lanes were written: RangeMarked
  // (machine.h) and the marks of uncertain control.
  void DirectStored(const DInst& in, int c);
  // Component i (0..2) of a texture-offset operand for lane l.
  Val TexOffsetValue(const DTexOffset& o, int i, int l) const;
  // Value of ADDR[reg].comp for lane l.
  Val AddrValue(int reg, int comp, int l) const { return addr_[reg * 4 + comp].Get(l); }

  // ---- masks ----
  // Every flow handler calls it after changing the masks and uu/ux, so
  // uu_seen collects each lane whose control was ever decided by an
  // undefined value in this wave.
  void UpdateExec() {
    exec = cond & loop & cont & sw & func;
    uu_seen |= uu;
  }
  bool AnyPotential() const { return (exec | uu | ux) != 0; }
  // Lanes that may execute this instruction in some valid implementation.
  LaneMask Potential() const { return exec | uu | ux; }
  LaneMask Uncertain() const { return uu | ux; }

  // Float environment of the configured denormal mode, and the other three.
  Fp PrimaryFp() const { return primary_fp_; }
  const std::array<Fp, 3>& AltFps() const { return alt_fps_; }

  // Marks a failure; Run() stops after the current instruction. A failure
  // while running names the current instruction (fail_pc); one before (the
  // wave's inputs) names the vector entry `vector_path`.
  void Fail(common::ExecStatus status, std::string detail, std::string vector_path = "");
  bool failed() const { return status != common::ExecStatus::kOk; }

  // ---- state (public: op handlers and interpreter.cc use it directly) ----
  const Program& prog;
  const common::TestVector& vec;
  const std::map<uint32_t, common::LaneVec4s>& inputs;
  const InterpreterOptions& opt;
  WaveStorage& storage;

  int lanes = 0;
  uint32_t lane0 = 0;
  LaneMask all = 0;
  LaneMask cond = 0, loop = 0, cont = 0, sw = 0, func = 0, exec = 0;
  LaneMask uu = 0, ux = 0;
  LaneMask uu_seen = 0;  // lanes in uu at any point of the wave (ExecResult::control_undefined)
  LaneMask main_ret_uu = 0, main_ret_ux = 0;  // RET sticky uncertainty at call depth 0
  LaneMask killed = 0;
  LaneMask kill_unc_u = 0, kill_unc_x = 0;  // killed may differ elsewhere (undefined / inexact)
  std::vector<Frame>& frames;
  std::vector<Lanes>& selectors;  // one per nesting level of SWITCH
  int switch_depth = 0;
  int call_depth = 0;
  uint32_t pc = 0;
  uint32_t next_pc = 0;
  bool halted = false;
  uint64_t executed = 0;  // instructions executed in this wave

  common::ExecStatus status = common::ExecStatus::kOk;
  std::string detail;
  std::string fail_vector_path;
  int64_t fail_pc = -1;  // the instruction that failed (-1: none)
  bool running = false;  // inside Run()

  // Geometry shaders.
  std::vector<GsLaneState>& gs;
  std::vector<common::EmittedVertex>* emitted = nullptr;

  // Register files (in `storage`).
  std::vector<Lanes>&temp_, &out_, &addr_, &in_, &sv_;
  std::vector<RangeMarked>& range_marked_;

 private:
  Lanes src_[5][4];
  Lanes extra_[4];
  Lanes res_[2][4];
  Fp primary_fp_;
  std::array<Fp, 3> alt_fps_;
  // The wave's segments (StartWave) and which one each lane belongs to.
  WaveSegment single_;
  const WaveSegment* segs_ = &single_;
  int nsegs_ = 1;
  uint8_t lane_seg_[kMaxLanes] = {};
  const std::vector<ConstStore>& ConstsOf(int l) const { return *segs_[lane_seg_[l]].consts; }
  const Lanes& UniformPlane(const DInst& in, int s, int slot, LaneMask m);
  bool LoadSegment(const WaveSegment& seg);
  bool LoadInputs(std::vector<Lanes>& file, const WaveSegment& seg, uint32_t key);

  Lanes* FileFor(Space s);
  const FileLayout* LayoutFor(Space s) const;
  void LoadSource(const DSrc& src, int component, LaneMask m, Lanes& out);
  static Val ReadUniformConst(const std::vector<ConstStore>& consts, uint32_t buffer, int32_t index, int component,
                              bool indirect);
  bool IndexValid(Space s, uint32_t array_id, int32_t idx) const;
  // Makes component `comp` of every register of the array (or the whole
  // file) any value for each lane of `lanes`, with reason why[lane].
  void MarkRange(Space s, uint32_t array_id, int comp, LaneMask lanes, const Reason* why);
  void StoreChannel(const DDst& dst, int c, const Lanes& v, bool saturate);
};

// Word-level merging for operations that cannot carry a set through (the
// 64-bit ops, whose words are not binary32 values): any source that is not
// exact makes the result any value.
struct InFlags {
  Reason u = Reason::kNone;
  Reason x = Reason::kNone;
  void Add(Reason su, Reason sx) {
    if (u == Reason::kNone) u = su;
    if (x == Reason::kNone) x = sx;
  }
  void Add(const Lanes& s, int l) { Add(s.u[l], s.x[l]); }
  void Add(const Val& v) { Add(v.undef, v.inexact); }
};

// The result of a word-level operation: the sources' undefined cause first,
// else the op's own, else inexact-bits for a source with a set; an op's own
// inexactness (op_x) also makes any value, with that cause.
inline Val Finish(common::Word w, InFlags in, Reason op_u, Reason op_x) {
  if (in.u != Reason::kNone) return Val::Any(w, in.u);
  if (op_u != Reason::kNone) return Val::Any(w, op_u);
  if (in.x != Reason::kNone) return Val::Any(w, Reason::kInexactBits);
  if (op_x != Reason::kNone) return Val::Any(w, op_x);
  return Val::Exact(w);
}

}  // namespace shaderdiff::tgsi_exec
