// The opcode -> handler table and the generic shapes op handlers are built
// from.
//
// A *kernel* computes one lane's result word from already-fetched source
// words:
//   struct K {
//     static constexpr int kSrc = N;          // number of source words
//     static constexpr bool kNanResult = ..;  // a NaN result is "nan-result"
//     static constexpr bool kCopy = ..;       // result is a copy of a source
//     static Word Eval(Fp& fp, const Word* a, Reason& undef, Reason& inexact);
//   };
// Eval does every float operation through `fp` so EvalKernel can re-run it
// under the other denormal modes (fp.h). It may set an op-specific undefined
// or inexact reason. Source flags are merged by the caller (InFlags), so a
// kernel never looks at them.
//
// Shapes: CompOp<K> (component-wise: dst.c from slot c of every source),
// ReplOp<K> (replicated scalar from slot x of every source). Everything else
// (dot products, LIT, derivatives, textures, flow, 64-bit pairs) has its own
// handler in the ops_*.cc files.
#pragma once

#include <cmath>

#include <array>

#include "compiler/tgsi/opcode.h"
#include "emulator/tgsi/decode.h"
#include "emulator/tgsi/machine.h"

namespace shaderdiff::tgsi_exec {

struct HandlerTable {
  std::array<Handler, tgsi::kOpcodeCount> fn{};
  void Set(tgsi::Opcode op, Handler h) { fn[static_cast<size_t>(op)] = h; }
};

// Built once (thread-safe static); opcodes without a handler are reported as
// unsupported by Decode.
const HandlerTable& Handlers();

void RegisterFloatOps(HandlerTable& t);
void RegisterIntOps(HandlerTable& t);
void RegisterConvertOps(HandlerTable& t);
void RegisterFlowOps(HandlerTable& t);
void RegisterTextureOps(HandlerTable& t);
void RegisterDoubleOps(HandlerTable& t);

// Below this magnitude an inexact operand of DIV/RCP/RSQ/LG2/POW makes the
// result ill-conditioned (reasons.h); so does a sum with an inexact term
// whose result is this many times smaller than its largest term.
inline constexpr float kIllConditionedBelow = 0x1p-10f;

// Evaluates kernel K for one lane under the configured denormal mode, adds
// "denormal" when another mode gives different bits and "nan-result" for NaN
// results of arithmetic kernels, then merges the sources' flags.
// `singular_inexact`: the kernel's kSingularOperand is an inexact value.
template <class K>
inline Val EvalKernel(const Exec& ex, const Word* a, InFlags in, bool singular_inexact = false) {
  Fp fp = ex.PrimaryFp();
  Reason u = Reason::kNone;
  Reason x = Reason::kNone;
  const Word r = K::Eval(fp, a, u, x);
  if constexpr (K::kSingularOperand >= 0) {
    if (singular_inexact && u == Reason::kNone && std::fabs(F(a[K::kSingularOperand])) < kIllConditionedBelow)
      u = Reason::kIllConditioned;
  }
  if constexpr (K::kCancels) {
    // Catastrophic cancellation of an inexact operand: a result more than
    // 2^10 times smaller than the largest term turns the operand's tiny
    // relative error into an unbounded one (x - 289 * floor(x / 289) with
    // an inexact quotient, at large x).
    if (in.x != Reason::kNone && in.u == Reason::kNone && u == Reason::kNone) {
      const float big = K::LargestTerm(a);
      if (std::isfinite(big) && big > 0.0f && !(std::fabs(F(r)) >= big * kIllConditionedBelow)) {
        u = Reason::kIllConditioned;
      }
    }
  }
  if (in.u == Reason::kNone && u == Reason::kNone) {
    if (fp.saw) {
      for (Fp alt : ex.AltFps()) {
        Reason du = Reason::kNone, dx = Reason::kNone;
        if (K::Eval(alt, a, du, dx) != r) {
          u = Reason::kDenormal;
          break;
        }
      }
    }
    if (u == Reason::kNone && K::kNanResult && IsNanW(r)) u = Reason::kNanResult;
  }
  if constexpr (K::kCopy) {
    Val v = FinishCopy(r, in, u);
    if (v.inexact == Reason::kNone) v.inexact = x;
    return v;
  } else {
    return Finish(r, in, u, x);
  }
}

// Whether kernel K's singular operand is inexact in lane l.
template <class K>
inline bool SingularInexact(const Lanes* const* s, int l) {
  if constexpr (K::kSingularOperand >= 0) return s[K::kSingularOperand]->x[l] != Reason::kNone;
  return false;
}

template <class K>
void CompOp(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  constexpr int N = K::kSrc;
  for (int c = 0; c < 4; ++c) {
    if (!(in.dst[0].mask & (1u << c))) continue;
    const Lanes* s[N > 0 ? N : 1];
    for (int i = 0; i < N; ++i) s[i] = &ex.Fetch(in, i, c, m);
    Lanes& r = ex.Result(0, c);
    ForLanes(m, [&](int l) {
      Word a[N > 0 ? N : 1];
      InFlags f;
      for (int i = 0; i < N; ++i) {
        a[i] = s[i]->w[l];
        f.Add(*s[i], l);
      }
      r.Set(l, EvalKernel<K>(ex, a, f, SingularInexact<K>(s, l)));
    });
  }
  ex.Store(in, 0);
}

template <class K>
void ReplOp(Exec& ex, const DInst& in) {
  if (!ex.AnyPotential()) return;
  const LaneMask m = ex.exec;
  constexpr int N = K::kSrc;
  const Lanes* s[N];
  for (int i = 0; i < N; ++i) s[i] = &ex.Fetch(in, i, 0, m);
  Lanes& r = ex.Result(0, 0);
  ForLanes(m, [&](int l) {
    Word a[N];
    InFlags f;
    for (int i = 0; i < N; ++i) {
      a[i] = s[i]->w[l];
      f.Add(*s[i], l);
    }
    r.Set(l, EvalKernel<K>(ex, a, f, SingularInexact<K>(s, l)));
  });
  for (int c = 1; c < 4; ++c) {
    if (in.dst[0].mask & (1u << c)) {
      Lanes& rc = ex.Result(0, c);
      ForLanes(m, [&](int l) { rc.Set(l, r.Get(l)); });
    }
  }
  ex.Store(in, 0);
}

// Writes `v` (already computed for the lanes in ex.exec) to every channel of
// the first destination's write mask.
inline void StoreReplicated(Exec& ex, const DInst& in, const Lanes& v) {
  for (int c = 0; c < 4; ++c) {
    if (in.dst[0].mask & (1u << c)) {
      Lanes& rc = ex.Result(0, c);
      if (&rc != &v) ForLanes(ex.exec, [&](int l) { rc.Set(l, v.Get(l)); });
    }
  }
  ex.Store(in, 0);
}

// Base for kernels: float arithmetic with a NaN check, not a copy.
struct ArithKernel {
  static constexpr int kSingularOperand = -1;  // operand whose values near 0 make the op ill-conditioned
  static constexpr bool kCancels = false;      // a sum whose terms may cancel (LargestTerm)
  static constexpr bool kNanResult = true;
  static constexpr bool kCopy = false;
};
// Base for kernels producing integers / booleans.
struct IntKernel {
  static constexpr int kSingularOperand = -1;  // operand whose values near 0 make the op ill-conditioned
  static constexpr bool kCancels = false;      // a sum whose terms may cancel (LargestTerm)
  static constexpr bool kNanResult = false;
  static constexpr bool kCopy = false;
};
// Base for selections / bit copies.
struct CopyKernel {
  static constexpr int kSingularOperand = -1;  // operand whose values near 0 make the op ill-conditioned
  static constexpr bool kCancels = false;      // a sum whose terms may cancel (LargestTerm)
  static constexpr bool kNanResult = false;
  static constexpr bool kCopy = true;
};

}  // namespace shaderdiff::tgsi_exec
