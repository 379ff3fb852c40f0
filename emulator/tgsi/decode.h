// Pre-decoding: turns a tgsi::Shader into a Program the executor runs
// without looking anything up per instruction.
//
// Decode resolves, once per shader:
// - each instruction's handler (ops table), operand storage space, direct
//   index, indirect address register/component, swizzle, modifiers and how
//   the opcode's source type makes '-' and '|x|' act (docs/tgsi.md 3.3);
// - register file sizes and, per register, whether a declaration covers it
//   (relative addressing outside declared registers is flagged);
// - the structured control flow: IF/UIF -> ELSE/ENDIF, ELSE -> ENDIF,
//   BGNLOOP <-> ENDLOOP, BRK/CONT -> innermost loop (or switch), SWITCH ->
//   its CASE/DEFAULT/ENDSWITCH, CAL -> BGNSUB (by CAL's label), BGNSUB ->
//   ENDSUB. IF/ELSE ":N" labels are ignored (docs/tgsi.md 1.7.3).
//
// Invariants of a successfully decoded Program (ok == true):
// - flow structure is balanced, nested at most kMaxNesting deep, END only at
//   top level, every BRK/CONT has an enclosing loop/switch in its own
//   subroutine (or main), every CAL targets a BGNSUB;
// - every operand's space has storage; direct indices are inside it;
// - every instruction has a non-null handler.
// A Program that is not ok carries status kError/kUnsupported and a detail.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "compiler/tgsi/ast.h"
#include "emulator/common/test_vector.h"
#include "emulator/tgsi/machine_types.h"

namespace shaderdiff::tgsi_exec {

class Exec;
struct DInst;
using Handler = void (*)(Exec&, const DInst&);

inline constexpr int kMaxNesting = 32;  // tgsi_exec's stack depths
inline constexpr uint32_t kGsVertexStride = 32;  // GS IN[v][i] = inputs[v * 32 + i]
// A fragment program with INTERP_CENTROID (Program::interp_centroid): its
// inputs map also holds IN[i] interpolated at the centroid, at this key + i.
inline constexpr uint32_t kCentroidInputKey = 1u << 16;

// Where an operand's values live.
enum class Space : uint8_t {
  kNull,      // NULL destination (discarded)
  kTemp,      // per lane, writable
  kOut,       // per lane, writable
  kAddr,      // per lane, writable
  kIn,        // per lane, read-only (GS: vertex * 32 + attribute)
  kSv,        // per lane, read-only
  kConst,     // uniform, 2-D by buffer
  kImm,       // uniform
  kResource,  // SAMP / SVIEW / IMAGE / BUFFER ...: a unit number, not data
};

// How '-' and '|x|' act on a source (docs/tgsi.md 3.3).
enum class ModType : uint8_t { kFloat, kInt, kNone64 };

struct DIndex {
  int32_t base = 0;  // the direct index, or the offset added to the address
  bool indirect = false;
  uint8_t addr_reg = 0;
  uint8_t addr_comp = 0;
};

struct DSrc {
  Space space = Space::kNull;
  DIndex index;
  bool two_d = false;
  DIndex dim;
  uint32_t array_id = 0;
  std::array<uint8_t, 4> swz = {0, 1, 2, 3};
  bool neg = false;
  bool abs = false;
  ModType mod = ModType::kFloat;
  // Per swizzle slot: the operand plane (machine.h, Exec::FetchInPlace) of
  // a direct IMM or CONST source, -1 for every other source. Equal
  // (file, buffer, index, component, modifiers) share one id.
  std::array<int16_t, 4> plane = {-1, -1, -1, -1};
};

struct DDst {
  Space space = Space::kNull;
  DIndex index;
  uint32_t array_id = 0;
  uint8_t mask = 0xF;
};

struct DTexOffset {
  bool present = false;
  Space space = Space::kImm;
  uint32_t index = 0;
  std::array<uint8_t, 3> swz = {0, 1, 2};
};

struct DInst {
  Handler fn = nullptr;
  tgsi::Opcode op = tgsi::Opcode::NOP;
  uint32_t pc = 0;
  bool saturate = false;
  uint8_t num_src = 0;
  uint8_t num_dst = 0;
  std::array<DSrc, 5> src;
  std::array<DDst, 2> dst;
  tgsi::TextureTarget target = tgsi::TextureTarget::kUnknown;
  DTexOffset offset;  // the first texture offset (tgsi_exec honours one)
  // Flow structure (-1 when not applicable):
  //  IF/UIF: j0 = ELSE (or -1), j1 = ENDIF.      ELSE: j1 = ENDIF.
  //  BGNLOOP: j1 = ENDLOOP.  ENDLOOP: j0 = BGNLOOP.
  //  BRK/BREAKC: j0 = innermost BGNLOOP or SWITCH.  CONT: j0 = BGNLOOP.
  //  SWITCH: j1 = ENDSWITCH.  CASE/DEFAULT: j0 = SWITCH.
  //  CAL: j0 = BGNSUB.  BGNSUB: j1 = ENDSUB.
  int32_t j0 = -1;
  int32_t j1 = -1;
};

// Per register file: size and which registers a declaration covers.
struct FileLayout {
  uint32_t size = 0;
  std::vector<uint8_t> declared;  // per register index
  // ARRAY(n) declarations: id -> [first, last]
  std::vector<std::array<uint32_t, 3>> arrays;  // {id, first, last}
};

struct ConstLayout {
  uint32_t buffer = 0;
  uint32_t size = 0;               // registers with storage
  std::vector<uint8_t> declared;   // per register index
};

struct Program {
  bool ok = true;
  common::ExecStatus status = common::ExecStatus::kOk;
  std::string detail;
  tgsi::SourceLocation error_location;  // of the instruction or declaration at fault (line 0: none)

