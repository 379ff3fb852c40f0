// Provenance of selected a3xx instructions: which components of their TGSI
// instruction's destination they write the final value of.
//
// Both a3xx builds keep, per machine instruction, the index of the TGSI
// instruction it was emitted for (source_map). FinalWriteMasks adds the
// destination components: bit c of mask[i] is set when instruction i is the
// last instruction of its TGSI instruction (in stream order) to write the
// naive register of that instruction's destination component c, i.e. it
// writes the value the TGSI instruction stores there. Every other
// instruction (address arithmetic, compares feeding a select, scratch
// values, an earlier write the template overwrites) gets 0: an
// intermediate, which has no reference value of its own.
//
// Invariants: the result is parallel to `instrs`; only a direct destination
// in a GPR file (TEMP, OUT, ADDR) is attributed (an indirect destination or
// a second destination gives 0); nothing here changes an emitted word.
#pragma once

#include <cstdint>
#include <vector>

#include "compiler/tgsi/ast.h"
#include "emulator/a3xx/isa/instr.h"

namespace shaderdiff::naive {

class RegisterMap;  // register_map.h

std::vector<uint8_t> FinalWriteMasks(const tgsi::Shader& shader, const RegisterMap& map,
                                     const std::vector<a3xx::Instr>& instrs, const std::vector<int32_t>& source_map);

// A selection of `lowered` (compiler/passes/lower_tgsi.h) made to name the
// instructions of `original` it was lowered from: origin[j] is the original
// index of lowered instruction j. A final write of a lowered instruction
// whose destination is not its original's (a rule's scratch TEMP) becomes an
// intermediate (mask 0).
void MapThroughLowering(const tgsi::Shader& original, const tgsi::Shader& lowered, const std::vector<uint32_t>& origin,
                        std::vector<int32_t>* source_map, std::vector<uint8_t>* source_comps);

}  // namespace shaderdiff::naive
