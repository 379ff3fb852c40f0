// //emulator/a3xx/isa: the Adreno a3xx shader ISA, described once as data,
// shared by the compiler (which encodes) and the emulator (which decodes).
// docs/isa-a3xx.md (shared/) is the specification this implements.
//
// The data:
//   opcodes.def        every cat0-cat6 instruction: mnemonic, category,
//                      opcode value, field layout, text syntax, operand kinds
//                      per slot, accepted flags/modifiers, precision rule,
//                      latency class
//   fields.def         the bit layout of every format (cat0..cat5 and the
//                      cat6 sub-encodings) as rows {name, [hi:lo], kind}
//   operand_forms.def  the GPR/const/relative/immediate sub-encodings
//   syntax.def         the assembly text template of every syntax form
// The code (encode.cc, decode.cc, syntax.cc, disasm.cc, assembler.cc) only
// walks those tables; layout.h's CheckTables proves them consistent.
//
// Public headers: types.h (small enums), opcode.h (Opcode, OpcodeInfo),
// instr.h (Operand, Instr, Validate), layout.h (fields, fixed bits,
// CheckTables), codec.h (Encode, Decode), disasm.h, assembler.h.
//
// Decisions where the documentation is thin ([uncertain] in the doc):
//   * (nopN) vs (r): bary.f never takes (nopN); its SRC1_R/SRC2_R are always
//     (r), because the a3xx blob sets SRC1_R on a non-repeated bary.f
//     ("bary.f (ei)hr2.x, (r)8, r0.x"). Every other cat2/cat3 opcode decodes
//     SRC1_R/SRC2_R with REPEAT == 0 as (nopN) like isaspec, so the Mesa
//     vector "(sat)(nop3) add.s" round-trips; whether a3xx honours (nopN) is
//     the emulator's call (a Mesa comment says it may not work on a3xx).
//     The encoder refuses (r) without (rptN) on those opcodes.
//   * Float-LUT immediates (h(0.0), (pi), ...) are encoded on float cat2 ops
//     (a6xx discovery, uncertain on a3xx; the encoding is known).
//   * cat4 takes no const (HW ignores the bit), no immediate and no relative
//     const; cat2 at most one const source; cat3 src2 GPR only.
//   * Type 7 is "s8" (a3xx naming, half register), not Mesa's later "u8_32".
//   * cat0: bits [31:16] are don't-care (a3xx branch offsets are 16 bits;
//     later ir3 sign-extends into them); (rptN) only on nop (3 bits, up to
//     (rpt7)); a6xx fields (BRTYPE, INDEX, EQ, OPC_HI, second predicate)
//     must be zero. emit/cut/chmask/chsh/flow_rev are accepted as listed.
//   * cat1 bit 42 must be zero; (r) is accepted on any cat1 source (Mesa
//     uses it on immediates for mova hazards); a relative destination with a
//     relative source is encodable (only an ir3 convention forbids it).
//   * Destinations p0.* and r63.* in cat2/cat3/cat4 are never half and
//     DST_CONV is ignored for them (Mesa #dest-half).
//   * (sat) is accepted on every cat2/cat3/cat4 opcode including bary.f,
//     where a3xx hardware gives wrong results (emulator's concern).
//   * cat5: .s2en reads a half register in [28:21] with descriptor mode 0;
//     .o adds src2 to one-source opcodes; the type is printed for every
//     opcode (including dsxpp.1/dsypp.1); rgetpos takes one source (Mesa);
//     bits [18:17] are don't-care.
//   * cat6: ldg/stg/ldl/ldp/ldlw/stl/stp/stlw/ldlv and local atomics are
//     encoded per the doc; sti, g2l, l2g, prefetch, resfmt, resinfo, ldgb,
//     stgb, stib, ldc and global (.g) atomics are named but rejected by the
//     encoder, decoder and assembler. Local atomics are latency class
//     mem-local ((ss), per the doc; newer ir3 treats atomics as (sy)).
//     Half data registers print with 'h' in every cat6 form (Mesa omits it
//     for ldl/ldlw/ldlv/stl).
//   * Category 7 is rejected ("not valid on a3xx").
#pragma once

#include "emulator/a3xx/isa/assembler.h"
#include "emulator/a3xx/isa/codec.h"
#include "emulator/a3xx/isa/disasm.h"
#include "emulator/a3xx/isa/instr.h"
#include "emulator/a3xx/isa/layout.h"
#include "emulator/a3xx/isa/opcode.h"
#include "emulator/a3xx/isa/types.h"
