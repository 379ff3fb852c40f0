// Validate (which no longer encodes) and Encode agree, over the programs
// Mesa's ir3 built from the corpus (corpus/external/mesa-ir3), every
// single-member perturbation of their instructions to boundary values, and
// random words:
// - an instruction Validate accepts encodes without the packer's internal
//   error, and Decode gives it back;
// - one it refuses, Encode refuses with the same message; when the refusal
//   is a range (the semantic check passed), the instruction with every row
//   value cut to its bits (PackMasked) does not decode back to it, so no
//   word holds it;
// - every word that decodes gives an instruction Validate accepts;
// - IsValid (the probe without a message) decides as Validate does, on
//   every instruction above.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include "emulator/a3xx/isa/codec.h"
#include "emulator/a3xx/isa/codec_internal.h"
#include "emulator/a3xx/isa/is_valid.h"
#include "emulator/a3xx/isa/test_util.h"

namespace shaderdiff::a3xx {
namespace {

struct Tally {
  int accepted = 0, refused = 0, range_refused = 0;
  std::vector<std::string> failures;

  void Fail(const std::string& what, const Instr& i) {
    if (failures.size() < 20) failures.push_back(what + ": " + DebugString(i));
  }

  void Check(const Instr& i) {
    if (static_cast<int>(i.opcode) >= kNumOpcodes) return;
    const std::optional<std::string> refusal = Validate(i);
    if (IsValid(i) != !refusal) Fail(std::string("IsValid says ") + (refusal ? "valid" : "invalid") + ", Validate not", i);
    std::string error;
    const std::optional<uint64_t> word = Encode(i, &error);
    if (!refusal) {
      ++accepted;
      if (!word) return Fail("accepted but Encode says " + error, i);
      const std::optional<Instr> back = Decode(*word);
      if (!back || !(*back == i)) Fail("accepted but does not decode back", i);
      return;
    }
    ++refused;
    if (word) return Fail("refused (" + *refusal + ") but Encode succeeds", i);
    if (error != *refusal) Fail("Encode's message '" + error + "' is not Validate's '" + *refusal + "'", i);
    if (internal::CheckSemantics(i)) return;
    ++range_refused;
    if (const std::optional<uint64_t> cut = internal::PackMasked(i)) {
      const std::optional<Instr> back = Decode(*cut);
      if (back && *back == i) Fail("refused for a range (" + *refusal + ") but its bits hold it", i);
    }
  }
};

std::vector<uint64_t> CorpusWords() {
  std::vector<uint64_t> words;
  const std::regex re(R"(\[([0-9a-f]{8})x_([0-9a-f]{8})x\])");
  for (const auto& e : std::filesystem::directory_iterator("corpus/external/mesa-ir3")) {
    if (e.path().extension() != ".txt") continue;
    std::ifstream in(e.path());
    std::string line;
    while (std::getline(in, line)) {
      std::smatch m;
      if (!std::regex_search(line, m, re)) continue;
      words.push_back((std::stoull(m[1].str(), nullptr, 16) << 32) | std::stoull(m[2].str(), nullptr, 16));
    }
  }
  return words;
}

// One member of an instruction set to one value.
using Perturbation = std::function<void(Instr&)>;

std::vector<Perturbation> Perturbations() {
  std::vector<Perturbation> out;
  const int64_t wide[] = {0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 63, 64, 127, 128, 255, 256, 511, 512, 1023, 1024,
                          2047, 2048, 4095, 4096, 8191, 8192, 65535, 65536, 0x7fffffff};
  for (int64_t w : wide) {
    for (int64_t v : {w, -w, -w - 1}) {
      out.push_back([v](Instr& i) { i.branch = static_cast<int32_t>(v); });
      out.push_back([v](Instr& i) { i.mem_offset = static_cast<int32_t>(v); });
      for (int s = 0; s <= kDstSlot; ++s) {
        out.push_back([v, s](Instr& i) { (s == kDstSlot ? i.dst : i.src[s]).offset = static_cast<int32_t>(v); });
        out.push_back([v, s](Instr& i) { (s == kDstSlot ? i.dst : i.src[s]).imm = static_cast<uint32_t>(v); });
      }
    }
    if (w > 0xffff) continue;
    out.push_back([w](Instr& i) { i.mem_size = static_cast<uint32_t>(w); });
    for (int s = 0; s <= kDstSlot; ++s) {
      out.push_back([w, s](Instr& i) { (s == kDstSlot ? i.dst : i.src[s]).num = static_cast<uint16_t>(w); });
    }
    if (w > 255) continue;
    const auto b = static_cast<uint8_t>(w);
    out.push_back([b](Instr& i) { i.repeat = b; });
    out.push_back([b](Instr& i) { i.nop = b; });
    out.push_back([b](Instr& i) { i.samp = b; });
    out.push_back([b](Instr& i) { i.tex = b; });
    out.push_back([b](Instr& i) { i.wrmask = b; });
    out.push_back([b](Instr& i) { i.pred_comp = b; });
    out.push_back([b](Instr& i) { i.dims = b; });
    out.push_back([b](Instr& i) { i.type_size = b; });
    out.push_back([b](Instr& i) { i.flags = b; });
    out.push_back([b](Instr& i) { i.tex_flags = b; });
    if (w > 8) continue;
    out.push_back([b](Instr& i) { i.cond = static_cast<Cond>(b); });
    out.push_back([b](Instr& i) { i.round = static_cast<Round>(b); });
    out.push_back([b](Instr& i) { i.type = static_cast<Type>(b); });
    out.push_back([b](Instr& i) { i.src_type = static_cast<Type>(b); });
    out.push_back([b](Instr& i) { i.dst_type = static_cast<Type>(b); });
    for (int k = 0; k <= static_cast<int>(OperandKind::kRelConst); ++k) {
      if (k == static_cast<int>(b)) continue;
      for (int s = 0; s <= kDstSlot; ++s) {
        out.push_back([k, s](Instr& i) { (s == kDstSlot ? i.dst : i.src[s]).kind = static_cast<OperandKind>(k); });
      }
    }
  }
  for (int s = 0; s <= kDstSlot; ++s) {
    out.push_back([s](Instr& i) { Operand& o = s == kDstSlot ? i.dst : i.src[s]; o.half = !o.half; });
    out.push_back([s](Instr& i) { Operand& o = s == kDstSlot ? i.dst : i.src[s]; o.neg = !o.neg; });
    out.push_back([s](Instr& i) { Operand& o = s == kDstSlot ? i.dst : i.src[s]; o.abs = !o.abs; });
    out.push_back([s](Instr& i) { Operand& o = s == kDstSlot ? i.dst : i.src[s]; o.r = !o.r; });
  }
  out.push_back([](Instr& i) { i.pred_inv = !i.pred_inv; });
  out.push_back([](Instr& i) { i.typed = !i.typed; });
  return out;
}

void Report(const Tally& t) {
  for (const std::string& f : t.failures) ADD_FAILURE() << f;
  std::printf("%d accepted, %d refused (%d for a range)\n", t.accepted, t.refused, t.range_refused);
}

TEST(ValidateEncodeTest, CorpusProgramsAndTheirPerturbations) {
  const std::vector<uint64_t> words = CorpusWords();
  ASSERT_GT(words.size(), 10000u) << "the mesa-ir3 corpus is missing";
  // A few distinct words per opcode are the perturbations' seeds; every
  // word is checked unperturbed.
  std::vector<Instr> seeds;
  std::vector<uint64_t> seen;
  std::map<Opcode, int> per_opcode;
  Tally t;
  for (uint64_t w : words) {
    const std::optional<Instr> i = Decode(w);
    if (!i) continue;  // ir3 words this library does not decode (unsupported cat6 forms)
    t.Check(*i);
    if (per_opcode[i->opcode] < 6 && std::find(seen.begin(), seen.end(), w) == seen.end()) {
      ++per_opcode[i->opcode];
      seen.push_back(w);
      seeds.push_back(*i);
    }
  }
  const int plain = t.accepted;
  EXPECT_GT(plain, static_cast<int>(words.size() * 9 / 10)) << "most corpus words decode";
  for (const Instr& seed : seeds) {
    for (const Perturbation& p : Perturbations()) {
      Instr i = seed;
      p(i);
      t.Check(i);
    }
  }
  Report(t);
  EXPECT_GT(t.accepted - plain, 10000) << "perturbations that stay legal";
  EXPECT_GT(t.range_refused, 3000) << "perturbations refused for a range";
}

TEST(ValidateEncodeTest, RandomWords) {
  std::mt19937_64 rng(20261127);
  Tally t;
  int decoded = 0;
  for (int n = 0; n < 400000; ++n) {
    uint64_t w = rng();
    // Keep the category and opcode bits of a real opcode now and then, so
    // that many words decode.
    if (n % 2) {
      const auto op = static_cast<Opcode>(rng() % kNumOpcodes);
      const BitPattern id = IdentityBits(op);
      w = (w & ~id.mask) | id.value;
      if (n % 4 == 1) w = (w & ~FixedBits(op).mask) | FixedBits(op).value;
    }
    const std::optional<Instr> i = Decode(w);
    if (!i) continue;
    ++decoded;
    t.Check(*i);
  }
  Report(t);
  EXPECT_EQ(t.refused, 0) << "every decoded word is accepted";
  EXPECT_GT(decoded, 10000);
}

}  // namespace
}  // namespace shaderdiff::a3xx
