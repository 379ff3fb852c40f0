// The per-generation timing table (docs/isa-a3xx.md §4 and §7): delay slots,
// asynchronous latencies, wave sizes and register-file sizes. One row per
// GPU generation; adding a4xx/a6xx is one more row in timing.cc.
//
// Invariants: every row has alu_to_alu, non_alu >= 0, mad_src3_read >= 0,
// latencies >= 0, 1 <= wave sizes <= 64 (the emulator's lane masks are 64
// bits) and FS wave sizes a multiple of 4 (whole 2x2 quads).
#pragma once

#include <string_view>
#include <vector>

namespace shaderdiff::a3xx {

struct Timing {
  std::string_view name;
  // §4.2: a consumer reading at slot c sees an ALU producer's write of slot
  // p iff c >= p + 1 + D.
  int alu_to_alu = 3;     // D for cat1/cat2/cat3 consumers
  int non_alu = 6;        // D for cat0 flow/cat4/cat5/cat6 consumers and for a0/p0
  int mad_src3_read = 2;  // src3 of mad.*/madsh.* is read this many slots late
  // §4.3: asynchronous completion, in cycles after issue. No public a3xx
  // numbers exist; these are the emulator's choice (a6xx-like orders of
  // magnitude), and only stall counts depend on them, never values.
  int sfu_latency = 10;
  int tex_latency = 64;
  int mem_latency = 110;
  // §4.1: ir3 counts cat4/cat5/cat6 as 0 issue slots.
  bool count_nonalu_as_slots = false;
  // §2.10: (nopN) believed not to work on a3xx; when false the field is
  // ignored (adds no slots).
  bool nop_n_supported = false;
  int wave_size_vs = 8;
  int wave_size_fs = 16;
  // §1.1: physically present registers (vec4 units).
  int num_full_vec4 = 48;
  int num_half_vec4 = 48;
  // §1.3: const file size (vec4 units).
  int num_const_vec4 = 512;
  // cat6 local memory per wave, bytes (no public figure; emulator's choice).
  int local_memory_bytes = 16384;
  // §6 (isa/io_fields.h has the fields themselves): whether two preloaded fields (attributes, system values, gl_FragCoord,
  // front-facing, the i/j pair) may name the same register. Undocumented
  // (which write wins is unknown), so refused: the stricter reading.
  bool preloads_may_overlap = false;
  // §2.6: whether cat5 .p (projection) works together with .3d (3-D and
  // cube coordinates). Undocumented; Mesa's ir3 never emits it on a3xx ("a3xx
  // just needs to avoid sam.p for 3d tex", ir3_nir.c, which divides first),
  // so refused: the stricter reading.
  bool projected_3d = false;
  // Private memory (ldp/stp): bytes per unit of SP_*_PVT_MEM_PARAM_REG.
  // MEMSIZEPERITEM ("in 128 byte increments", Mesa's a3xx.xml on the VS
  // register; the FS register has the same layout, its unit is taken to be
  // the same). ShaderState::pvt_mem_units of them per fiber.
  int pvt_mem_unit_bytes = 128;
  // §2.6: whether cat5 getbuf (opcode 11, a texel buffer's size) exists.
  // No document or driver shows it on a3xx: the a3xx texture descriptor has
  // no buffer form (freedreno's fd3_texture.c programs a texel buffer as a
  // 1-D texture of WIDTH = elements), the blob is seen using it on a5xx
  // (Mesa's ir3 disasm tests, 2764cf8d329), and ir3 used getsize for texel
  // buffers on every generation until that commit (2021, for a6xx Vulkan),
  // after which it emits getbuf on a3xx too, untested there as far as
  // Mesa's CI shows (its a306 piglit job runs the quick_shader profile,
  // which has no samplerBuffer test). So refused: the stricter reading. When
  // true, getbuf (u32/s32) returns the 1-D descriptor's WIDTH in x, the
  // value getsize gives at lod 0 (tex.cc).
  bool getbuf = false;

  // The largest delay any consumer can need: history older than this many
  // slots is visible to everyone.
  int max_delay() const { return alu_to_alu > non_alu ? alu_to_alu : non_alu; }
};

// The row for `generation` ("a3xx"), or nullptr.
const Timing* FindTiming(std::string_view generation);

// Every row, for listings and tests.
const std::vector<Timing>& AllTimings();

}  // namespace shaderdiff::a3xx