  tgsi::Processor stage = tgsi::Processor::kFragment;
  std::vector<DInst> insts;
  std::vector<uint32_t> case_lists_storage;  // SWITCH -> CASE/DEFAULT pcs (see case_lists)
  // SWITCH pc -> [begin, end) into case_lists_storage of its CASE/DEFAULT pcs in order.
  std::vector<std::array<uint32_t, 2>> case_lists;

  FileLayout temp, out, addr, in, sv;
  std::vector<ConstLayout> consts;        // sorted by buffer
  std::vector<Val> imm;                   // immediates, 4 per IMM line
  std::vector<tgsi::Semantic> sv_semantic;  // per SV index (kCount-like sentinel if undeclared)
  std::vector<uint8_t> sv_declared;
  std::vector<uint32_t> declared_outputs;   // OUT indices to report
  std::vector<uint32_t> declared_inputs;    // IN indices (GS: attributes)
  // SVIEW declarations: index -> target (SAMPLE* family).
  std::vector<tgsi::TextureTarget> sview_target;

  // Geometry shaders.
  // Input vertices of GEOM / TESS_EVAL (IN[v][i]): from GS_INPUT_PRIMITIVE,
  // else 6 (GEOM) or 32 (TESS_EVAL). gs_inputs_required: the property was
  // given, so a declared input missing for one of these vertices is an error.
  uint32_t gs_vertices = 0;
  bool gs_inputs_required = false;
  bool gs_max_vertices_set = false;
  uint32_t gs_max_vertices = 0;

  // A fragment program with INTERP_CENTROID: each wave also loads the IN
  // file's centroid twin (WaveStorage::in_centroid), which that opcode
  // reads instead of IN (ops_float.cc).
  bool interp_centroid = false;

  // Operand planes (DSrc::plane): ids 0..num_planes-1.
  uint32_t num_planes = 0;
};

// Decodes `shader`; on failure the Program has ok == false and a detail.
Program Decode(const tgsi::Shader& shader);

// Whether Decode assigns operand planes (default true). Off, every source
// is fetched as it was before planes existed: the tests prove the two give
// the same results (operand_planes_test). Not thread-safe: tests only.
void SetOperandPlanesForTest(bool on);

const ConstLayout* FindConstLayout(const Program& p, uint32_t buffer);

}  // namespace shaderdiff::tgsi_exec
