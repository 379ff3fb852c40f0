// Reads the text Mesa's ir3 prints for one compiled shader variant
// (ir3_shader_disasm: the standalone compiler's output, or the driver's
// disassembly debug output) into its parts, without interpreting them:
//
//   ; num_ubos: / ; num_driver_params: / ; offsets: ... ; ubo_state: ...
//   @in(r0.x)  in0 (wrmask=0xf)            preloaded inputs
//   @const(c4.x)  0x3f800000, ...          immediates the driver uploads
//   instructions, one per line, either as Mesa's disassembler prints them or
//   prefixed with Mesa's raw-word form ":CAT:NNNN:CCCC[DWORD1x_DWORD0x] "
//   (disasm_a3xx with PRINT_RAW); "lN:" label lines
//   ; VERT: outputs: r1.x (VARYING_SLOT_POS) ...
//   ; VERT: inputs: r0.x (VERT_ATTRIB_GENERIC0 slot=15 cm=f,il=0,b=0) ...
//   ; VERT prog 1/1: ... N half, N full, N constlen ...
//   ; pos: r1.x  / ; fragcoord: r0.x / ; data0: r0.x ...   named registers
//   ; ir3-failed: TEXT                     (our glue: ir3 compiled nothing)
//   ; consts_ubo: N / ; constant_data: 0x... (our glue: the constant data)
//   "Native code for ..." / "SIMD0"        (the driver's debug output; ignored)
//
// Invariants: every line is accounted for (an unknown line is an error with
// its line number, never skipped); register ids are scalar numbers
// (4 * n + component), with `half` set for hrN.c.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace shaderdiff::ir3_dump {

struct Reg {
  uint16_t id = 0;  // 4 * n + component
  bool half = false;
  bool operator==(const Reg&) const = default;
};

// One entry of ubo_state: UBO `block` bytes [start, end) live at const
// vec4 offset_vec4 onwards.
struct UboRange {
  uint32_t block = 0;
  uint32_t offset_vec4 = 0;
  uint32_t start = 0, end = 0;  // bytes
};

struct Immediate {
  uint32_t vec4 = 0;
  uint32_t words[4] = {0, 0, 0, 0};
};

struct InstrLine {
  uint32_t line = 0;         // 1-based line in the dump
  std::string text;          // the instruction as Mesa prints it
  std::optional<uint64_t> word;  // dword1 << 32 | dword0, when printed
  bool label = false;        // a branch-target line "lN:" (no instruction)
};

// "; STAGE: outputs:" entry.
struct Output {
  Reg reg;
  std::string name;  // VARYING_SLOT_POS, FRAG_RESULT_DATA0, ...
};

// "; STAGE: inputs:" entry.
struct Input {
  Reg reg;
  std::string name;  // VERT_ATTRIB_GENERIC0, VARYING_SLOT_VAR0, SYSTEM_VALUE_FRAG_COORD, ...
  uint32_t slot = 0;
  uint32_t compmask = 0;
  uint32_t inloc = 0;
  bool bary = false;
};

struct Dump {
  std::string stage;  // "VERT" or "FRAG"
  std::optional<std::string> failed;  // ir3 compiled nothing: why
  uint32_t num_ubos = 0;
  uint32_t num_driver_params = 0;
  std::map<std::string, uint32_t> offsets;  // "ubo", "driver_param", ... -> const vec4
  std::vector<UboRange> ubo_ranges;
  // The shader's constant data (constant arrays NIR moved out of the
  // code), read through UBO `consts_ubo` (our glue's "; consts_ubo:" and
  // "; constant_data:" lines; -1 and empty without them).
  int32_t consts_ubo = -1;
  std::vector<uint32_t> constant_data;
  std::vector<Reg> preloads;  // @in lines
  bool has_prefetch = false;  // @tex lines (a6xx pre-dispatch fetches)
  std::vector<Immediate> immediates;
  std::vector<InstrLine> instrs;
  std::vector<Output> outputs;
  std::vector<Input> inputs;
  std::map<std::string, Reg> named;  // "; pos: r1.x" -> {"pos", r1.x}
  // The statistics lines.
  uint32_t instr_count = 0, nops = 0, half_regs = 0, full_regs = 0, constlen = 0;
};

struct ParseError {
  uint32_t line = 0;
  std::string message;
};

// Parses a dump; nullopt with *error (line and message) if a line is not
// one of the forms above.
std::optional<Dump> Parse(std::string_view text, ParseError* error);

// "r3.y" / "hr0.x" -> Reg.
std::optional<Reg> ParseReg(std::string_view text);

}  // namespace shaderdiff::ir3_dump
