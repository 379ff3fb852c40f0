// Transfer functions of the generator's value ranges (abstract_value.h).
#include "fuzz/gen/abstract_value.h"

#include <algorithm>
#include <cmath>

namespace shaderdiff::fuzz {
namespace {

using tgsi::Opcode;

constexpr double kExactLimit = 16777216.0;  // 2^24
constexpr int kMaxGrid = 16;

bool InInt32(int64_t v) { return v >= kIntMin && v <= kIntMax; }

AbsVal IntOrFull(int64_t lo, int64_t hi) {
  if (!InInt32(lo) || !InInt32(hi)) return AbsVal::IntFull();
  return AbsVal::Int(lo, hi);
}

bool Contains0(const AbsVal& v) { return v.lo <= 0 && v.hi >= 0; }

// An exact float result over [lo, hi] with `grid`, or kInexact when the
// grid/magnitude bound of kFloat does not hold.
AbsVal FloatOrInexact(double lo, double hi, int grid, bool zso) {
  if (grid > kMaxGrid) return AbsVal::Inexact();
  const double m = std::max(std::fabs(lo), std::fabs(hi));
  if (std::ldexp(m, grid) > kExactLimit) return AbsVal::Inexact();
  return AbsVal::Float(lo, hi, grid, zso);
}

bool AnyInexact(const AbsVal* s, int n) {
  for (int i = 0; i < n; ++i)
    if (s[i].kind != Kind::kFloat) return true;
  return false;
}

// The smallest 2^k - 1 >= v (v >= 0).
int64_t BitCeilMask(int64_t v) {
  int64_t m = 0;
  while (m < v) m = m * 2 + 1;
  return m;
}

std::optional<AbsVal> FloatTransfer(Opcode op, const AbsVal* s, int n) {
  // Operations that accept inexact operands (the result is then a set).
  switch (op) {
    case Opcode::MOV:
      return s[0];
    case Opcode::ADD:
    case Opcode::MUL:
    case Opcode::MAD:
    case Opcode::MIN:
    case Opcode::MAX:
      // Arithmetic on float words of unknown value gives a set; arithmetic
      // on a set may be undefined in the reference (it does not compose
      // every set), so sets are only copied.
      for (int i = 0; i < n; ++i)
        if (s[i].kind == Kind::kInexact && s[i].is_set) return std::nullopt;
      if (AnyInexact(s, n)) return AbsVal::Inexact();
      break;
    default:
      if (AnyInexact(s, n)) return std::nullopt;
  }
  const AbsVal& a = s[0];
  switch (op) {
    case Opcode::ADD: {
      const AbsVal& b = s[1];
      const double lo = a.lo + b.lo, hi = a.hi + b.hi;
      const bool zso = (a.zero_sign_open && Contains0(b)) || (b.zero_sign_open && Contains0(a));
      return FloatOrInexact(lo, hi, std::max(a.grid, b.grid), zso && lo <= 0 && hi >= 0);
    }
    case Opcode::MUL:
    case Opcode::MAD: {
      const AbsVal& b = s[1];
      const double c[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
      double lo = *std::min_element(c, c + 4), hi = *std::max_element(c, c + 4);
      int grid = a.grid + b.grid;
      bool zso = (a.zero_sign_open || b.zero_sign_open) && lo <= 0 && hi >= 0;
      AbsVal p = FloatOrInexact(lo, hi, grid, zso);
      if (op == Opcode::MUL || p.kind != Kind::kFloat) return p;
      AbsVal sum[2] = {p, s[2]};
      return FloatTransfer(Opcode::ADD, sum, 2);
    }
    case Opcode::MIN:
    case Opcode::MAX: {
      const AbsVal& b = s[1];
      const bool zso = Contains0(a) && Contains0(b);
      if (op == Opcode::MIN) return AbsVal::Float(std::min(a.lo, b.lo), std::min(a.hi, b.hi), std::max(a.grid, b.grid), zso || a.zero_sign_open || b.zero_sign_open);
      return AbsVal::Float(std::max(a.lo, b.lo), std::max(a.hi, b.hi), std::max(a.grid, b.grid), zso || a.zero_sign_open || b.zero_sign_open);
    }
    case Opcode::FLR:
    case Opcode::CEIL:
    case Opcode::TRUNC:
    case Opcode::ROUND: {
      double lo = 0, hi = 0;
      if (op == Opcode::FLR) lo = std::floor(a.lo), hi = std::floor(a.hi);
      if (op == Opcode::CEIL) lo = std::ceil(a.lo), hi = std::ceil(a.hi);
      if (op == Opcode::TRUNC) lo = std::trunc(a.lo), hi = std::trunc(a.hi);
      if (op == Opcode::ROUND) lo = std::floor(a.lo) , hi = std::ceil(a.hi);
      return AbsVal::Float(lo, hi, 0, lo <= 0 && hi >= 0);
    }
    case Opcode::FRC: {
      const double step = std::ldexp(1.0, -a.grid);
      return AbsVal::Float(0, a.grid == 0 ? 0 : 1 - step, a.grid, Contains0(a) || a.lo < 0);
    }
    case Opcode::SLT:
    case Opcode::SGE:
    case Opcode::SEQ:
    case Opcode::SNE:
      return AbsVal::Float(0, 1, 0);
    case Opcode::FSLT:
    case Opcode::FSGE:
    case Opcode::FSEQ:
    case Opcode::FSNE:
      return AbsVal::Int(-1, 0);
    case Opcode::RCP:
      if (a.zero_sign_open || Contains0(a)) return std::nullopt;
      return AbsVal::Inexact();
    case Opcode::RSQ:
    case Opcode::LG2:
    case Opcode::SQRT:
      if (a.zero_sign_open || a.lo <= 0) return std::nullopt;
      return AbsVal::Inexact();
    case Opcode::EX2:
      if (a.lo < -30 || a.hi > 30) return std::nullopt;
      return AbsVal::Inexact();
    case Opcode::F2I:
      if (a.lo <= -2147483648.0 || a.hi >= 2147483647.0) return std::nullopt;
      return AbsVal::Int(static_cast<int64_t>(std::trunc(a.lo)), static_cast<int64_t>(std::trunc(a.hi)));
    case Opcode::F2U:
      if (a.lo <= -1.0 || a.hi >= 4294967295.0) return std::nullopt;
      return IntOrFull(static_cast<int64_t>(std::max(0.0, std::trunc(a.lo))), static_cast<int64_t>(std::trunc(a.hi)));
    default:
      return std::nullopt;
  }
}

std::optional<AbsVal> IntTransfer(Opcode op, const AbsVal* s, int n) {
  for (int i = 0; i < n; ++i)
    if (s[i].kind != Kind::kInt) return std::nullopt;
  const int64_t alo = s[0].ilo, ahi = s[0].ihi;
  const int64_t blo = n > 1 ? s[1].ilo : 0, bhi = n > 1 ? s[1].ihi : 0;
  const bool a_nonneg = alo >= 0, b_nonneg = blo >= 0;
  switch (op) {
    case Opcode::UADD:
      return IntOrFull(alo + blo, ahi + bhi);
    case Opcode::UMUL: {
      if (std::max(std::llabs(alo), std::llabs(ahi)) > 65535 || std::max(std::llabs(blo), std::llabs(bhi)) > 65535)
        return AbsVal::IntFull();
      const int64_t c[4] = {alo * blo, alo * bhi, ahi * blo, ahi * bhi};
      return IntOrFull(*std::min_element(c, c + 4), *std::max_element(c, c + 4));
    }
    case Opcode::IMUL_HI:
    case Opcode::UMUL_HI:
      return AbsVal::IntFull();
    case Opcode::BFI: {
      const int64_t olo = s[2].ilo, ohi = s[2].ihi, nlo = s[3].ilo, nhi = s[3].ihi;
      if (olo < 0 || nlo < 0 || ohi + nhi > 32 || nhi > 31) return std::nullopt;
      return AbsVal::IntFull();
    }
    case Opcode::INEG:
      if (alo == kIntMin) return AbsVal::IntFull();
      return AbsVal::Int(-ahi, -alo);
    case Opcode::IABS:
      if (alo == kIntMin) return AbsVal::IntFull();
      if (a_nonneg) return s[0];
      if (ahi <= 0) return AbsVal::Int(-ahi, -alo);
      return AbsVal::Int(0, std::max(-alo, ahi));
    case Opcode::NOT:
      return AbsVal::Int(-ahi - 1, -alo - 1);
    case Opcode::IMIN:
      return AbsVal::Int(std::min(alo, blo), std::min(ahi, bhi));
    case Opcode::IMAX:
      return AbsVal::Int(std::max(alo, blo), std::max(ahi, bhi));
    case Opcode::UMIN:
      if (a_nonneg && b_nonneg) return AbsVal::Int(std::min(alo, blo), std::min(ahi, bhi));
      if (a_nonneg) return AbsVal::Int(0, ahi);
      if (b_nonneg) return AbsVal::Int(0, bhi);
      return AbsVal::IntFull();
    case Opcode::UMAX:
      if (a_nonneg && b_nonneg) return AbsVal::Int(std::max(alo, blo), std::max(ahi, bhi));
      return AbsVal::IntFull();
    case Opcode::AND:
      if (a_nonneg && b_nonneg) return AbsVal::Int(0, std::min(ahi, bhi));
      if (a_nonneg) return AbsVal::Int(0, ahi);
      if (b_nonneg) return AbsVal::Int(0, bhi);
      return AbsVal::IntFull();
    case Opcode::OR:
    case Opcode::XOR:
      if (a_nonneg && b_nonneg) return AbsVal::Int(0, BitCeilMask(std::max(ahi, bhi)));
      return AbsVal::IntFull();
    case Opcode::SHL:
    case Opcode::ISHR:
    case Opcode::USHR: {
      if (blo < 0 || bhi > 31) return std::nullopt;  // keep counts in range, though TGSI masks them
      if (op == Opcode::SHL) {
        if (a_nonneg && (ahi << bhi) <= kIntMax) return AbsVal::Int(alo << blo, ahi << bhi);
        return AbsVal::IntFull();
      }
      if (op == Opcode::ISHR)
        return AbsVal::Int(std::min(alo >> blo, alo >> bhi), std::max(ahi >> blo, ahi >> bhi));
      if (a_nonneg) return AbsVal::Int(alo >> bhi, ahi >> blo);
      if (blo >= 1) return AbsVal::Int(0, 0xFFFFFFFFll >> blo);
      return AbsVal::IntFull();
    }
    case Opcode::IDIV:
    case Opcode::MOD: {
      if (blo <= 0 && bhi >= 0) return std::nullopt;              // division by zero
      if (alo == kIntMin && blo <= -1 && bhi >= -1) return std::nullopt;  // INT_MIN / -1
      if (op == Opcode::IDIV) {
        const int64_t c[4] = {alo / blo, alo / bhi, ahi / blo, ahi / bhi};
        return IntOrFull(*std::min_element(c, c + 4), *std::max_element(c, c + 4));
      }
      const int64_t m = std::max(std::llabs(blo), std::llabs(bhi)) - 1;
      return AbsVal::Int(alo < 0 ? -m : 0, ahi > 0 ? m : 0);
    }
    case Opcode::UDIV:
    case Opcode::UMOD: {
      if (blo <= 0 && bhi >= 0) return std::nullopt;  // (UDIV by 0 is defined in TGSI; kept out anyway)
      if (!a_nonneg || !b_nonneg) return AbsVal::IntFull();
      if (op == Opcode::UDIV) return AbsVal::Int(alo / bhi, ahi / blo);
      return AbsVal::Int(0, std::min(ahi, bhi - 1));
    }
    case Opcode::ISLT:
    case Opcode::ISGE:
    case Opcode::USLT:
    case Opcode::USGE:
    case Opcode::USEQ:
    case Opcode::USNE:
      return AbsVal::Int(-1, 0);
    case Opcode::IBFE:
    case Opcode::UBFE: {
      const int64_t olo = s[1].ilo, ohi = s[1].ihi, nlo = s[2].ilo, nhi = s[2].ihi;
      if (olo < 0 || nlo < 0 || ohi + nhi > 32 || nhi > 31) return std::nullopt;
      if (op == Opcode::UBFE) return AbsVal::Int(0, (int64_t{1} << nhi) - 1);
      if (nhi == 0) return AbsVal::Int(0, 0);
      return AbsVal::Int(-(int64_t{1} << (nhi - 1)), (int64_t{1} << (nhi - 1)) - 1);
    }
    case Opcode::I2F:
      if (alo < -16777216 || ahi > 16777216) return AbsVal::Inexact();
      return AbsVal::Float(static_cast<double>(alo), static_cast<double>(ahi), 0);
    case Opcode::U2F:
      if (!a_nonneg || ahi > 16777216) return AbsVal::Inexact();
      return AbsVal::Float(static_cast<double>(alo), static_cast<double>(ahi), 0);
    default:
      return std::nullopt;
  }
}

}  // namespace

AbsVal AbsVal::Float(double lo, double hi, int grid, bool zso) {
  AbsVal v;
  v.kind = Kind::kFloat;
  v.lo = lo;
  v.hi = hi;
  v.grid = grid;
  v.zero_sign_open = zso;
  return v;
}
AbsVal AbsVal::Inexact(bool is_set) {
  AbsVal v;
  v.kind = Kind::kInexact;
  v.is_set = is_set;
  return v;
}
AbsVal AbsVal::Int(int64_t lo, int64_t hi) {
  AbsVal v;
  v.kind = Kind::kInt;
  v.ilo = lo;
  v.ihi = hi;
  return v;
}
AbsVal AbsVal::IntFull() { return Int(kIntMin, kIntMax); }
AbsVal AbsVal::Raw() {
  AbsVal v;
  v.kind = Kind::kRaw;
  return v;
}

AbsVal AsFloat(const AbsVal& v, bool negate, bool absolute) {
  if (v.kind == Kind::kRaw || v.kind == Kind::kInt) return AbsVal::Inexact(false);
  if (v.kind != Kind::kFloat) return v;
  AbsVal r = v;
  if (absolute) {
    if (r.lo < 0 && r.hi > 0) r.lo = 0, r.hi = std::max(-v.lo, v.hi);
    else if (r.hi <= 0) r.lo = -v.hi, r.hi = -v.lo;
  }
  if (negate) {
    const double lo = r.lo;
    r.lo = -r.hi;
    r.hi = -lo;
  }
  return r;
}

AbsVal AsInt(const AbsVal& v) {
  if (v.kind == Kind::kRaw) return AbsVal::IntFull();
  return v;
}

std::optional<int> GridOf(double v) {
  for (int g = 0; g <= 8; ++g) {
    const double s = std::ldexp(v, g);
    if (s == std::trunc(s) && std::fabs(s) <= kExactLimit) return g;
  }
  return std::nullopt;
}

AbsVal Join(const AbsVal& a, const AbsVal& b) {
  if (!a.defined() || !b.defined()) return AbsVal{};
  if (a.kind == b.kind) {
    switch (a.kind) {
      case Kind::kFloat:
        return AbsVal::Float(std::min(a.lo, b.lo), std::max(a.hi, b.hi), std::max(a.grid, b.grid),
                             a.zero_sign_open || b.zero_sign_open);
      case Kind::kInt:
        return AbsVal::Int(std::min(a.ilo, b.ilo), std::max(a.ihi, b.ihi));
      case Kind::kInexact:
        return AbsVal::Inexact(a.is_set || b.is_set);
      default:
        return a;
    }
  }
  // Exact words of different kinds: bits known per lane, meaning mixed.
  const bool a_exact = a.kind != Kind::kInexact && !(a.kind == Kind::kFloat && a.zero_sign_open);
  const bool b_exact = b.kind != Kind::kInexact && !(b.kind == Kind::kFloat && b.zero_sign_open);
  if (a_exact && b_exact) return AbsVal::Raw();
  return AbsVal::Inexact();
}

std::optional<AbsVal> Transfer(tgsi::Opcode op, const AbsVal* src, int num_src) {
  const tgsi::OpcodeInfo& info = tgsi::GetOpcodeInfo(op);
  if (op == Opcode::MOV) return src[0];
  if (info.src_type == tgsi::DataType::F) return FloatTransfer(op, src, num_src);
  return IntTransfer(op, src, num_src);
}

std::optional<AbsVal> DotTransfer(const AbsVal* a, const AbsVal* b, int n) {
  // Operands must be exact floats: the reference makes a dot product of
  // sets, or of words that may be Inf/NaN, any value (dot-rounding). The
  // result is a set even for exact operands: any order and fusion of the
  // terms and either sign of an exact zero are allowed.
  for (int i = 0; i < n; ++i)
    if (a[i].kind != Kind::kFloat || b[i].kind != Kind::kFloat) return std::nullopt;
  return AbsVal::Inexact();
}

}  // namespace shaderdiff::fuzz
