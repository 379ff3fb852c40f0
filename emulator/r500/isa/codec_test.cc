// Worked encodings, both directions, and refusals with their reasons.
// Part A of shared/docs/isa-r500-lima-gen4.md gives no verified R500 words,
// so the words here are composed by hand from A.9's bit tables (shifts
// written out below, independently of fields.def) for the encodings A.12
// says Mesa emits for IF/ELSE/ENDIF/BGNLOOP/ENDLOOP/BRK, plus ALU, OUT and
// TEX words built the same way.
#include <gtest/gtest.h>

#include "emulator/r500/isa/codec.h"
#include "emulator/r500/isa/text.h"

namespace shaderdiff::r500 {
namespace {

struct Worked {
  const char* what;
  Words words;
  const char* text;  // its disassembly
};

const Worked kWorked[] = {
    // A.12 IF: jump, jump_func 0x0F, B_OP0 incr, ignore_uncovered; every FC has ALU_WAIT.
    {"if", {2 | 1u << 10, 0, 0x0Fu << 8 | 2u << 24 | 1u << 28, 7u << 16, 0, 0},
     "fc alu_wait fc_op=jump fc_jump_func=15 fc_b_op0=incr fc_ignore_uncovered fc_jump_addr=7"},
    // A.12 ELSE: B_ELSE, jump_func 0, B_OP1 decr, pop count 1.
    {"else", {2 | 1u << 10, 0, 1u << 4 | 1u << 16 | 1u << 26, 9u << 16, 0, 0},
     "fc alu_wait fc_op=jump fc_b_else fc_b_pop_cnt=1 fc_b_op1=decr fc_jump_addr=9"},
    // A.12 ENDIF: JUMP_ANY, jump_func 0, B_OP0 decr, pop count 1.
    {"endif", {2 | 1u << 10, 0, 1u << 5 | 1u << 16 | 1u << 24, 10u << 16, 0, 0},
     "fc alu_wait fc_op=jump fc_jump_any fc_b_pop_cnt=1 fc_b_op0=decr fc_jump_addr=10"},
    // A.12 BGNLOOP: LOOP, jump_func 0, int const 0.
    {"bgnloop", {2 | 1u << 10, 0, 1, 12u << 16, 0, 0},
     "fc alu_wait fc_op=loop fc_jump_addr=12"},
    // A.12 ENDLOOP: jump_func 0xFF, JUMP_ANY.
    {"endloop", {2 | 1u << 10, 0, 2 | 1u << 5 | 0xFFu << 8, 3u << 16, 0, 0},
     "fc alu_wait fc_op=endloop fc_jump_any fc_jump_func=255 fc_jump_addr=3"},
    // A.12 BRK: BREAKLOOP, jump_func 0xFF, B_OP1 decr, pop count 2.
    {"brk", {2 | 1u << 10, 0, 5 | 0xFFu << 8 | 2u << 16 | 1u << 26, 13u << 16, 0, 0},
     "fc alu_wait fc_op=breakloop fc_jump_func=255 fc_b_pop_cnt=2 fc_b_op1=decr fc_jump_addr=13"},
    // OUT: MAD t1.rgb*c0.rgb + 0 to output 0 (rgb) and its alpha, last, waits.
    // Slot 2 is inline constant 0 (address 0x80), as Mesa encodes unused slots.
    {"out mad",
     {1 | 1u << 2 | 1u << 8 | 7u << 15 | 1u << 18,
      1 | 1u << 18 | 0x80u << 20,
      1 | 1u << 18 | 0x80u << 20,
      0u | 1u << 5 | 2u << 8 | 1u << 13 | 0u << 15 | 1u << 18 | 2u << 21,
      0u | 3u << 14 | 1u << 19 | 3u << 21,
      2u << 12 | 4u << 14 | 4u << 17 | 4u << 20 | 2u << 25 | 4u << 27},
     "out tex_sem_wait last rgb_omask=7 alpha_omask rgb_addr0=1 rgb_const1 rgb_addr2=128 "
     "alpha_addr0=1 alpha_const1 alpha_addr2=128 rgb_swz_a_g=g rgb_swz_a_b=b rgb_sel_b=src1 "
     "rgb_swz_b_g=g rgb_swz_b_b=b alpha_op=mad alpha_swz_a=a alpha_sel_b=src1 alpha_swz_b=a "
     "rgb_op=mad rgb_sel_c=src2 rgb_swz_c_r=0 rgb_swz_c_g=0 rgb_swz_c_b=0 alpha_sel_c=src2 "
     "alpha_swz_c=0"},
    // ALU: RGB sop replicating alpha rcp, rgb presub sub, writes t0.rgba.
    {"alu sop/rcp", {7u << 11 | 1u << 14, 1u << 30, 0, 0, 10, 10},
     "alu rgb_wmask=7 alpha_wmask rgb_presub=sub alpha_op=rcp rgb_op=sop"},
    // TEX: LD unit 2, t0.rgba -> t3.rgba, acquire + wait, write mask rgba.
    {"tex ld",
     {3 | 1u << 2 | 0xFu << 11, 2u << 16 | 1u << 22 | 1u << 25,
      1u << 10 | 2u << 12 | 3u << 14 | 3u << 16 | 1u << 26 | 2u << 28 | 3u << 30, 0, 0, 0},
     "tex tex_sem_wait rgb_wmask=7 alpha_wmask tex_id=2 tex_op=ld tex_sem_acquire tex_src_t=g "
     "tex_src_r=b tex_src_q=a tex_dst=3 tex_dst_g=g tex_dst_b=b tex_dst_a=a"},
};

TEST(Codec, WorkedWordsBothWays) {
  for (const Worked& w : kWorked) {
    SCOPED_TRACE(w.what);
    std::variant<Instr, Refusal> d = Decode(w.words);
    ASSERT_TRUE(std::holds_alternative<Instr>(d)) << std::get<Refusal>(d).reason;
    EXPECT_EQ(Disassemble(std::get<Instr>(d)), w.text);
    std::variant<std::vector<Instr>, AsmError> a = Assemble(w.text);
    ASSERT_TRUE((std::holds_alternative<std::vector<Instr>>(a))) << std::get<AsmError>(a).ToString();
    ASSERT_EQ(std::get<std::vector<Instr>>(a).size(), 1u);
    std::variant<Words, Refusal> e = Encode(std::get<std::vector<Instr>>(a)[0]);
    ASSERT_TRUE(std::holds_alternative<Words>(e));
    EXPECT_EQ(std::get<Words>(e), w.words);
  }
}

TEST(Codec, FieldValuesOfAWorkedWord) {
  const Instr in = std::get<Instr>(Decode(kWorked[0].words));
  EXPECT_EQ(in.type(), InstrType::kFc);
  EXPECT_EQ(in.Get(Field::kFcJumpFunc), 0x0Fu);
  EXPECT_EQ(in.Get(Field::kFcBOp0), 2u);
  EXPECT_EQ(in.Get(Field::kFcJumpAddr), 7u);
  EXPECT_EQ(in.Get(Field::kAluWait), 1u);
}

struct Refused {
  const char* what;
  Words words;
  const char* reason;
};

const Refused kRefused[] = {
    {"reserved rgb op", {0, 0, 0, 0, 0, 6}, "field rgb_op: value 6 is reserved"},
    {"reserved alpha op", {0, 0, 0, 0, 4, 0}, "field alpha_op: value 4 is reserved"},
    {"swizzle 7", {0, 0, 0, 7u << 2, 0, 0}, "field rgb_swz_a_r: value 7 is reserved"},
    {"pred sel 6", {6u << 3, 0, 0, 0, 0, 0}, "field rgb_pred_sel: value 6 is reserved"},
    {"tex op 7", {3, 7u << 22, 0, 0, 0, 0}, "field tex_op: value 7 is reserved"},
    {"b_op 3", {2, 0, 3u << 24, 0, 0, 0}, "field fc_b_op0: value 3 is reserved"},
    {"a_op 3", {2, 0, 3u << 6, 0, 0, 0}, "field fc_a_op: value 3 is reserved"},
    {"fc inst1", {2, 1, 0, 0, 0, 0}, "inst1: reserved bits 0x00000001 set in a fc instruction"},
    {"fc inst2 bit 3", {2, 0, 8, 0, 0, 0}, "inst2: reserved bits 0x00000008 set in a fc instruction"},
    {"pop count bit 21 (stricter)", {2, 0, 1u << 21, 0, 0, 0},
     "inst2: reserved bits 0x00200000 set in a fc instruction"},
    {"tex inst4", {3, 0, 0, 0, 1, 0}, "inst4: reserved bits 0x00000001 set in a tex instruction"},
    {"tex inst1 low bits", {3, 0x8000, 0, 0, 0, 0},
     "inst1: reserved bits 0x00008000 set in a tex instruction"},
    {"inline constant rel", {0, 0x80 | 1u << 9, 0, 0, 0, 0},
     "rgb_addr0: an inline constant cannot be relative (rgb_rel0 set; A.5)"},
    {"sop without transcendental", {0, 0, 0, 0, 0, 10},
     "rgb_op sop replicates the alpha unit's transcendental result; alpha_op mad is not "
     "ex2/ln2/rcp/rsq/sin/cos (A.4)"},
    {"dp without dot product", {0, 0, 0, 0, 1, 0},
     "alpha_op dp copies the rgb unit's dot product; rgb_op mad is not dp3/dp4/d2a (A.4)"},
    {"omod disable on mad", {0, 0, 0, 7u << 26, 0, 0},
     "rgb_omod disable is only valid with min/max/cmp/cnd, not mad (A.7)"},
    {"alu writes output", {1u << 15, 0, 0, 0, 0, 0},
     "rgb_omask set in a alu instruction: only OUT instructions write outputs (A.2, A.9; render "
     "targets outside OUT: stricter reading)"},
    {"alu depth", {0, 0, 0, 0, 1u << 31, 0},
     "w_omask set in a alu instruction: only OUT instructions write outputs (A.2, A.9; render "
     "targets outside OUT: stricter reading)"},
    {"out + alu result", {1 | 1u << 18, 0, 0, 1u << 31, 0, 0},
     "an instruction cannot write outputs and the ALU result at the same time (A.7)"},
    {"out sets predicates", {1 | 1u << 28, 0, 0, 0, 0, 0},
     "stat_we set in an out instruction: OUT instructions cannot set predicates (A.7)"},
    {"fc per-channel predicate", {2 | 1u << 3, 0, 0, 0, 0, 0},
     "rgb_pred_sel rgba (per channel) in an fc instruction: its predicate must be a replicate (A.9)"},
    {"fc output mask", {2 | 1u << 15, 0, 0, 0, 0, 0},
     "rgb_omask set in a fc instruction: only OUT instructions write outputs (A.2, A.9; render "
     "targets outside OUT: stricter reading)"},
    {"acquire without wait", {3, 1u << 25, 0, 0, 0, 0},
     "tex_sem_acquire without tex_sem_wait: only one acquire may be outstanding, so an acquiring "
     "instruction must also wait (A.11)"},
    {"dxdy word on ld", {3, 1u << 22, 0, 5, 0, 0},
     "tex_dx set: US_TEX_ADDR_DXDY (inst3) is only used by tex_op dxdy, not ld (A.9; stricter "
     "reading)"},
    {"texkill swizzled", {3, 2u << 22, 0, 0, 0, 0},
     "texkill reads its source as .rgba only (A.10; stricter reading)"},
};

TEST(Codec, RefusalsWithReasons) {
  for (const Refused& r : kRefused) {
    SCOPED_TRACE(r.what);
    std::variant<Instr, Refusal> d = Decode(r.words);
    ASSERT_TRUE(std::holds_alternative<Refusal>(d)) << Disassemble(std::get<Instr>(d));
    EXPECT_EQ(std::get<Refusal>(d).reason, r.reason);
  }
}

TEST(Codec, EncodeRefusesInvalidInstr) {
  Instr in = EmptyInstr(InstrType::kFc);
  in.Set(Field::kRgbOp, 1);  // an ALU field in an FC instruction
  std::variant<Words, Refusal> e = Encode(in);
  ASSERT_TRUE(std::holds_alternative<Refusal>(e));
  EXPECT_EQ(std::get<Refusal>(e).reason, "field rgb_op does not exist in a fc instruction");
  in = EmptyInstr(InstrType::kAlu);
  in.Set(Field::kRgbDest, 128);
  e = Encode(in);
  ASSERT_TRUE(std::holds_alternative<Refusal>(e));
  EXPECT_EQ(std::get<Refusal>(e).reason, "field rgb_dest: value 128 does not fit 7 bits");
}

// A.11: with acquire and wait both set, the word is valid; the dxdy word
// is valid with tex_op dxdy.
TEST(Codec, StrictRulesStillAcceptTheLegalForms) {
  EXPECT_TRUE(std::holds_alternative<Instr>(Decode({3 | 1u << 2, 1u << 25, 0, 0, 0, 0})));
  EXPECT_TRUE(std::holds_alternative<Instr>(Decode({3, 6u << 22, 0, 5 | 1u << 23, 0, 0})));
  EXPECT_TRUE(std::holds_alternative<Instr>(
      Decode({3, 2u << 22, 1u << 10 | 2u << 12 | 3u << 14, 0, 0, 0})));
  EXPECT_TRUE(std::holds_alternative<Instr>(Decode({0, 0, 0, 0, 10, 10})));
  EXPECT_TRUE(std::holds_alternative<Instr>(Decode({0, 0, 0, 7u << 26, 0, 4})));
}

}  // namespace
}  // namespace shaderdiff::r500
