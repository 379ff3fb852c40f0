// The emulator's internal state: the prepared program (one Prepared per
// instruction, with its handler resolved once), the per-call constant data
// and results, and the state of the wave being run. Every handler file
// (flow.cc, mov.cc, alu.cc, alu3.cc, bary.cc, sfu.cc, tex.cc, mem.cc) works
// on a Machine.
//
// Invariants:
// - prog[i].exec is non-null for every instruction (unsupported opcodes are
//   rejected before anything runs).
// - Handlers never allocate: per-lane temporaries live in Machine::scratch.
// - `slot` is the issue-slot clock (what ALU visibility is measured in) and
//   `cycle` the wall clock (slots + stalls, what async completion is measured
//   in); both advance only in emulator.cc's step loop.
// - A handler that finds an error calls Fail and returns; the loop stops
//   after the handler.
#pragma once

#include <array>
#include <memory>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "emulator/a3xx/emulator.h"
#include "emulator/a3xx/hazard_log.h"
#include "emulator/a3xx/lanes.h"
#include "emulator/a3xx/regfile.h"
#include "emulator/a3xx/sync.h"
#include "emulator/a3xx/wave_memory.h"
#include "emulator/common/interpolation.h"
#include "emulator/common/texture.h"

namespace shaderdiff::a3xx {

struct Machine;
struct Prepared;

using ExecFn = void (*)(Machine& m, const Prepared& p, LaneMask lanes);
// Lands an asynchronous op (its results, or its memory effect).
using CompleteFn = void (*)(Machine& m, const Prepared& p, const PendingOp& op);

// cat5 source layout, computed once per instruction (tex.cc).
struct TexLayout {
  tgsi::TextureTarget target = tgsi::TextureTarget::k2D;
  uint8_t dims = 2;      // addressed coordinates (2 or 3)
  int8_t ref = -1;       // src1 offsets of the optional parts, -1 if absent
  int8_t layer = -1;
  int8_t proj = -1;
  int8_t ddx = -1;       // samgq: ddx at src1+ddx, ddy right after
  int8_t offsets = -1;   // src2 offsets of .o offsets and the lod/bias
  int8_t lod = -1;
  uint8_t src1_count = 0;
  uint8_t src2_count = 0;
};

// A source or destination operand resolved once in Prepare
// (ResolveOperands, prepare.cc), so the hot handlers index the register
// file or const file directly instead of re-deciding the operand's kind per
// call (operands_inline.h reads and writes them).
// - kGpr: a GPR whose every scalar over the operand's span is an ordinary
//   register (below a0.x: no a0/p0, no r63), full or half; idx is the
//   register index at (rpt) iteration 0 and step its advance per iteration
//   (1 with (r) on a source and always on a destination, else 0). A
//   destination within p0.x..p0.w is kGpr too (full: p0 has no half form),
//   as WriteDst writes it (no a0.x extension, no null register).
// - kConst: a const scalar (idx: the scalar at iteration 0), full or half
//   (hcN.c: the low 16 bits, widened per the kernel's domain).
// - kImmediate: an immediate (imm: its stored bits; step 1 with (r), whose
//   value then advances by one per iteration), full or half.
// - kGeneric: anything else (the float LUT, relative operands, a0/p0 and
//   r63): the generic ReadSrc / WriteDst path.
enum class OperandForm : uint8_t { kGeneric, kGpr, kConst, kImmediate };
struct ResolvedOperand {
  OperandForm form = OperandForm::kGeneric;
  bool half = false;
  uint8_t step = 0;
  uint16_t idx = 0;
  Word imm = 0;
};

struct Prepared {
  Instr in;
  uint32_t index = 0;
  ExecFn exec = nullptr;
  CompleteFn complete = nullptr;  // async ops only
  uint8_t slots = 0;              // issue slots (§4.1)
  bool is_nop = false;            // slots count as nop_slots
  bool flow = false;              // the handler sets the lanes' next PC
  bool mad_src3 = false;          // src3 is read mad_src3_read slots late
  int src_delay = 0;              // D for this consumer's GPR sources
  // Consecutive scalars read from each source / written to the destination
  // (for the static register-file check).
  std::array<uint8_t, kNumSrcSlots> src_span = {1, 1, 1};
  uint8_t dst_span = 1;
  std::array<ResolvedOperand, kNumSrcSlots> src_form{};
  ResolvedOperand dst_form;
  TexLayout tex;
  uint32_t aux = 0;  // handler-specific selector
};

// A program prepared once for many Emulate calls (emulator.h): the copy of
// the program its Prepared entries point into, the timing row they were
// resolved for, the SamplerBinding::tgsi_unit of each cat5 texture unit
// (Prepared::aux indexes it; the unit itself comes from each call's vector),
// and the refusal, if preparation failed (status != kOk: prog is unusable).
struct PreparedProgram {
  Program program;
  const Timing* timing = nullptr;
  std::vector<Prepared> prog;
  std::vector<uint32_t> tex_unit_ids;
  common::ExecStatus status = common::ExecStatus::kOk;
  std::string detail;
};

// A sparse byte-addressed global memory shared by every wave of one call,
// zero until stored. Written() says whether some store was issued for a
// byte (an stg of this call, or the driver's fill of a GlobalConstRange):
// an ldg of any other byte reads what an earlier draw left there
// ("global-uninit", mem.cc).
class GlobalMemory {
 public:
  uint8_t Load(uint32_t addr) const;
  void Store(uint32_t addr, uint8_t value);
  bool Written(uint32_t addr) const;
  void MarkWritten(uint32_t addr);

