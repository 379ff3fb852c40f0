// The driver: stage check, register map, ShaderState, prologue, the
// instruction stream (templates_flow.cc), epilogue, and the final check
// that every emitted instruction is valid a3xx (a failure is a translator
// bug: kError naming the instruction).
#include "compiler/targets/a3xx/naive/a3xx_naive.h"

#include "compiler/targets/a3xx/naive/context.h"
#include "compiler/targets/a3xx/naive/flow.h"
#include "compiler/targets/a3xx/naive/io.h"
#include "compiler/targets/a3xx/naive/private_memory.h"
#include "compiler/targets/a3xx/naive/provenance.h"
#include "compiler/targets/a3xx/naive/register_map.h"
#include "compiler/targets/a3xx/naive/select.h"
#include "emulator/a3xx/isa/instr.h"

namespace shaderdiff::naive {

std::string_view CompileStatusName(CompileStatus status) {
  switch (status) {
    case CompileStatus::kOk: return "ok";
    case CompileStatus::kUnsupported: return "unsupported";
    case CompileStatus::kError: return "error";
  }
  return "?";
}

namespace {

// The shared driver: stage check, register map, state, prologue, program,
// epilogue (the naive build validates in CompileA3xxNaive). `waits` selects the naive build's
// emitter or the selection stream.
Selection Translate(const tgsi::Shader& shader, bool waits) {
  Selection sel;
  auto fail = [&](CompileStatus status, std::string detail) {
    sel.status = status;
    sel.detail = std::move(detail);
    sel.instrs.clear();
    sel.source_map.clear();
    return sel;
  };
  if (shader.processor != tgsi::Processor::kVertex && shader.processor != tgsi::Processor::kFragment) {
    return fail(CompileStatus::kUnsupported, "stage " + std::string(tgsi::Name(shader.processor)));
  }
  std::string limit;
  const std::optional<RegisterMap> map = RegisterMap::Build(shader, &limit);
  if (!map) return fail(CompileStatus::kUnsupported, limit);

  Emitter emit(waits);
  // A guess at the stream's size (templates of a few instructions, each
  // followed by its waits in the naive build), so it seldom grows.
  emit.Reserve((waits ? 12 : 4) * shader.instructions.size() + 32);
  Ctx ctx{shader, *map, emit};
  a3xx::ShaderState state = BuildShaderState(ctx);
  EmitPrologue(ctx, state);
  EmitPrivateArrayInit(ctx, state);
  const Label end = emit.NewLabel();
  TranslateProgram(ctx, end);
  if (ctx.failed()) return fail(ctx.status, ctx.detail);

  Emitter::Result done = emit.Finish(end);
  if (done.error) {
    return fail(done.too_large ? CompileStatus::kUnsupported : CompileStatus::kError,
                done.too_large ? *done.error : "translator bug: " + *done.error);
  }
  state.half_regs = ctx.uses_half_reg ? 1 : 0;
  sel.state = std::move(state);
  sel.instrs = std::move(done.instrs);
  sel.source_comps = FinalWriteMasks(shader, *map, sel.instrs, done.source_map);
  sel.source_map = std::move(done.source_map);
  sel.relative_ranges = std::move(ctx.relative_ranges);
  sel.uses_half_reg = ctx.uses_half_reg;
  return sel;
}

}  // namespace

CompileResult CompileA3xxNaive(const tgsi::Shader& shader) {
  Selection sel = Translate(shader, /*waits=*/true);
  CompileResult r;
  r.status = sel.status;
  r.detail = std::move(sel.detail);
  if (r.status != CompileStatus::kOk) return r;
  // The naive build's program is final here, so it is checked here, once,
  // into the ValidatedProgram the emulator need not check again; the
  // optimizing build's selection is not (every instruction it ends with is
  // checked once, by opt::Legalize, the pass that finishes it).
  a3xx::ValidatedProgram::Refusal refusal;
  std::optional<a3xx::ValidatedProgram> valid =
      a3xx::ValidatedProgram::Check(a3xx::Program{std::move(sel.state), std::move(sel.instrs)}, &refusal);
  if (!valid) {
    r.status = CompileStatus::kError;
    r.detail = "translator bug: instruction " + std::to_string(refusal.index) + " (TGSI instruction " +
               std::to_string(sel.source_map[refusal.index]) + ") is not valid a3xx: " + refusal.why + " [" +
               a3xx::DebugString(refusal.instr) + "]";
    return r;
  }
  r.program = std::move(*valid);
  r.source_map = std::move(sel.source_map);
  r.source_comps = std::move(sel.source_comps);
  return r;
}

Selection SelectA3xx(const tgsi::Shader& shader) { return Translate(shader, /*waits=*/false); }

}  // namespace shaderdiff::naive
