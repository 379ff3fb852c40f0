// Test helpers for the a3xx ISA library: gtest printers for Instr/Operand,
// the verified encodings of docs/isa-a3xx.md §3.10, and the round-trip
// check every encoding test uses.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/a3xx/isa/isa.h"

namespace shaderdiff::a3xx {

// gtest prints values through these (found by ADL).
void PrintTo(const Instr& instr, std::ostream* os);
void PrintTo(const Operand& operand, std::ostream* os);

namespace testing_util {

struct EncodingVector {
  const char* hex;   // "dword1_dword0"
  const char* text;  // expected disassembly
  const char* source;
};

// docs/isa-a3xx.md §3.10: real a3xx blob output (freedreno wiki).
const std::vector<EncodingVector>& BlobVectors();
// docs/isa-a3xx.md §3.10: Mesa disassembler test vectors (a5xx/a6xx, shared
// layouts).
const std::vector<EncodingVector>& MesaVectors();

// Encode -> Decode == instr, the word matches FixedBits, Disassemble ->
// AssembleInstr == instr and Disassemble(Decode(word)) == Disassemble(instr).
// nullopt on success, else a description of the first failure.
std::optional<std::string> CheckRoundTrip(const Instr& instr);

// A word that decodes: the assembly DisassembleProgram prints for it
// assembles back to the same word, or the line says which bits it does not
// show (and those are exactly the bits that differ). nullopt on success.
std::optional<std::string> CheckWordRoundTrip(uint64_t word);

}  // namespace testing_util
}  // namespace shaderdiff::a3xx
