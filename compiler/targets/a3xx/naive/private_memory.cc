// EmitPrivateArrayInit (private_memory.h): T0.x walks the arrays' bytes 16 at
// a time, T0.y holds the end, p0.x decides the back edge.
#include "compiler/targets/a3xx/naive/private_memory.h"

#include "compiler/targets/a3xx/naive/operands.h"
#include "emulator/a3xx/timing.h"

namespace shaderdiff::naive {

using a3xx::Cond;
using a3xx::Opcode;

void EmitPrivateArrayInit(Ctx& ctx, a3xx::ShaderState& state) {
  const uint32_t bytes = ctx.map.PrivateBytes();
  if (bytes == 0) return;
  const uint32_t kUnitBytes = static_cast<uint32_t>(a3xx::Timing().pvt_mem_unit_bytes);  // MEMSIZEPERITEM's unit
  state.pvt_mem_units = static_cast<uint8_t>((bytes + kUnitBytes - 1) / kUnitBytes);
  Emitter& e = ctx.emit;
  const Operand px = TReg(0), py = TReg(1), p0 = Gpr(a3xx::kRegP0X);
  e.Emit(Mov(px, Imm(0)));
  e.Emit(Mov(py, Imm(static_cast<int32_t>(bytes))));
  const Label loop = e.NewLabel();
  e.Bind(loop);
  for (int c = 0; c < 4; ++c) e.Emit(Stp(px, 4 * c, KReg(kKZero)));
  e.Emit(Alu2(Opcode::ADD_S, px, px, Imm(16)));
  e.Emit(Cmp(Opcode::CMPS_S, Cond::kLt, p0, px, py));
  e.Branch(loop, /*if_false=*/false);
}

}  // namespace shaderdiff::naive