 private:
  static constexpr uint32_t kPageBits = 12;
  struct Page {
    std::vector<uint8_t> bytes, written;
  };
  Page& PageOf(uint32_t addr);
  std::unordered_map<uint32_t, Page> pages_;
};

// The large per-wave state a call needs (register file with its write
// history, outstanding async ops, const file, local memory, per-lane
// scratch): one per thread, reused by every Machine
// of that thread (their Configure keeps the storage for the same shape and
// resets it), so a call does not allocate or clear them whole. A Machine
// made while another of the same thread is alive gets storage of its own.
struct WaveStorage {
  RegFile regs;
  AsyncTracker async;
  ConstFile consts;
  LocalMemory local_mem;
  // Per-lane temporaries of the handlers: every handler writes the lanes it
  // reads back, so what a previous instruction or call left is never seen.
  Word scratch[8][kMaxLanes] = {};
  // Machine::lane_pc / lane_group (their invariants there).
  std::array<int32_t, kMaxLanes> lane_pc{};
  std::array<uint32_t, kMaxLanes> lane_group{};
  // Machine::varyings, pvt_mem, pvt_stored: sized (and cleared) by each
  // call, so only their capacity carries over from the last one.
  std::vector<common::VaryingSource> varyings;
  std::vector<uint8_t> pvt_mem;
  std::vector<uint8_t> pvt_stored;
  bool in_use = false;
};

struct Machine {
  Machine(const Program& program, const common::TestVector& vector, const EmulatorOptions& options);
  ~Machine();
  Machine(const Machine&) = delete;
  Machine& operator=(const Machine&) = delete;

 private:
  std::unique_ptr<WaveStorage> own_storage_;  // only when the thread's is in use
  WaveStorage& storage_;

 public:

  // ---- configuration (per call)
  const Timing& t;
  const EmulatorOptions& opt;
  const ShaderState& state;
  const common::TestVector& vec;
  bool fragment = false;
  int stride = 0;  // lanes per wave
  std::span<const Prepared> prog;  // the PreparedProgram's
  ConstFile& consts;  // num_const_vec4 * 4 words (storage_'s)
  std::vector<common::TextureUnit> tex_units;  // indexed by Prepared::aux of cat5 ops (per call)
  int num_varyings = 0;      // packed varying components per lane

  // ---- results (per call)
  common::ExecResult result;
  CycleStats stats;
  HazardLog hazards;
  bool stop = false;
  GlobalMemory global;

