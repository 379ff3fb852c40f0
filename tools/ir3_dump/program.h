// An ir3 variant dump (dump.h) plus the TGSI shader it was compiled from
// -> the a3xx::Program the emulator runs: the instructions (decoded from
// the dump's words, or assembled from its Mesa-syntax text when it has
// none) and the ShaderState freedreno's a3xx driver would program for it.
// The mapping is documented in tools/ir3_dump/README.md:
//
// - TGSI names -> NIR slots as tgsi_to_nir does (VS IN[i] is
//   VERT_ATTRIB_GENERICi; GENERIC[n] is VARYING_SLOT_VARn, TEXCOORD[n]
//   VARYING_SLOT_TEXn, COLOR[n] COL0/COL1, ...; FS COLOR[n] is
//   FRAG_RESULT_DATAn, or FRAG_RESULT_COLOR; FS POSITION/FACE are system
//   values), and each slot to the register ir3's trailer lines give;
// - the const file: UBO b's pushed ranges hold CONST[b] (user uniforms are
//   UBO 0), the @const lines the immediates, and the driver params (if any)
//   are uploaded as zeros (base vertex/instance 0, no user clip planes);
// - the samplers: SAMP[n] is s#n/t#n with the state the TGSI target needs
//   (compiler/targets/a3xx/naive/sampler_state.h), as the driver binds them.
//
// What the emulator cannot be told (a UBO read through a pointer, a
// system value a3xx has no field for, an output slot the TGSI does not
// declare) is kUnsupported naming it; a dump that contradicts itself or
// the shader (a word that does not decode, a varying no TGSI input
// matches) is kError with the dump's line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "compiler/tgsi/ast.h"
#include "emulator/a3xx/isa/shader_state.h"
#include "tools/ir3_dump/dump.h"

namespace shaderdiff::ir3_dump {

enum class BuildStatus { kOk, kUnsupported, kError };

struct BuildResult {
  BuildStatus status = BuildStatus::kOk;
  std::string detail;  // why not kOk ("line N: ..." where a line is to blame)
  a3xx::Program program;
  // Instruction lines whose text our Mesa-syntax assembler reads as a
  // different word than the dump's (a finding about our assembler: the
  // word is what runs). "line N: ..." each.
  std::vector<std::string> text_disagreements;
};

BuildResult BuildProgram(const Dump& dump, const tgsi::Shader& shader);

// Reads and parses DUMP and builds the program for `shader`; the error
// names the file ("FILE:LINE: ...").
BuildResult LoadProgram(const std::string& dump_path, const tgsi::Shader& shader);

// A folder of dumps names each after the shader text's XXH64 (as the
// corpus names shaders): DIR/<16 hex digits>.txt. The path if that file
// exists, else empty (the shader has no Mesa program).
std::string ProgramPathIn(const std::string& dir, uint64_t shader_hash);

}  // namespace shaderdiff::ir3_dump
