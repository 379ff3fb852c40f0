// What the generator knows about one 32-bit component while it generates
// (YARPGen's "evaluate while generating"), and the transfer functions that
// decide whether an operation on known values is free of undefined
// behaviour in the reference interpreter (emulator/tgsi/reasons.h).
//
// Kinds and their invariants:
// - kFloat: an exact binary32 value in [lo, hi] that is a multiple of
//   2^-grid with |v| * 2^grid <= 2^24, so ADD/MUL/MAD/DP of such values never
//   round (no mad-fusion or dot-rounding set), never overflow and are never
//   denormal. zero_sign_open: it may be a zero whose sign the reference
//   leaves open (FLR(-0), MIN(+0,-0), ...): fine for float compares and
//   float->int conversions, not for IF or bit reads.
// - kInexact: a float of unknown value, one word (is_set false: a float read
//   of an input word) or a set (an interval, NaN, Inf: is_set true); float
//   arithmetic reads words only (its result is a set), MOV and output
//   stores read both, never a compare, conversion, branch or integer
//   operation.
// - kInt: an exact word; as a signed integer in [ilo, ihi].
// - kRaw: an exact word from the test vector (IN, CONST): any bits. Read as
//   a float it is kInexact, read as an integer kInt over the full range.
// - kUndef: never written on some path: never read.
// A transfer function returns nullopt when the operation could be undefined
// for some value in the operands' ranges; the generator then picks again.
#pragma once

#include <cstdint>
#include <optional>

#include "compiler/tgsi/opcode.h"

namespace shaderdiff::fuzz {

enum class Kind : uint8_t { kUndef, kFloat, kInexact, kInt, kRaw };

struct AbsVal {
  Kind kind = Kind::kUndef;
  double lo = 0, hi = 0;  // kFloat
  int grid = 0;           // kFloat: the value is a multiple of 2^-grid
  bool zero_sign_open = false;
  // kInexact: the reference's value is a set (an interval, any NaN, ...),
  // not one word of unknown value; a dot product of a set is undefined.
  bool is_set = true;
  int64_t ilo = 0, ihi = 0;  // kInt

  static AbsVal Float(double lo, double hi, int grid, bool zso = false);
  static AbsVal Inexact(bool is_set = true);
  static AbsVal Int(int64_t lo, int64_t hi);
  static AbsVal IntFull();
  static AbsVal Raw();
  bool defined() const { return kind != Kind::kUndef; }
  // Readable by a float operation (as kFloat or kInexact) / an integer one.
  bool float_readable() const { return kind == Kind::kFloat || kind == Kind::kInexact || kind == Kind::kRaw; }
  bool int_readable() const { return kind == Kind::kInt || kind == Kind::kRaw; }
  bool exact_float() const { return kind == Kind::kFloat; }
  bool operator==(const AbsVal&) const = default;
};

inline constexpr int64_t kIntMin = -2147483648ll;
inline constexpr int64_t kIntMax = 2147483647ll;

// The value a float-reading operation sees (kRaw -> kInexact), after the
// source modifiers.
AbsVal AsFloat(const AbsVal& v, bool negate, bool absolute);
// The value an integer-reading operation sees (kRaw -> full range).
AbsVal AsInt(const AbsVal& v);
// The grid of an exact float constant (0..8), or nullopt if it has none.
std::optional<int> GridOf(double v);
// What a component holds after two paths meet (IF/ELSE, UCMP).
AbsVal Join(const AbsVal& a, const AbsVal& b);

// The result of `op` on one component's operands (already read through
// AsFloat/AsInt as the opcode's source type says); nullopt when undefined
// behaviour is possible. Opcodes the generator does not use return nullopt.
std::optional<AbsVal> Transfer(tgsi::Opcode op, const AbsVal* src, int num_src);

}  // namespace shaderdiff::fuzz

namespace shaderdiff::fuzz {
// DP2/DP3/DP4 of n component pairs (a[i], b[i]), read as floats.
std::optional<AbsVal> DotTransfer(const AbsVal* a, const AbsVal* b, int n);
}  // namespace shaderdiff::fuzz
