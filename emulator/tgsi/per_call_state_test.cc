// The per-call set-up that the thread's reused storage makes cheap must
// never let one call's state reach the next (interpreter.cc):
// - the constant bank (BuildConsts fills each index once: the vector's
//   words where it gives them, 0 in the gaps and after the last) is, after
//   calls that filled the same storage with other words, exactly the
//   definition: the vector's word, else 0;
// - StartWave resets only what the wave's segments do not load: an
//   undeclared SV or IN register read after a call that loaded it is still
//   any value (undeclared-register), and a declared one is the new vector's;
// - CollectWave copies the words alone of an output whose lanes are all
//   exact, and flags the killed lanes of a fragment wave.
// Calls alternate widths (4, 16, 64 lanes) so the per-block fills see
// lanes beyond the wave.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "emulator/tgsi/test_util.h"

namespace shaderdiff::tgsi_exec {
namespace {

using namespace testing;

// OUT[0..7] = CONST[0][0..7], OUT[8..10] = CONST[2][1..3]; CONST[0][4] is
// not declared (a gap in the bank: any value).
constexpr const char* kConstShader =
    "VERT\n"
    "DCL CONST[0][0..3]\n"
    "DCL CONST[0][5..7]\n"
    "DCL CONST[2][1..3]\n"
    "DCL OUT[0..10], GENERIC[0]\n"
    "MOV OUT[0], CONST[0][0]\nMOV OUT[1], CONST[0][1]\nMOV OUT[2], CONST[0][2]\nMOV OUT[3], CONST[0][3]\n"
    "MOV OUT[4], CONST[0][4]\nMOV OUT[5], CONST[0][5]\nMOV OUT[6], CONST[0][6]\nMOV OUT[7], CONST[0][7]\n"
    "MOV OUT[8], CONST[2][1]\nMOV OUT[9], CONST[2][2]\nMOV OUT[10], CONST[2][3]\n"
    "END\n";

Vec4 Distinct(uint32_t buffer, uint32_t index, uint32_t salt) {
  const float base = static_cast<float>(1000 * salt + 100 * buffer + 4 * index) + 1.0f;
  return F4(base, base + 1, base + 2, base + 3);
}

// Checks every output of kConstShader against the bank's definition.
void ExpectBank(const Outcome& o, const common::TestVector& v, const std::string& what) {
  const struct { uint32_t out, buffer, index; } reads[] = {
      {0, 0, 0}, {1, 0, 1}, {2, 0, 2}, {3, 0, 3}, {4, 0, 4}, {5, 0, 5},
      {6, 0, 6}, {7, 0, 7}, {8, 2, 1}, {9, 2, 2}, {10, 2, 3},
  };
  for (const auto& r : reads) {
    Vec4 want{0, 0, 0, 0};
    if (const auto b = v.constants.find(r.buffer); b != v.constants.end()) {
      if (const auto i = b->second.find(r.index); i != b->second.end()) want = i->second;
    }
    for (uint32_t lane = 0; lane < v.lanes; ++lane) {
      for (int c = 0; c < 4; ++c) {
        if (r.out == 4) {  // undeclared: any value, whatever the bank holds
          EXPECT_TRUE(o.Undef(r.out, lane, c)) << what;
          EXPECT_EQ(o.Why(r.out, lane, c), "undeclared-register") << what;
          continue;
        }
        ASSERT_TRUE(o.Clean(r.out, lane, c)) << what << " OUT[" << r.out << "]";
        ASSERT_EQ(o.W(r.out, lane, c), want[c])
            << what << " CONST[" << r.buffer << "][" << r.index << "] lane " << lane << " comp " << c;
      }
    }
  }
}

TEST(PerCallState, ConstantBankIsTheVectorsWordsElseZero) {
  // Everything given (and entries the shader does not declare: buffer 1,
  // CONST[0][9]), then gaps of every kind, then everything again.
  common::TestVector full = Vector(tgsi::Processor::kVertex, 16);
  for (uint32_t i = 0; i < 10; ++i) full.constants[0][i] = Distinct(0, i, 1);
  for (uint32_t i = 0; i < 4; ++i) full.constants[1][i] = Distinct(1, i, 1);
  for (uint32_t i = 0; i < 5; ++i) full.constants[2][i] = Distinct(2, i, 1);
  common::TestVector gappy = Vector(tgsi::Processor::kVertex, 4);
  gappy.constants[0][2] = Distinct(0, 2, 2);  // 0, 1 missing before it
  gappy.constants[0][6] = Distinct(0, 6, 2);  // 3, 5 missing between, 7 after
  gappy.constants[0][8] = Distinct(0, 8, 2);  // past the declarations
  gappy.constants[1][0] = Distinct(1, 0, 2);  // buffer 2 not given at all
  common::TestVector only_last = Vector(tgsi::Processor::kVertex, 64);
  only_last.constants[2][3] = Distinct(2, 3, 3);  // buffer 0 not given at all

  const std::shared_ptr<const PreparedShader> p = Prepare(Parse(kConstShader));
  int round = 0;
  for (const common::TestVector* v : {&full, &gappy, &full, &only_last, &gappy, &only_last, &full}) {
    Outcome o;
    o.d = Interpret(*p, *v, {});
    ASSERT_EQ(o.d.status, common::ExecStatus::kOk) << o.d.detail;
    ExpectBank(o, *v, "call " + std::to_string(round++));
  }
}

// SV[0] is VERTEXID in the first shader and undeclared in the second, which
// has storage for it (SV[1] is declared); likewise IN[1].
constexpr const char* kDeclaresAll =
    "VERT\nDCL IN[0..2]\nDCL SV[0], VERTEXID\nDCL SV[1], INSTANCEID\nDCL OUT[0..2], GENERIC[0]\n"
    "MOV OUT[0], SV[0]\nMOV OUT[1], SV[1]\nMOV OUT[2], IN[1]\nEND\n";
constexpr const char* kLeavesGaps =
    "VERT\nDCL IN[0]\nDCL IN[2]\nDCL SV[1], INSTANCEID\nDCL OUT[0..2], GENERIC[0]\n"
    "MOV OUT[0], SV[0]\nMOV OUT[1], SV[1]\nMOV OUT[2], IN[1]\nEND\n";

common::TestVector SvVector(uint32_t lanes, float salt) {
  common::TestVector v = Vector(tgsi::Processor::kVertex, lanes);
  for (uint32_t i = 0; i < 3; ++i) SetInput(v, i, Splat(salt + static_cast<float>(i)));
  v.system_values["VERTEXID"] = common::LaneVec4s(lanes, U4(7, 7, 7, 7));
  v.system_values["INSTANCEID"] = common::LaneVec4s(lanes, U4(9, 9, 9, 9));
  return v;
}

TEST(PerCallState, UndeclaredRegistersStayUndefinedAfterALoadedOne) {
  const std::shared_ptr<const PreparedShader> all = Prepare(Parse(kDeclaresAll));
  const std::shared_ptr<const PreparedShader> gaps = Prepare(Parse(kLeavesGaps));
  const common::TestVector wide = SvVector(64, 10), narrow = SvVector(4, 20), mid = SvVector(16, 30);
  // The gappy vectors lack IN[1] (undeclared there): it must not be read
  // from the earlier call's storage either.
  common::TestVector narrow_gap = narrow, mid_gap = mid;
  narrow_gap.inputs.erase(1);
  mid_gap.inputs.erase(1);
  const struct { const PreparedShader* p; const common::TestVector* v; } calls[] = {
      {all.get(), &wide}, {gaps.get(), &narrow}, {all.get(), &mid}, {gaps.get(), &mid_gap},
      {all.get(), &narrow}, {gaps.get(), &narrow_gap}, {all.get(), &wide}, {gaps.get(), &mid},
  };
  int k = 0;
  for (const auto& call : calls) {
    Outcome o;
    o.d = Interpret(*call.p, *call.v, {});
    ASSERT_EQ(o.d.status, common::ExecStatus::kOk) << o.d.detail;
    const bool declares_all = call.p == all.get();
    const float in1 = Wf(call.v->inputs.count(1) ? call.v->inputs.at(1)[0][0] : 0);
    for (uint32_t lane = 0; lane < call.v->lanes; ++lane) {
      for (int c = 0; c < 4; ++c) {
        if (declares_all) {
          ASSERT_TRUE(o.Clean(0, lane, c) && o.Clean(1, lane, c) && o.Clean(2, lane, c)) << "call " << k;
          ASSERT_EQ(o.W(0, lane, c), 7u) << "call " << k;
          ASSERT_EQ(o.F(2, lane, c), in1) << "call " << k;
        } else {
          ASSERT_TRUE(o.Undef(0, lane, c)) << "call " << k << " SV[0] lane " << lane;
          EXPECT_EQ(o.Why(0, lane, c), "undeclared-register") << "call " << k;
          ASSERT_TRUE(o.Undef(2, lane, c)) << "call " << k << " IN[1] lane " << lane;
          EXPECT_EQ(o.Why(2, lane, c), "undeclared-register") << "call " << k;
        }
        ASSERT_TRUE(o.Clean(1, lane, c)) << "call " << k;
        ASSERT_EQ(o.W(1, lane, c), 9u) << "call " << k;
      }
    }
    ++k;
  }
}

// A fragment wave whose output is exact on every lane but where some lanes
// are killed: the killed lanes are killed-lane, the others their words.
TEST(PerCallState, KilledLanesOfAnExactOutputAreFlagged) {
  constexpr const char* kText =
      "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n"
      "MOV OUT[0], IN[0]\nKILL_IF IN[0].xxxx\nEND\n";
  for (uint32_t lanes : {4u, 16u, 64u}) {
    common::TestVector v = Vector(tgsi::Processor::kFragment, lanes);
    std::vector<Vec4> values;
    for (uint32_t l = 0; l < lanes; ++l) values.push_back(Splat(l % 3 == 1 ? -1.0f : static_cast<float>(l)));
    SetInputLanes(v, 0, values);
    const Outcome o = RunText(kText, v);
    for (uint32_t l = 0; l < lanes; ++l) {
      const bool killed = l % 3 == 1;
      ASSERT_EQ(o.r().killed.at(l), killed) << "lane " << l;
      for (int c = 0; c < 4; ++c) {
        if (killed) {
          ASSERT_TRUE(o.Undef(0, l, c)) << lanes << " lanes, lane " << l;
          EXPECT_EQ(o.Why(0, l, c), "killed-lane");
        } else {
          ASSERT_TRUE(o.Clean(0, l, c)) << lanes << " lanes, lane " << l;
          ASSERT_EQ(o.F(0, l, c), static_cast<float>(l));
        }
      }
    }
  }
}

}  // namespace
}  // namespace shaderdiff::tgsi_exec
