// `shaderdiff disasm` and `shaderdiff asm`: convert between a3xx binaries
// (raw little-endian 64-bit instruction words) and assembly text; with
// --target r500, R500 fragment programs (cmd_isa_r500.cc).
#include <fstream>
#include <iostream>

#include "emulator/a3xx/isa/assembler.h"
#include "emulator/a3xx/isa/codec.h"
#include "emulator/a3xx/isa/disasm.h"
#include "tools/harness/targets.h"
#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/commands.h"

namespace shaderdiff::cli {
namespace {

bool CheckTarget(const po::variables_map& vm, const char* command) {
  const std::string& t = vm["target"].as<std::string>();
  if (harness::FindTarget(t)) return true;
  std::cerr << "shaderdiff " << command << ": unknown target '" << t << "' (targets: " << harness::TargetNames() << ")\n";
  return false;
}

bool IsR500(const po::variables_map& vm) { return vm["target"].as<std::string>() == "r500"; }

// --syntax chooses between a3xx syntaxes; r500 has one.
bool SyntaxFitsTarget(const po::variables_map& vm, const char* command) {
  if (!IsR500(vm) || vm["syntax"].defaulted()) return true;
  std::cerr << "shaderdiff " << command << ": --syntax is an a3xx option (r500 has one syntax)\n";
  return false;
}

// --syntax: Mesa's (the default) or our own older syntax.
std::optional<a3xx::AsmSyntax> SyntaxOption(const po::variables_map& vm, const char* command) {
  const std::string s = vm["syntax"].as<std::string>();
  if (s == "mesa") return a3xx::AsmSyntax::kMesa;
  if (s == "shaderdiff") return a3xx::AsmSyntax::kShaderdiff;
  std::cerr << "shaderdiff " << command << ": unknown --syntax '" << s << "' (mesa, shaderdiff)\n";
  return std::nullopt;
}

constexpr const char* kSyntaxHelp =
    "assembly syntax: mesa (Mesa's a3xx disassembler's text) or shaderdiff (the syntax of compiler "
    "dumps, reports and goldens)";

}  // namespace

std::optional<std::vector<uint64_t>> ReadWords(const std::string& path, bool hex) {
  std::optional<std::string> data = ReadFile(path);
  if (!data) return std::nullopt;
  std::vector<uint64_t> words;
  if (hex) {
    size_t line_no = 0, pos = 0;
    while (pos < data->size()) {
      size_t end = data->find('\n', pos);
      if (end == std::string::npos) end = data->size();
      std::string line = data->substr(pos, end - pos);
      pos = end + 1;
      ++line_no;
      size_t first = line.find_first_not_of(" \t");
      if (first == std::string::npos || line[first] == '#' || line[first] == ';') continue;
      size_t last = line.find_first_of(" \t;#", first);
      std::string token = line.substr(first, last == std::string::npos ? last : last - first);
      // The plain form: 16 hex digits, dword1 then dword0 (as dword1_dword0 without the '_').
      if (token.size() == 16 && token.find_first_not_of("0123456789abcdefABCDEF") == std::string::npos) {
        token = token.substr(0, 8) + "_" + token.substr(8);  // (insert() trips GCC 12's -Wrestrict false positive)
      }
      std::optional<uint64_t> w = a3xx::ParseWord(token);
      if (!w) {
        std::cerr << path << ":" << line_no << ":" << first + 1
                  << ": error: expected a word as 16 hex digits or dword1_dword0\n";
        return std::nullopt;
      }
      words.push_back(*w);
    }
    return words;
  }
  if (data->size() % 8 != 0) {
    std::cerr << path << ": word " << data->size() / 8 << ": error: only " << data->size() % 8
              << " of its 8 bytes (the file's " << data->size()
              << " bytes are not a whole number of 64-bit instructions)\n";
    return std::nullopt;
  }
  for (size_t i = 0; i < data->size(); i += 8) {
    uint64_t w = 0;
    for (int b = 7; b >= 0; --b) w = (w << 8) | static_cast<uint8_t>((*data)[i + b]);
    words.push_back(w);
  }
  return words;
}

bool WriteWords(const std::string& path, const std::vector<uint64_t>& words) {
  std::ofstream out(ResolvePath(path), std::ios::binary | std::ios::trunc);
  for (uint64_t w : words) {
    char bytes[8];
    for (int b = 0; b < 8; ++b) bytes[b] = static_cast<char>((w >> (8 * b)) & 0xff);
    out.write(bytes, 8);
  }
  out.flush();
  if (!out) {
    std::cerr << path << ": error: cannot write\n";
    return false;
  }
  return true;
}

int RunDisasm(const std::vector<std::string>& args) {
  po::options_description options("disasm options");
  options.add_options()
      ("help,h", "show this help")
      ("target", po::value<std::string>()->default_value("a3xx"), "GPU target: a3xx or r500")
      ("hex", "the input is text, one word per line (16 hex digits or dword1_dword0), not raw binary")
      ("show-hex", "prefix each line with its word as dword1_dword0")
      ("syntax", po::value<std::string>()->default_value("mesa"), kSyntaxHelp)
      ("file", po::value<std::string>(), "binary file");
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (!ParseArgs(args, options, positional, &vm)) return kExitUsage;
  if (vm.count("help")) {
    PrintUsage("shaderdiff disasm [--target a3xx|r500] [--hex] [--show-hex] [--syntax mesa|shaderdiff] FILE\n\n"
               "Disassembles a binary of raw little-endian 64-bit instruction words (as written\n"
               "by `shaderdiff compile --binary` or `shaderdiff asm`), by default into the text\n"
               "Mesa's a3xx disassembler prints (with its lN: labels for forward branch targets;\n"
               "--syntax shaderdiff: the syntax of compiler dumps and reports). Words that do not decode\n"
               "are printed as '; invalid: ...' lines, reported on stderr as 'FILE: word N: error:\n"
               "...' (N counts from 0), and make the exit code 1. A word with bits the text cannot\n"
               "show (fields a3xx ignores) gets '; bits not shown: 0x...' naming them: `shaderdiff\n"
               "asm` gives back every other bit of every word.\n\n"
               "--target r500: the input is raw little-endian 32-bit dwords, six per instruction\n"
               "(inst0..inst5), or with --hex one instruction per line as six 8-hex-digit dwords;\n"
               "the output is emulator/r500/isa's syntax (TYPE field=value ..., see its README);\n"
               "an instruction the hardware cannot run is printed as '; invalid: ...' with the\n"
               "reason, reported on stderr as 'FILE: instruction N: error: ...', exit code 1.\n"
               "--show-hex prefixes the six dwords; --syntax does not apply.",
               options);
    return kExitOk;
  }
  if (!CheckTarget(vm, "disasm") || !SyntaxFitsTarget(vm, "disasm")) return kExitUsage;
  if (!vm.count("file")) {
    std::cerr << "shaderdiff disasm: no input file\n";
    return kExitUsage;
  }
  if (IsR500(vm)) return DisasmR500(vm["file"].as<std::string>(), vm.count("hex") > 0, vm.count("show-hex") > 0);
  std::optional<std::vector<uint64_t>> words = ReadWords(vm["file"].as<std::string>(), vm.count("hex") > 0);
  if (!words) return kExitFailure;
  const std::optional<a3xx::AsmSyntax> syntax = SyntaxOption(vm, "disasm");
  if (!syntax) return kExitUsage;
  std::string text = a3xx::DisassembleProgram(*words, {.show_hex = vm.count("show-hex") > 0, .syntax = *syntax});
  std::cout << text;
  // Each word that does not decode, by its 0-based position in the file.
  int invalid = 0;
  for (size_t n = 0; n < words->size(); ++n) {
    std::string why;
    if (a3xx::Decode((*words)[n], &why)) continue;
    ++invalid;
    std::cerr << vm["file"].as<std::string>() << ": word " << n << ": error: " << a3xx::FormatWord((*words)[n])
              << " does not decode: " << why << "\n";
  }
  if (invalid) std::cerr << vm["file"].as<std::string>() << ": error: " << invalid << " word(s) do not decode\n";
  return invalid ? kExitFailure : kExitOk;
}

int RunAsm(const std::vector<std::string>& args) {
  po::options_description options("asm options");
  options.add_options()
      ("help,h", "show this help")
      ("target", po::value<std::string>()->default_value("a3xx"), "GPU target: a3xx or r500")
      ("output,o", po::value<std::string>(), "write the raw binary here (default: print words as text)")
      ("syntax", po::value<std::string>()->default_value("mesa"), kSyntaxHelp)
      ("file", po::value<std::string>(), "assembly file");
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (!ParseArgs(args, options, positional, &vm)) return kExitUsage;
  if (vm.count("help")) {
    PrintUsage("shaderdiff asm [--target a3xx|r500] [--syntax mesa|shaderdiff] FILE [-o OUT.bin]\n\n"
               "Assembles a3xx assembly (by default the text Mesa's a3xx disassembler prints;\n"
               "--syntax shaderdiff: the syntax of compiler dumps; ';' and '#' comments,\n"
               "'name:' labels for branches) into raw little-endian 64-bit words, or prints\n"
               "them as dword1_dword0 text. Errors name FILE:LINE:COL.\n\n"
               "--target r500: R500 fragment assembly (emulator/r500/isa's syntax: one\n"
               "instruction per line, TYPE field=value ...) into raw little-endian 32-bit\n"
               "dwords, six per instruction, or printed as six 8-hex-digit dwords per line.\n"
               "An instruction the hardware cannot run is an error with its reason.",
               options);
    return kExitOk;
  }
  if (!CheckTarget(vm, "asm") || !SyntaxFitsTarget(vm, "asm")) return kExitUsage;
  if (!vm.count("file")) {
    std::cerr << "shaderdiff asm: no input file\n";
    return kExitUsage;
  }
  if (IsR500(vm))
    return AsmR500(vm["file"].as<std::string>(),
                   vm.count("output") ? std::optional<std::string>(vm["output"].as<std::string>()) : std::nullopt);
  const std::string file = vm["file"].as<std::string>();
  std::optional<std::string> text = ReadFile(file);
  if (!text) return kExitFailure;
  const std::optional<a3xx::AsmSyntax> syntax = SyntaxOption(vm, "asm");
  if (!syntax) return kExitUsage;
  a3xx::AsmError error;
  std::optional<std::vector<uint64_t>> words = a3xx::AssembleToWords(*text, &error, *syntax);
  if (!words) {
    std::cerr << file << ":" << error.line << ":" << error.column << ": error: " << error.message << "\n";
    return kExitFailure;
  }
  if (vm.count("output")) return WriteWords(vm["output"].as<std::string>(), *words) ? kExitOk : kExitFailure;
  for (uint64_t w : *words) std::cout << a3xx::FormatWord(w) << "\n";
  return kExitOk;
}

}  // namespace shaderdiff::cli
