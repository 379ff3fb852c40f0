// Why both a3xx builds refuse an indirect sampler or constant-buffer index
// (`SAMP[ADDR[0].x+1]`, `CONST[ADDR[0].x+1][2]`; issue 14 item 3): no
// a3xx driver ever gives one, so the forms stay `kUnsupported`, with this
// reason in the message, rather than lowered.
//
// The facts (Mesa at corpus/external/mesa-ir3's revision):
// - freedreno_screen.c: PIPE_CAP_GLSL_FEATURE_LEVEL is 140 for ir3 below
//   a6xx, PIPE_CAP_ESSL_FEATURE_LEVEL 300 for a3xx, and st_extensions.c
//   turns on ARB_gpu_shader5 only at GLSL 400 (EXT/OES_gpu_shader5 at ESSL
//   320), so an a3xx context has none of them.
// - ast_array_index.cpp: without GLSL 4.00 / ESSL 3.20 / gpu_shader5 a
//   uniform block array index must be constant ("uniform block array index
//   must be constant"), and so must a sampler array index from GLSL 1.30 /
//   ESSL 3.00 on; in GLSL 1.10/1.20 and ESSL 1.00 it is a warning, and the
//   linker (gl_nir_linker.c validate_sampler_array_indexing) then refuses
//   any index loop unrolling did not make constant, because ir3 sets
//   `force_indirect_unrolling_sampler` for every generation
//   (ir3_compiler.c).
// The hardware could (cat5 `.s2en` takes s#/t# from a register, and ir3
// reads a UBO it cannot push through `ldg`), but no program reaching an
// a3xx asks it to. Gallium nine and ARB programs have no such form.
#ifndef SHADERDIFF_COMPILER_NAIVE_INDIRECT_RESOURCE_INDEX_H_
#define SHADERDIFF_COMPILER_NAIVE_INDIRECT_RESOURCE_INDEX_H_

namespace shaderdiff::naive {

inline constexpr char kIndirectSamplerIndex[] =
    "indirect sampler index (no a3xx driver gives one: GLSL 1.40 / ESSL 3.00 without gpu_shader5 index "
    "sampler arrays by constants, and ir3's force_indirect_unrolling_sampler makes the linker refuse the rest)";
inline constexpr char kIndirectConstantBufferIndex[] =
    "indirect constant buffer index (no a3xx driver gives one: GLSL 1.40 / ESSL 3.00 without gpu_shader5 "
    "index uniform block arrays by constants)";

}  // namespace shaderdiff::naive

#endif  // SHADERDIFF_COMPILER_NAIVE_INDIRECT_RESOURCE_INDEX_H_
