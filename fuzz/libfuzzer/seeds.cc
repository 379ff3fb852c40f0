// Seed corpora and dictionaries (seeds.h).
#include "fuzz/libfuzzer/seeds.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>

#include "compiler/pipeline.h"
#include "compiler/targets/r500/opt/r500_opt.h"
#include "compiler/tgsi/names.h"
#include "compiler/tgsi/opcode.h"
#include "compiler/tgsi/validate.h"
#include "emulator/a3xx/isa/isa.h"
#include "emulator/r500/isa/codec.h"
#include "emulator/r500/isa/fields.h"
#include "emulator/r500/isa/text.h"
#include "fuzz/libfuzzer/emulate_cases.h"
#include "fuzz/libfuzzer/r500_emulate_cases.h"
#include "fuzz/libfuzzer/r500_words.h"
#include "fuzz/libfuzzer/words.h"

namespace shaderdiff::fuzz {
namespace {

constexpr size_t kChunkWords = 16;

std::vector<std::string> ShaderPaths(const std::vector<std::string>& roots, size_t max_shaders) {
  std::vector<std::string> paths;
  for (const std::string& root : roots) {
    for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
      if (e.is_regular_file() && e.path().extension() == ".tgsi") paths.push_back(e.path().string());
    }
  }
  std::sort(paths.begin(), paths.end());
  if (max_shaders == 0 || paths.size() <= max_shaders) return paths;
  std::vector<std::string> picked;
  for (size_t k = 0; k < max_shaders; ++k) picked.push_back(paths[k * paths.size() / max_shaders]);
  return picked;
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Both builds' words for one shader (none for a build that does not compile it).
std::vector<std::vector<uint64_t>> CompiledWords(const std::string& text) {
  std::vector<std::vector<uint64_t>> out;
  const tgsi::FrontDoorResult front = tgsi::ParseAndValidate(text);
  if (!front.ok()) return out;
  for (bool optimizing : {false, true}) {
    const naive::CompileResult r = compiler::CompileA3xxBuild(front.shader, optimizing);
    if (r.status != naive::CompileStatus::kOk) continue;
    std::vector<uint64_t> words;
    for (const a3xx::Instr& i : r.program.instrs) words.push_back(*a3xx::Encode(i));
    out.push_back(std::move(words));
  }
  return out;
}

// Both r500 builds' instructions for one shader (none for a build that
// does not compile it: vertex shaders, integer opcodes, ...).
std::vector<std::vector<r500::Words>> CompiledR500Words(const std::string& text) {
  std::vector<std::vector<r500::Words>> out;
  const tgsi::FrontDoorResult front = tgsi::ParseAndValidate(text);
  if (!front.ok()) return out;
  for (bool optimizing : {false, true}) {
    const r500naive::CompileResult r = r500opt::CompileR500Build(front.shader, optimizing);
    if (r.status != r500naive::Status::kOk) continue;
    std::vector<r500::Words> words;
    for (const r500::Instr& i : r.program.state.code) words.push_back(std::get<r500::Words>(r500::Encode(i)));
    out.push_back(std::move(words));
  }
  return out;
}

// The R500 emulator target's input for a compiled program, run under
// `case_index`'s bindings with that case's flow-control mode.
std::string R500EmulateSeed(size_t case_index, bool trap, const std::vector<r500::Words>& words) {
  const r500::State& state = R500EmulateCases()[case_index].program.state;
  return R500EmulateInputBytes({.case_index = case_index,
                                .trap_hazards = trap,
                                .zero_times_anything = state.zero_times_anything,
                                .full_fc = state.full_fc,
                                .words = words});
}

std::string Quoted(std::string_view word) {
  std::string s = "\"";
  for (char c : word) {
    if (c == '"' || c == '\\') s.push_back('\\');
    s.push_back(c);
  }
  return s + "\"\n";
}

}  // namespace

const std::vector<std::string>& FuzzTargetNames() {
  static const std::vector<std::string> names = {"tgsi_parse",   "compile_naive", "compile_opt",  "a3xx_decode",
                                                 "a3xx_asm",     "a3xx_emulate",  "compile_r500", "r500_decode",
                                                 "r500_asm",     "r500_emulate"};
  return names;
}

std::optional<std::vector<std::string>> MakeSeeds(const std::string& target, const std::vector<std::string>& roots,
                                                  size_t max_shaders) {
  const auto& names = FuzzTargetNames();
  if (std::find(names.begin(), names.end(), target) == names.end()) return std::nullopt;
  std::vector<std::string> seeds;
  if (target == "a3xx_emulate") {
    for (size_t c = 0; c < EmulateCases().size(); ++c) {
      for (int mode = 0; mode < 4; ++mode) {
        seeds.push_back(EmulateInputBytes({.case_index = c,
                                           .trap_hazards = (mode & 1) != 0,
                                           .mask_shift_counts = (mode & 2) != 0,
                                           .words = EmulateCases()[c].words}));
      }
    }
  }
  if (target == "r500_emulate") {
    for (size_t c = 0; c < R500EmulateCases().size(); ++c) {
      std::vector<r500::Words> words;
      for (const r500::Instr& i : R500EmulateCases()[c].program.state.code) words.push_back(std::get<r500::Words>(r500::Encode(i)));
      for (bool trap : {false, true}) seeds.push_back(R500EmulateSeed(c, trap, words));
    }
  }
  size_t n = 0;
  std::set<std::string> seen;
  for (const std::string& path : ShaderPaths(roots, max_shaders)) {
    const std::string text = ReadAll(path);
    if (target == "tgsi_parse" || target == "compile_naive" || target == "compile_opt" || target == "compile_r500") {
      seeds.push_back(text);
      continue;
    }
    if (target == "r500_decode" || target == "r500_asm" || target == "r500_emulate") {
      for (const std::vector<r500::Words>& words : CompiledR500Words(text)) {
        if (target == "r500_emulate") {
          seeds.push_back(R500EmulateSeed(n++ % R500EmulateCases().size(), false, words));
          continue;
        }
        // Pieces of kChunkWords instructions, each once (as for a3xx).
        for (size_t at = 0; at < words.size(); at += kChunkWords) {
          const std::vector<r500::Words> chunk(words.begin() + at, words.begin() + std::min(words.size(), at + kChunkWords));
          std::string seed;
          if (target == "r500_decode") {
            seed = BytesFromR500Words(chunk);
          } else {
            for (const r500::Words& w : chunk) seed += r500::Disassemble(std::get<r500::Instr>(r500::Decode(w))) + "\n";
          }
          if (seen.insert(seed).second) seeds.push_back(std::move(seed));
        }
      }
      continue;
    }
    for (const std::vector<uint64_t>& words : CompiledWords(text)) {
      if (words.size() > kMaxWords) continue;
      if (target == "a3xx_decode" || target == "a3xx_asm") {
        // Pieces of kChunkWords words, each once: every word of every input
        // is checked on its own, so short inputs run many times faster.
        for (size_t at = 0; at < words.size(); at += kChunkWords) {
          const std::vector<uint64_t> chunk(words.begin() + at, words.begin() + std::min(words.size(), at + kChunkWords));
          std::string seed = target == "a3xx_decode" ? BytesFromWords(chunk) : a3xx::DisassembleProgram(chunk);
          if (seen.insert(seed).second) seeds.push_back(std::move(seed));
        }
      } else {
        seeds.push_back(EmulateInputBytes({.case_index = n++ % EmulateCases().size(), .words = words}));
      }
    }
  }
  return seeds;
}

std::string MakeDictionary(const std::string& target) {
  std::set<std::string> words;
  if (target == "tgsi_parse" || target == "compile_naive" || target == "compile_opt" || target == "compile_r500") {
    for (int i = 0; i < tgsi::kOpcodeCount; ++i) words.insert(std::string(tgsi::GetOpcodeInfo(static_cast<tgsi::Opcode>(i)).name));
    for (std::string_view w : tgsi::kProcessorNames) words.insert(std::string(w));
    for (std::string_view w : tgsi::kFileNames) words.insert(std::string(w));
    for (std::string_view w : tgsi::kSemanticNames) words.insert(std::string(w));
    for (std::string_view w : tgsi::kTextureTargetNames) words.insert(std::string(w));
    for (std::string_view w : tgsi::kReturnTypeNames) words.insert(std::string(w));
    for (std::string_view w : tgsi::kInterpolationNames) words.insert(std::string(w));
    for (std::string_view w : tgsi::kPropertyNames) words.insert(std::string(w));
    for (std::string_view w : tgsi::kImmediateTypeNames) words.insert(std::string(w));
    for (const char* w : {"DCL ", "IMM[", "PROPERTY ", "_SAT", ".xyzw", ".xxxx", "END", "[ADDR[0].x]", "-|", "|", "{", "}"})
      words.insert(w);
  } else if (target == "a3xx_asm") {
    for (int i = 0; i < a3xx::kNumOpcodes; ++i) {
      const a3xx::OpcodeInfo& info = a3xx::GetOpcodeInfo(static_cast<a3xx::Opcode>(i));
      if (info.supported()) words.insert(std::string(info.mnemonic));
    }
    for (const char* w : {"(sy)", "(ss)", "(jp)", "(rpt", "(nop", "(ul)", "(ei)", "(sat)", "(neg)", "(abs)", "(r)",
                          "(f16)", "(xyzw)", "r0.x", "hr0.x", "c0.x", "a0.x", "p0.x", "r<a0.x + ", "c<a0.x + ", "s#",
                          "t#", "#", "l[", "g[", ".f32f32", ".u32", ".s32", ".f16"})
      words.insert(w);
  } else if (target == "r500_asm") {
    for (const r500::FieldInfo& f : r500::FieldTable()) words.insert(std::string(f.name) + "=");
    for (const r500::EnumValue& e : r500::EnumTable()) words.insert(std::string(e.name));
    for (int t = 0; t < 4; ++t) words.insert(std::string(r500::TypeName(static_cast<r500::InstrType>(t))) + " ");
  }
  std::string dict;
  for (const std::string& w : words) dict += Quoted(w);
  return dict;
}

}  // namespace shaderdiff::fuzz
