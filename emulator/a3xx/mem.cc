// cat6 memory opcodes (docs/isa-a3xx.md §2.8, §4.3). Of them our a3xx
// builds emit only ldp/stp (spills, and indexed TEMP arrays too large for
// the register file); the rest are modelled simply so blob-style code runs:
// - Local memory l[]: Timing::local_memory_bytes per wave, zero at wave
//   start. ldl/ldlw and the local atomics are ss-class async ops, stl/stlw
//   too (their value sources are read lazily, and the store happens when
//   the op lands).
// - Global memory g[]: one sparse byte-addressed memory per Emulate call,
//   zero until stored, shared by the waves in order. ldg/stg are sy class.
//   The driver's fill of ShaderState::global_consts (io.cc) is there before
//   the first wave. A load of a byte no stg of the call was issued for and
//   the driver did not fill is a hazard ("global-uninit", checked per lane
//   at issue like "pvt-uninit": the hardware reads whatever an earlier draw
//   left there); the load reads what the memory holds (0).
// - Private memory p[] (ldp/stp, sy class like every non-local cat6 op):
//   ShaderState::pvt_mem_units * Timing::pvt_mem_unit_bytes bytes per
//   fiber (lane), addressed from 0; its contents survive from wave to wave
//   (nothing clears it on hardware). Out-of-range accesses and loads of
//   bytes no stp of this wave was issued for are hazards ("pvt-range",
//   "pvt-uninit", checked per lane at issue with the address the op
//   captured): what the hardware does there (another fiber's memory, a
//   fault) is not documented, so the stricter reading; the load reads 0
//   out of range and the store is dropped.
// - Ops of one class land in issue order, so a ldp after a stp of the same
//   bytes reads the stored value (ir3 relies on this for its spills on
//   a5xx+ and puts no sync between them).
// - Addresses are bytes: register value + the signed offset field, 32-bit
//   wrap; components are `size` consecutive elements of the type's width
//   (4, 2 or 1 bytes, little endian) to/from consecutive scalar registers.
//   16-bit data lives in half registers; 8-bit loads zero-/sign-extend to
//   16 bits.
// - Local accesses outside the memory read 0 / are dropped (counted as out
//   of range).
// - Atomics (local only): dst = old 32-bit value, memory = old <op> value,
//   lanes in ascending order; add, sub, xchg, and, or, xor, min/max (signed
//   for s32, else unsigned). inc, dec and cmpxchg (operand meaning not
//   documented) and ldlv (a4xx+) are reported unsupported.
#include <algorithm>
#include <cstring>
#include <span>

#include "emulator/a3xx/machine.h"

