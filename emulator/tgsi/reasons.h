// Cause codes of the reference interpreter's allowed sets.
//
// Every component the interpreter produces is exact, a set, or any value
// (machine_types.h Val, common/allowed_set.h). A non-exact component carries
// the cause that made it so: a short kebab-case code from kReasonTable below,
// the single list of them, with a one-line explanation each; ReasonCode()
// maps an enumerator to its string (what ExecResult::reasons holds). The
// table's `undefined` column says where a code usually appears: true, as the
// cause of *any value*; false, as the cause of a *set* (an interval, +-0, any
// NaN). A few codes appear in both places (signed-zero: a ±0 result, or a
// branch decided by -0; nan-operand, denormal).
//
// Propagation (value_set.h): an undefined operand makes a computed result
// undefined with the operand's cause; an operand's set is carried through
// the operation (its interval's ends, zeros, NaN are evaluated), so a cause
// stops where it cannot change the result (a float compare does not see the
// sign of a zero; a compare of normal numbers does not depend on the
// denormal mode). A set computed from set operands has the cause
// inexact-operand; a copy keeps its operand's cause.
//
// Sets instead of flags (docs/tgsi.md §5 items 5-7):
// - nan-result: a float arithmetic result that is NaN: any NaN (payload, sign
//   and NaN generation are implementation-defined). Bit copies (MOV, UCMP,
//   CMP's selected word, swizzles) keep their NaN word exactly.
// - nan-operand: a result an implementation may give as NaN or as the
//   reference's value (MIN/MAX/SAT of NaN: the set {value} or any NaN), or,
//   as the cause of any value, results that depend on NaN treatment in other
//   ways (SSG, LIT, CLAMP, PK2H of NaN; IF/KILL_IF/CMP decided by a NaN).
//   Float comparisons (SLT..SNE, FSLT..FSNE, DSLT..) are IEEE-defined for NaN
//   (ordered compares false, SNE true) and are exact.
// - signed-zero: a zero whose sign is open (SSG(-0), MIN/MAX of +0/-0,
//   SAT(-0), -0 from FLR/CEIL/TRUNC/ROUND, an exact-zero dot product): the
//   set [-0, +0]; as the cause of any value, a branch or selection decided by
//   the sign of a zero. IEEE arithmetic producing -0 (e.g. -1 * 0) is exact.
// - denormal: GLSL lets any denormal input or result be flushed to zero, per
//   operation: a denormal operand is also evaluated as its signed zero, a
//   denormal result also allows that zero.
//
// Control flow: a branch, loop exit, switch selection, RET or KILL that some
// member of its operand's set decides the other way makes every component
// written under that divergence (including components the lane did *not*
// write because it took the other path) any value, with
// control-depends-on-undefined / control-depends-on-inexact, and a KILL
// decided that way makes the lane's `killed` value uncertain
// (InterpretDetailed's kill_uncertain).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace shaderdiff::tgsi_exec {

enum class Reason : uint8_t {
  kNone = 0,
  // ---- undefined ----
  kUninitialized,
  kOutputNotWritten,
  kGsOutputAfterEmit,
  kIndexOutOfRange,
  kIndexInexact,
  kUndeclaredRegister,
  kMissingInput,
  kDivergentDstIndex,
  kDivergentResourceIndex,
  kIdivByZero,
  kModByZero,
  kIntDivOverflow,
  kFloatToIntRange,
  kBitfieldRange,
  kDivByZero,
  kTxpWZero,
  kRsqDomain,
  kSqrtDomain,
  kLg2Domain,
  kPowDomain,
  kLitEdge,
  kEx2Range,
  kLogRange,
  kLogNearPowerOfTwo,
  kTrigRange,
  kIllConditioned,
  kNanOperand,
  kNanResult,
  kSignedZero,
  kDenormal,
  kDerivativeNonFragment,
  kDerivativeDivergent,
  kDerivativeAfterKill,
  kDerivativeCoarse,
  kTextureUndefined,
  kTextureComponent,
  kKilledLane,
  kControlUndefined,
  kDoublePartialPair,
  kInexactComparison,
  kInexactBits,
  kInexactCoordinate,
  kLdexpRange,
  // ---- inexact ----
  kRcp,
  kRsq,
  kSqrt,
  kEx2,
  kLg2,
  kPow,
  kSin,
  kCos,
  kDiv,
  kExp,
  kLog,
  kLit,
  kMadFusion,
  kDotRounding,
  kLrpFormula,
  kTextureFilter,
  kLodQuery,
  kConversionRounding,
  kInexactOperand,
  kControlInexact,
  kLdexpFlush,
  kCount,
};

struct ReasonInfo {
  Reason reason;
  std::string_view code;
  bool undefined;  // true: an *undefined* reason; false: an *inexact* reason
  std::string_view explanation;
};

