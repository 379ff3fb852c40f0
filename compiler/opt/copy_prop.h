// Copy propagation: a use of a plain bit copy (`mov.u32u32 %c, X`, no
// modifiers, no (sat), no rounding) reads X instead.
//
//   X a full-register value  -> every use reads X (SSA: always valid); phi,
//                               collect and `end` args too when X is scalar
//   X a const or immediate   -> folded into an instruction's source slot
//                               when the result passes a3xx::Validate (a
//                               cat1 32-bit immediate becomes a cat2 one
//                               only if the word is the same: -1024..1023);
//                               a const bound for mad.f32's middle factor
//                               (GPR only) goes in the first factor's slot
//                               instead when that one is a register, since
//                               the product commutes exactly
// The copy itself becomes dead and DCE removes it. Pinned and relative
// reads are never propagated (their order is fixed by deps). Every
// substitution asks the rewrite budget ("copy-prop").
//
// Then ReadWholeVectors: a collect whose args are the components of one
// vector value in order (open kNoValue components allowed: any value may
// sit there) is that vector: its users (texture coordinates, the `end`
// node's output spans) read the vector instead ("copy-prop-vector"), so
// an output that is an input or a texture result as it stands costs no
// movs.
#pragma once

#include "compiler/opt/ir.h"
#include "compiler/support/debug_counter.h"

namespace shaderdiff::opt {

bool CopyPropagate(Function& fn, compiler::RewriteBudget* budget);

bool ReadWholeVectors(Function& fn, compiler::RewriteBudget* budget);

// Whether `n` is a plain 32-bit bit copy of its one source.
bool IsPlainCopy(const Node& n);

}  // namespace shaderdiff::opt