namespace shaderdiff::a3xx {

GlobalMemory::Page& GlobalMemory::PageOf(uint32_t addr) {
  Page& page = pages_[addr >> kPageBits];
  if (page.bytes.empty()) {
    page.bytes.assign(size_t{1} << kPageBits, 0);
    page.written.assign(size_t{1} << kPageBits, 0);
  }
  return page;
}

uint8_t GlobalMemory::Load(uint32_t addr) const {
  const auto it = pages_.find(addr >> kPageBits);
  return it == pages_.end() ? 0 : it->second.bytes[addr & ((1u << kPageBits) - 1)];
}

void GlobalMemory::Store(uint32_t addr, uint8_t value) { PageOf(addr).bytes[addr & ((1u << kPageBits) - 1)] = value; }

bool GlobalMemory::Written(uint32_t addr) const {
  const auto it = pages_.find(addr >> kPageBits);
  return it != pages_.end() && it->second.written[addr & ((1u << kPageBits) - 1)];
}

void GlobalMemory::MarkWritten(uint32_t addr) { PageOf(addr).written[addr & ((1u << kPageBits) - 1)] = 1; }

namespace {

constexpr uint32_t kMaxComponents = 8;

int TypeBytes(Type t) {
  switch (t) {
    case Type::kF32:
    case Type::kU32:
    case Type::kS32: return 4;
    case Type::kU8:
    case Type::kS8: return 1;
    default: return 2;
  }
}

// Which memory an op addresses; `lane` picks the fiber's private memory.
enum class Space : uint8_t { kGlobal, kLocal, kPrivate };
struct Where {
  Space space = Space::kGlobal;
  int lane = 0;
};

Space SpaceOf(const Prepared& p) {
  if (p.in.opcode == Opcode::LDP || p.in.opcode == Opcode::STP) return Space::kPrivate;
  return p.in.info().latency == LatencyClass::kMemLocal ? Space::kLocal : Space::kGlobal;
}

// The bytes of one lane's private memory.
std::span<uint8_t> PrivateOf(Machine& m, int lane) {
  return {m.pvt_mem.data() + static_cast<size_t>(lane) * m.pvt_bytes, m.pvt_bytes};
}

// Byte access to the op's memory; false if out of range (local, private).
bool LoadByte(Machine& m, Where w, uint32_t addr, uint8_t* v) {
  if (w.space == Space::kGlobal) {
    *v = m.global.Load(addr);
    return true;
  }
  if (w.space == Space::kLocal) {
    if (addr >= m.local_mem.size()) return false;
    *v = m.local_mem.Load(addr);
    return true;
  }
  const std::span<uint8_t> mem = PrivateOf(m, w.lane);
  if (addr >= mem.size()) return false;
  *v = mem[addr];
  return true;
}

Word LoadElement(Machine& m, Where w, uint32_t addr, Type type) {
  const int n = TypeBytes(type);
  uint32_t v = 0;
  for (int b = 0; b < n; ++b) {
    uint8_t byte = 0;
    if (!LoadByte(m, w, addr + static_cast<uint32_t>(b), &byte)) {
      ++m.stats.out_of_range_accesses;
      return 0;
    }
    v |= static_cast<uint32_t>(byte) << (8 * b);
  }
  if (type == Type::kS8) return static_cast<uint16_t>(static_cast<int16_t>(static_cast<int8_t>(v)));
  return v;
}

void StoreElement(Machine& m, Where w, uint32_t addr, Type type, Word v) {
  const int n = TypeBytes(type);
  if (w.space == Space::kGlobal) {
    for (int b = 0; b < n; ++b) m.global.Store(addr + static_cast<uint32_t>(b), static_cast<uint8_t>(v >> (8 * b)));
    return;
  }
  if (w.space == Space::kLocal) {
    if (addr >= m.local_mem.size() || m.local_mem.size() - addr < static_cast<size_t>(n)) {
      ++m.stats.out_of_range_accesses;
      return;
    }
    for (int b = 0; b < n; ++b) m.local_mem.Store(addr + static_cast<uint32_t>(b), static_cast<uint8_t>(v >> (8 * b)));
    return;
  }
  const std::span<uint8_t> mem = PrivateOf(m, w.lane);
  if (addr >= mem.size() || mem.size() - addr < static_cast<size_t>(n)) {
    ++m.stats.out_of_range_accesses;
    return;
  }
  for (int b = 0; b < n; ++b) mem[addr + static_cast<uint32_t>(b)] = static_cast<uint8_t>(v >> (8 * b));
}

// Private memory, one element of one lane: what LoadElement / StoreElement
// do for Space::kPrivate (the element in range or nothing; bytes little
// endian, as the host's), without deciding the space per byte.
[[gnu::always_inline]] inline bool PrivateInRange(const Machine& m, uint32_t addr, uint32_t n) {
  return addr < m.pvt_bytes && m.pvt_bytes - addr >= n;
}

[[gnu::always_inline]] inline Word LoadPrivate(Machine& m, const uint8_t* mem, uint32_t addr, uint32_t n, Type type) {
  if (!PrivateInRange(m, addr, n)) {
    ++m.stats.out_of_range_accesses;
    return 0;
  }
  if (n == 4) {
    uint32_t v;
    std::memcpy(&v, mem + addr, 4);
    return v;
  }
  uint32_t v = 0;
  for (uint32_t b = 0; b < n; ++b) v |= static_cast<uint32_t>(mem[addr + b]) << (8 * b);
  if (type == Type::kS8) return static_cast<uint16_t>(static_cast<int16_t>(static_cast<int8_t>(v)));
  return v;
}

[[gnu::always_inline]] inline void StorePrivate(Machine& m, uint8_t* mem, uint32_t addr, uint32_t n, Word v) {
  if (!PrivateInRange(m, addr, n)) {
    ++m.stats.out_of_range_accesses;
    return;
  }
  if (n == 4) {
    std::memcpy(mem + addr, &v, 4);
    return;
  }
  for (uint32_t b = 0; b < n; ++b) mem[addr + b] = static_cast<uint8_t>(v >> (8 * b));
}

SyncClass ClassOf(const Prepared& p) { return SpaceOf(p) == Space::kLocal ? SyncClass::kSs : SyncClass::kSy; }

// Private memory, at issue (see the file comment): per lane, the `count`
// elements from the captured address must lie in the fiber's memory, and a
// load's must have been stored by this wave; a store marks them stored.
// `reg` names the hazard's register (a load's destination, a store's
// address).
void CheckPrivate(Machine& m, const Prepared& p, const Word* addr, LaneMask lanes, bool store, uint16_t reg) {
  const uint32_t bytes = static_cast<uint32_t>(TypeBytes(p.in.type)) * p.in.mem_size;
  bool range = false, uninit = false;
  ForLanes(lanes, [&](int l) {
    const uint32_t a = addr[l] + static_cast<uint32_t>(p.in.mem_offset);
    if (a >= m.pvt_bytes || m.pvt_bytes - a < bytes) {
      range = true;
      return;
    }
    uint8_t* stored = m.pvt_stored.data() + static_cast<size_t>(l) * m.pvt_bytes + a;
    if (store) {
      std::memset(stored, 1, bytes);
    } else if (std::memchr(stored, 0, bytes)) {
      uninit = true;
    }
  });
  if (range) m.Hazard(reg, 0, "pvt-range");
  if (uninit) m.Hazard(reg, 0, "pvt-uninit");
}

// Global memory, at issue (see the file comment): a load's bytes must have
// been written (an stg issued before it, or the driver's fill); a store
// marks its bytes written. `reg` names a load's destination.
void CheckGlobal(Machine& m, const Prepared& p, const Word* addr, LaneMask lanes, bool store, uint16_t reg) {
  const uint32_t bytes = static_cast<uint32_t>(TypeBytes(p.in.type)) * p.in.mem_size;
  bool uninit = false;
  ForLanes(lanes, [&](int l) {
    const uint32_t a = addr[l] + static_cast<uint32_t>(p.in.mem_offset);
    for (uint32_t b = 0; b < bytes; ++b) {
      if (store) {
        m.global.MarkWritten(a + b);
      } else if (!m.global.Written(a + b)) {
        uninit = true;
      }
    }
  });
  if (uninit) m.Hazard(reg, 0, "global-uninit");
}

PendingOp& BeginOp(Machine& m, const Prepared& p, LaneMask lanes) {
  return m.async.Begin(p.index, ClassOf(p), lanes, m.cycle + static_cast<uint64_t>(m.t.mem_latency));
}

void CaptureSrc(Machine& m, const Prepared& p, PendingOp& op, int slot, int i, LaneMask lanes) {
  const Operand& o = p.in.src[slot];
  uint16_t reg = kNoReg16;
  const Word* v = o.kind == OperandKind::kGpr
                      ? ReadGprAt(m, o, i, m.slot, p.src_delay, lanes, lanes, Dom::kRaw, m.scratch[0], &reg)
                      : ReadSrc(m, o, 0, m.slot, p.src_delay, lanes, lanes, Dom::kRaw, m.scratch[0], &reg);
  m.async.AddSrc(op, reg, v);
}

void CheckDsts(Machine& m, const Prepared& p, int count, LaneMask lanes) {
  for (int i = 0; i < count; ++i) {
    if (!IsR63(static_cast<uint16_t>(p.in.dst.num + i))) CheckAsyncWrite(m, GprIndex(p.in.dst, i), lanes, nullptr, true);
  }
}

void AddDsts(Machine& m, const Prepared& p, PendingOp& op, int count) {
  for (int i = 0; i < count; ++i) {
    if (!IsR63(static_cast<uint16_t>(p.in.dst.num + i))) m.async.AddDst(op, GprIndex(p.in.dst, i));
  }
}

void ExecLoad(Machine& m, const Prepared& p, LaneMask lanes) {
  const int n = static_cast<int>(p.in.mem_size);
  CheckDsts(m, p, n, lanes);
  PendingOp& op = BeginOp(m, p, lanes);
  CaptureSrc(m, p, op, 0, 0, lanes);
  AddDsts(m, p, op, n);
  if (SpaceOf(p) == Space::kPrivate) CheckPrivate(m, p, m.async.SrcValues(op, 0), lanes, false, GprIndex(p.in.dst, 0));
  if (SpaceOf(p) == Space::kGlobal) CheckGlobal(m, p, m.async.SrcValues(op, 0), lanes, false, GprIndex(p.in.dst, 0));
}

void CompleteLoad(Machine& m, const Prepared& p, const PendingOp& op) {
  const Word* addr = m.async.SrcValues(op, 0);
  const Space space = SpaceOf(p);
  const uint32_t bytes = static_cast<uint32_t>(TypeBytes(p.in.type));
  int d = 0;
  for (uint32_t i = 0; i < p.in.mem_size; ++i) {
    Word* out = m.scratch[3];
    const uint32_t off = static_cast<uint32_t>(p.in.mem_offset) + i * bytes;
    if (space == Space::kPrivate) {
      const Type type = p.in.type;
      ForLanes(op.lanes, [&](int l) { out[l] = LoadPrivate(m, PrivateOf(m, l).data(), addr[l] + off, bytes, type); });
    } else {
      ForLanes(op.lanes, [&](int l) { out[l] = LoadElement(m, {space, l}, addr[l] + off, p.in.type); });
    }
    if (IsR63(static_cast<uint16_t>(p.in.dst.num + i))) continue;
    WriteLanded(m, op.dst_reg[d++], op.lanes, out);
  }
}

void ExecStore(Machine& m, const Prepared& p, LaneMask lanes) {
  PendingOp& op = BeginOp(m, p, lanes);
  CaptureSrc(m, p, op, 0, 0, lanes);
  for (uint32_t i = 0; i < p.in.mem_size; ++i) CaptureSrc(m, p, op, 1, static_cast<int>(i), lanes);
  if (SpaceOf(p) == Space::kPrivate) CheckPrivate(m, p, m.async.SrcValues(op, 0), lanes, true, GprIndex(p.in.src[0], 0));
  if (SpaceOf(p) == Space::kGlobal) CheckGlobal(m, p, m.async.SrcValues(op, 0), lanes, true, GprIndex(p.in.src[0], 0));
}

void CompleteStore(Machine& m, const Prepared& p, const PendingOp& op) {
  const Space space = SpaceOf(p);
  const uint32_t bytes = static_cast<uint32_t>(TypeBytes(p.in.type));
  const Word* addr = m.async.SrcValues(op, 0);
  if (space == Space::kPrivate) {
    const Word* vals[kMaxComponents];
    for (uint32_t i = 0; i < p.in.mem_size; ++i) vals[i] = m.async.SrcValues(op, static_cast<int>(i) + 1);
    const uint32_t off = static_cast<uint32_t>(p.in.mem_offset);
    ForLanes(op.lanes, [&](int l) {
      uint8_t* mem = PrivateOf(m, l).data();
      for (uint32_t i = 0; i < p.in.mem_size; ++i) StorePrivate(m, mem, addr[l] + off + i * bytes, bytes, vals[i][l]);
    });
    return;
  }
  ForLanes(op.lanes, [&](int l) {
    for (uint32_t i = 0; i < p.in.mem_size; ++i) {
      const Word v = m.async.SrcValues(op, static_cast<int>(i) + 1)[l];
      StoreElement(m, {space, l}, addr[l] + static_cast<uint32_t>(p.in.mem_offset) + i * bytes, p.in.type, v);
    }
  });
}

void ExecAtomic(Machine& m, const Prepared& p, LaneMask lanes) {
  CheckDsts(m, p, 1, lanes);
  PendingOp& op = BeginOp(m, p, lanes);
  CaptureSrc(m, p, op, 0, 0, lanes);
  CaptureSrc(m, p, op, 1, 0, lanes);
  AddDsts(m, p, op, 1);
}

Word AtomicOp(Opcode op, Type type, Word old, Word v) {
  const bool sgn = type == Type::kS32;
  switch (op) {
    case Opcode::ATOMIC_ADD: return old + v;
    case Opcode::ATOMIC_SUB: return old - v;
    case Opcode::ATOMIC_XCHG: return v;
    case Opcode::ATOMIC_AND: return old & v;
    case Opcode::ATOMIC_OR: return old | v;
    case Opcode::ATOMIC_XOR: return old ^ v;
    case Opcode::ATOMIC_MIN:
      return sgn ? (static_cast<int32_t>(v) < static_cast<int32_t>(old) ? v : old) : std::min(old, v);
    case Opcode::ATOMIC_MAX:
      return sgn ? (static_cast<int32_t>(v) > static_cast<int32_t>(old) ? v : old) : std::max(old, v);
    default: return old;
  }
}

void CompleteAtomic(Machine& m, const Prepared& p, const PendingOp& op) {
  const Word* addr = m.async.SrcValues(op, 0);
  const Word* val = m.async.SrcValues(op, 1);
  Word* out = m.scratch[3];
  ForLanes(op.lanes, [&](int l) {
    const Word old = LoadElement(m, {Space::kLocal, l}, addr[l], Type::kU32);
    StoreElement(m, {Space::kLocal, l}, addr[l], Type::kU32, AtomicOp(p.in.opcode, p.in.type, old, val[l]));
    out[l] = old;
  });
  if (op.num_dsts) WriteLanded(m, op.dst_reg[0], op.lanes, out);
}

}  // namespace

bool PrepareMem(Prepared& p, std::string* why) {
  const std::string name(OpcodeName(p.in.opcode));
  if (p.in.mem_size > kMaxComponents) {
    *why = name + " with " + std::to_string(p.in.mem_size) + " components (the emulator models up to " +
           std::to_string(kMaxComponents) + ")";
    return false;
  }
  const uint8_t n = static_cast<uint8_t>(p.in.mem_size);
  switch (p.in.opcode) {
    case Opcode::LDG:
    case Opcode::LDL:
    case Opcode::LDLW:
    case Opcode::LDP:
      p.exec = ExecLoad, p.complete = CompleteLoad;
      p.src_span = {1, 0, 0};
      p.dst_span = n;
      return true;
    case Opcode::STG:
    case Opcode::STL:
    case Opcode::STLW:
    case Opcode::STP:
      p.exec = ExecStore, p.complete = CompleteStore;
      p.src_span = {1, n, 0};
      p.dst_span = 0;
      return true;
    case Opcode::ATOMIC_ADD:
    case Opcode::ATOMIC_SUB:
    case Opcode::ATOMIC_XCHG:
    case Opcode::ATOMIC_AND:
    case Opcode::ATOMIC_OR:
    case Opcode::ATOMIC_XOR:
    case Opcode::ATOMIC_MIN:
    case Opcode::ATOMIC_MAX:
      if (p.in.type != Type::kU32 && p.in.type != Type::kS32) {
        *why = name + "." + std::string(TypeName(p.in.type)) + " (only 32-bit atomics are modelled)";
        return false;
      }
      p.exec = ExecAtomic, p.complete = CompleteAtomic;
      p.src_span = {1, 1, 0};
      p.dst_span = 1;
      return true;
    case Opcode::LDLV: *why = "ldlv (a4xx+ flat varying load) is not available on a3xx"; return false;
    default: *why = name + " is not modelled by the a3xx emulator"; return false;
  }
}

}  // namespace shaderdiff::a3xx