  // ---- the current wave
  int lanes = 0;            // lanes in this wave
  uint32_t first_lane = 0;  // its first lane in the vector
  LaneMask all = 0, live = 0, killed = 0;
  int64_t slot = 0;
  uint64_t cycle = 0;
  uint64_t wave_instructions = 0;
  bool uniform = true;  // every live lane at upc, in one group
  int32_t upc = 0;
  // Only while !uniform, and only for live lanes: written for every live
  // lane when the wave first splits (SetNextPc), never read before
  // (storage_'s, so a call does not clear it).
  std::array<int32_t, kMaxLanes>& lane_pc;
  // Reconvergence groups (emulator.cc): lanes run together only while they
  // are in one group; a divergent branch gives its taken lanes a new one,
  // and groups meeting at one PC merge only at a (jp) instruction.
  // Lanes 0..lanes-1 are set to group 0 at the start of each wave
  // (storage_'s).
  std::array<uint32_t, kMaxLanes>& lane_group;
  uint32_t next_group = 0;
  int32_t cur_pc = 0;
  const Prepared* cur = nullptr;
  RegFile& regs;        // storage_'s
  AsyncTracker& async;  // storage_'s
  std::vector<common::VaryingSource>& varyings;  // lane * num_varyings + location (io.cc; storage_'s)
  LocalMemory& local_mem;  // cat6 l[] (storage_'s)
  Word (*const scratch)[kMaxLanes];  // [8][kMaxLanes], storage_'s
  // cat6 p[] (mem.cc): pvt_bytes per lane of the wave, lane l's at
  // l * pvt_bytes; pvt_stored marks the bytes a stp of this wave has been
  // issued for (a ldp of any other byte reads what an earlier fiber left).
  // Both are storage_'s, sized and zeroed by SetUpConstants each call.
  uint32_t pvt_bytes = 0;
  std::vector<uint8_t>& pvt_mem;
  std::vector<uint8_t>& pvt_stored;