inline constexpr std::array<ReasonInfo, static_cast<size_t>(Reason::kCount)> kReasonTable = {{
    {Reason::kNone, "", false, "flag clear"},
    // undefined
    {Reason::kUninitialized, "uninitialized", true,
     "read of a TEMP/ADDR component never written in this invocation (tgsi_exec keeps stale values)"},
    {Reason::kOutputNotWritten, "output-not-written", true,
     "an OUT component the shader never wrote (or read before writing)"},
    {Reason::kGsOutputAfterEmit, "gs-output-after-emit", true,
     "GS output not written again since the last EMIT (GLSL: outputs are undefined after EmitVertex)"},
    {Reason::kIndexOutOfRange, "index-out-of-range", true,
     "relative (ADDR-indexed) access outside the declared range/ARRAY; 0 is used"},
    {Reason::kIndexInexact, "index-inexact", true,
     "a relative address computed from an inexact value (the register chosen may differ)"},
    {Reason::kUndeclaredRegister, "undeclared-register", true,
     "direct read of an IN/CONST/IMM register the shader did not declare"},
    {Reason::kMissingInput, "missing-input", true,
     "a GS input vertex the vector does not provide (no GS_INPUT_PRIMITIVE property to require it)"},
    {Reason::kDivergentDstIndex, "divergent-dst-index", true,
     "lanes of one wave used different indirect destination addresses (tgsi_exec uses lane 0's)"},
    {Reason::kDivergentResourceIndex, "divergent-resource-index", true,
     "an indirect SAMP/SVIEW index that differs between lanes (tgsi_exec uses the first active lane's)"},
    {Reason::kIdivByZero, "idiv-by-zero", true, "IDIV / I64DIV with a zero divisor (TGSI: TBD)"},
    {Reason::kModByZero, "mod-by-zero", true, "MOD / I64MOD with a zero divisor"},
    {Reason::kIntDivOverflow, "int-div-overflow", true,
     "INT_MIN / -1 or INT_MIN % -1 (and the 64-bit analogues): traps in tgsi_exec"},
    {Reason::kFloatToIntRange, "float-to-int-range", true,
     "float->int conversion of NaN or a value outside the target range (F2I F2U ARL ARR D2I D2U F2I64 ...)"},
    {Reason::kBitfieldRange, "bitfield-range", true,
     "IBFE/UBFE/BFI with negative offset/bits or offset + bits > 32"},
    {Reason::kDivByZero, "div-by-zero", true,
     "DIV (or DDIV, RFL) by +-0: tgsi_exec leaves garbage, llvmpipe gives inf/NaN"},
    {Reason::kTxpWZero, "txp-w-zero", true, "TXP with w = 0 (tgsi_exec leaves coordinates undivided)"},
    {Reason::kRsqDomain, "rsq-domain", true, "RSQ / DRSQ / NRM of a value <= 0 (incl. -0)"},
    {Reason::kSqrtDomain, "sqrt-domain", true, "SQRT / DSQRT of a negative value"},
    {Reason::kLg2Domain, "lg2-domain", true, "LG2 of a negative value"},
    {Reason::kPowDomain, "pow-domain", true, "POW with x <= 0 or a non-finite operand"},
    {Reason::kLitEdge, "lit-edge", true,
     "LIT.z with s.x == 0, NaN s.x, or (s.x > 0 and (s.y == 0 or |s.w| > 128 or NaN s.y/s.w))"},
    {Reason::kEx2Range, "ex2-range", true, "EX2/EXP argument outside [-126, 127] (debug builds clamp)"},
    {Reason::kLogRange, "log-range", true, "LOG of 0, inf or NaN"},
    {Reason::kLogNearPowerOfTwo, "log-near-power-of-two", true,
     "LOG.x/.y where LG2(|x|) is within 2^-20 (relative) of an integer: floor() may differ by one"},
    {Reason::kTrigRange, "trig-range", true, "SIN/COS/SCS of |x| > 1024 (precision undefined)"},
    {Reason::kIllConditioned, "ill-conditioned", true,
     "the operands' allowed sets reach a pole of the operation (a divisor, RCP/RSQ/LG2/POW argument whose "
     "interval contains 0), so the result's interval is unbounded both ways"},
    {Reason::kNanOperand, "nan-operand", true,
     "NaN or the value: MIN/MAX/SAT of NaN (a set); as any value, SSG, CMP, LIT, CLAMP, PK2H or a branch on NaN"},
    {Reason::kNanResult, "nan-result", false,
     "float arithmetic produced NaN (payload, sign and NaN generation are implementation-defined)"},
    {Reason::kSignedZero, "signed-zero", false,
     "a zero whose sign is implementation-defined (SSG(-0), MIN/MAX(+0,-0), SAT(-0), -0 from FLR/CEIL/TRUNC/ROUND, "
     "an exact-zero dot product): +-0; as any value, a branch or selection decided by -0"},
    {Reason::kDenormal, "denormal", false,
     "a denormal operand or result, which any operation may flush to zero (GLSL): the set holds both readings"},
    {Reason::kDerivativeNonFragment, "derivative-non-fragment", true,
     "DDX/DDY outside a fragment shader"},
    {Reason::kDerivativeDivergent, "derivative-divergent", true,
     "derivative or implicit-LOD texture lookup with a 2x2 quad not fully active (divergent control flow)"},
    {Reason::kDerivativeAfterKill, "derivative-after-kill", true,
     "derivative or implicit-LOD texture lookup in a quad with a killed (or maybe killed) lane"},
    {Reason::kDerivativeCoarse, "derivative-coarse", true,
     "coarse DDX/DDY where the quad's two rows/columns differ (coarse vs fine and row choice vary)"},
    {Reason::kTextureUndefined, "texture-undefined", true,
     "the texture model flagged the component undefined (out-of-range fetch, missing query component, ...)"},
    {Reason::kTextureComponent, "texture-component", true,
     "TG4 component selector that is not 0..3 (as an integer or an integral float)"},
    {Reason::kKilledLane, "killed-lane", true, "output of a fragment lane that was killed"},
    {Reason::kControlUndefined, "control-depends-on-undefined", true,
     "written (or skipped) under control flow decided by an undefined value (incl. NaN/-0/denormal conditions)"},
    {Reason::kDoublePartialPair, "double-partial-pair", true,
     "64-bit op with a writemask covering only one word of a pair (tgsi_exec writes or skips the pair)"},
    {Reason::kInexactComparison, "inexact-comparison", true,
     "a comparison or float->int conversion whose operand's allowed set lies on both sides of its threshold"},
    {Reason::kInexactBits, "inexact-bits", true,
     "an integer, bit or 64-bit operation on an operand whose allowed set holds more than one word"},
    {Reason::kInexactCoordinate, "inexact-coordinate", true,
     "a texture lookup whose coordinates, offsets, LOD or reference come from an operand with an allowed set"},
    {Reason::kLdexpRange, "ldexp-range", true,
     "LDEXP with an exponent above 128 (GLSL: undefined), or of an infinity with one below -126"},
    // inexact
    {Reason::kRcp, "rcp", false, "RCP / DRCP / RCC result (approximate reciprocal allowed)"},
    {Reason::kRsq, "rsq", false, "RSQ / DRSQ / NRM result"},
    {Reason::kSqrt, "sqrt", false, "SQRT / DSQRT result"},
    {Reason::kEx2, "ex2", false, "EX2 result"},
    {Reason::kLg2, "lg2", false, "LG2 result (tgsi_exec: logf * 1.442695f)"},
    {Reason::kPow, "pow", false, "POW result"},
    {Reason::kSin, "sin", false, "SIN (or SCS.y) result"},
    {Reason::kCos, "cos", false, "COS (or SCS.x) result"},
    {Reason::kDiv, "div", false,
     "DIV / DDIV / TXP division whose divisor is not a power of two (a*rcp(b) lowering)"},
    {Reason::kExp, "exp", false, "EXP.x / EXP.z result"},
    {Reason::kLog, "log", false, "LOG.x / .y / .z result"},
    {Reason::kLit, "lit", false, "LIT.z result (a pow)"},
    {Reason::kMadFusion, "mad-fusion", false,
     "MAD/FMA where the fused and unfused results differ: both are allowed"},
    {Reason::kDotRounding, "dot-rounding", false,
     "DP2/DP3/DP4/DPH/DP2A/XPD/X2D whose partial sums are not all exact: any order and fusion, "
     "bounded by gamma_n * sum |terms|"},
    {Reason::kLrpFormula, "lrp-formula", false,
     "LRP whose terms are not exact (a*(b-c)+c vs a*b+(1-a)*c vs fused forms): bounded like a dot product"},
    {Reason::kTextureFilter, "texture-filter", false,
     "the texture model flagged the component inexact (filter weights, LOD selection, texel boundary)"},
    {Reason::kLodQuery, "lod-query", false, "LODQ/LOD result (approximate LOD computation)"},
    {Reason::kConversionRounding, "conversion-rounding", false,
     "I2F/U2F/I642F/U642F/D2F/I642D/U642D of a value not exactly representable (rounding is unspecified)"},
    {Reason::kInexactOperand, "inexact-operand", false,
     "computed from operands with allowed sets: the interval carries their bounds through the operation"},
    {Reason::kControlInexact, "control-depends-on-inexact", true,
     "written (or skipped) under control flow that some member of an inexact value's set decides the other way"},
    {Reason::kLdexpFlush, "ldexp-flush", false,
     "LDEXP with an exponent below -126, whose result GLSL lets be flushed: the exact value or a zero of its sign"},
}};

constexpr std::string_view ReasonCode(Reason r) { return kReasonTable[static_cast<size_t>(r)].code; }
constexpr bool IsUndefinedReason(Reason r) { return kReasonTable[static_cast<size_t>(r)].undefined; }

// The table is indexed by enumerator: check that it stays in order.
constexpr bool ReasonTableInOrder() {
  for (size_t i = 0; i < kReasonTable.size(); ++i) {
    if (static_cast<size_t>(kReasonTable[i].reason) != i) return false;
  }
  return true;
}
static_assert(ReasonTableInOrder(), "kReasonTable must list reasons in enum order");

}  // namespace shaderdiff::tgsi_exec