  void Fail(common::ExecStatus status, std::string detail);
  // A hazard at the current instruction on register index `idx`.
  void Hazard(uint16_t idx, int cycles_short, const char* kind);
  // Lanes `lanes` continue at `target` (flow handlers; the loop does pc + 1
  // for the others).
  void SetNextPc(LaneMask lanes, int32_t target);
  // A divergent branch: `lanes` (the taken ones) leave the group they ran
  // in for a new one.
  void Diverge(LaneMask lanes);
  // Lanes enter instruction `pc` by a taken branch (`divergent`: only some
  // of the group's lanes took it): a missing-jp hazard unless it carries
  // (jp) or the JpRule does not ask for it.
  void EnterByBranch(int32_t pc, bool divergent);
};

// ---- operand access (operands.cc)

// How a 16-bit (half register) value is widened to the 32-bit value a kernel
// computes on, and narrowed back: float = binary16 <-> binary32 (RNE),
// signed/unsigned = sign/zero extension and truncation, raw = the 16 bits.
enum class Dom : uint8_t { kRaw, kFloat, kSigned, kUnsigned };

Word Widen16(Word v, Dom dom);
Word Narrow16(Word v, Dom dom);

// Reads source `o` for repeat iteration k at slot c with delay d (a0/p0
// always use non_alu), for `lanes`, recording hazards on `hazard_lanes`.
// Half values are widened per `dom`. Returns stride words (only `lanes`
// meaningful). *reg: the register index read when it is one plain GPR
// (kNoReg16 otherwise), for async WAR tracking.
const Word* ReadSrc(Machine& m, const Operand& o, int k, int64_t c, int d, LaneMask lanes, LaneMask hazard_lanes,
                    Dom dom, Word* scratch, uint16_t* reg = nullptr);
// A missing-ss/missing-sy hazard for each outstanding async op still to
// write register index `idx` on `lanes`.
void CheckPendingRead(Machine& m, uint16_t idx, LaneMask lanes);
// Reads register index `idx` (a0/p0 with the non-ALU delay), checking for
// pending async writes and late ALU writes.
const Word* ReadReg(Machine& m, uint16_t idx, int64_t c, int d, LaneMask lanes, LaneMask hazard_lanes, Dom dom,
                    Word* scratch);
// Reads scalar `num + i` of a GPR operand (cat5/cat6 vectors).
const Word* ReadGprAt(Machine& m, const Operand& o, int i, int64_t c, int d, LaneMask lanes, LaneMask hazard_lanes,
                      Dom dom, Word* scratch, uint16_t* reg = nullptr);

// ALU write of destination `o` (+k) at slot p; values narrowed per `dom`.
void WriteDst(Machine& m, const Operand& o, int k, int64_t p, LaneMask lanes, const Word* values, Dom dom);
// Checks a write to register index `idx` against outstanding async ops
// (waw-async, war-async hazards; lazy source capture) without writing.
void CheckAsyncWrite(Machine& m, uint16_t idx, LaneMask lanes, const Word* values, bool report);
// Lands an async result: immediately visible.
void WriteLanded(Machine& m, uint16_t idx, LaneMask lanes, const Word* values);

// The register index of scalar `i` of GPR operand `o`.
inline uint16_t GprIndex(const Operand& o, int i) { return RegIndex(static_cast<uint16_t>(o.num + i), o.half); }

// ---- handler resolution (one function per handler file). Each fills
// p.exec (and p.complete, spans, layout) or returns false with *why naming
// what is not supported. p.src_form / p.dst_form are resolved already: an
// instruction in a handler's plain form (no (rptN), full-precision resolved
// operands, no modifiers) gets a handler without those per-call decisions.
bool PrepareFlow(Prepared& p, std::string* why);
bool PrepareMov(Prepared& p, std::string* why);
bool PrepareAlu2(Prepared& p, std::string* why);
bool PrepareAlu3(Prepared& p, std::string* why);
bool PrepareSfu(Prepared& p, std::string* why);
bool PrepareTex(Prepared& p, std::string* why);
// Completes p.tex.target from the bound texture's type and sampler state.
bool ResolveTexTarget(Prepared& p, const SamplerBinding& b, std::string* why);
bool PrepareMem(Prepared& p, std::string* why);

// Fills p.src_form / p.dst_form from p.in (prepare.cc); PrepareProgram
// calls it before the handler resolution, which picks a handler's plain
// form from them.
void ResolveOperands(Prepared& p);

// Validates and prepares out->prog and out->tex_unit_ids from `program`
// (prepare.cc) with the state and timing row of `m` (whose vector is not
// used); false after m.Fail. kSkipValidate only for a program that came
// as a ValidatedProgram (isa/validated_program.h): its instructions passed
// Validate when it was made and cannot have changed since.
enum class InstrCheck { kValidate, kSkipValidate };
bool PrepareProgram(Machine& m, const Program& program, PreparedProgram* out, InstrCheck check);
// The texture units of this call's vector for every prepared cat5 unit.
void SetUpTextureUnits(Machine& m, const PreparedProgram& prepared);
// Checks m.state against the hardware's I/O fields and limits
// (state_check.cc); false after Fail.
bool CheckShaderState(Machine& m);

// ---- I/O (io.cc)
// Fills the const file and checks the state against the vector; false after
// Fail.
bool SetUpConstants(Machine& m);
// Preloads the wave's inputs, system values, ij pair and varyings.
bool PreloadWave(Machine& m);
// `end` for `lanes`: reads the output registers into the result.
void ReadOutputs(Machine& m, LaneMask lanes);
// Sizes the per-call result (outputs, masks, killed) for vec.lanes lanes.
void InitResult(Machine& m);

// ---- float helpers shared by the ALU, SFU and texture handlers
inline float F(Word w) { return common::AsFloat(w); }
inline Word W(float f) { return common::FromFloat(f); }
// (sat): clamp to [0, 1]; NaN and -0 become +0.
inline float Saturate(float x) { return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f; }

}  // namespace shaderdiff::a3xx
