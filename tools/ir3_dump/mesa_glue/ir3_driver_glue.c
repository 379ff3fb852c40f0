/*
 * shaderdiff's glue around Mesa's ir3 (kept OUTSIDE the shaderdiff
 * repository; written for shaderdiff, not part of Mesa).
 *
 * Compiles one TGSI text file the way freedreno's gallium driver compiles a
 * shader's first variant, and prints that variant's disassembly as the
 * driver's debug output does (ir3_shader_disasm), with each instruction line
 * prefixed by Mesa's raw-word form ":CAT:NNNN:CCCC[DWORD1x_DWORD0x] " (the
 * form disasm_a3xx() prints with PRINT_RAW).
 *
 * What it does that the stock ir3_compiler's TGSI mode does not:
 *  - tgsi_to_nir() with a screen (not tgsi_to_nir_noscreen()), so
 *    ttn_finalize_nir() runs: nir_lower_uniforms_to_ubo (user uniforms
 *    become UBO 0, which ir3's UBO analysis pushes into the const file),
 *    nir_lower_samplers, and screen->finalize_nir, which for freedreno is
 *    ir3_nir_lower_io_to_temporaries + ir3_finalize_nir;
 *  - the caps ttn reads are answered as fd_screen_get_param /
 *    fd_screen_get_shader_param answer them for an a3xx (gen 3) screen;
 *    an unexpected cap query is an error, never a silent default;
 *  - the shader type is the TGSI processor (ir3_cmdline leaves it VERTEX);
 *  - a fragment shader declaring FACE as an input (a float) is refused:
 *    with freedreno's caps tgsi_to_nir asserts it is a system value;
 *  - a fragment shader declaring an input CENTROID or SAMPLE is refused:
 *    tgsi_to_nir drops the location, so ir3 would interpolate it at the
 *    center, which freedreno's driver (GLSL's NIR) does not;
 *  - ir3_shader_from_nir + ir3_shader_get_variant with the key of
 *    create_initial_variants() in ir3_gallium.c (tessellation none,
 *    ucp_enables = MASK(clip_distance_array_size), msaa, safe_constlen
 *    false), after ir3_key_clear_unused(), non-binning variant;
 *  - the compiler options ir3_screen_init() passes;
 *  - the on-disk shader cache is disabled (a hit keeps no disassembly);
 *  - the shader's constant data and the index of the UBO it is read
 *    through ("; consts_ubo:", "; constant_data:" lines), which the driver
 *    uploads and the disassembly leaves out.
 */

#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/glsl_types.h"
#include "nir/tgsi_to_nir.h"
#include "pipe/p_shader_tokens.h"
#include "tgsi/tgsi_scan.h"
#include "tgsi/tgsi_text.h"
#include "pipe/p_screen.h"
#include "pipe/p_defines.h"

#include "freedreno/common/disasm.h"
#include "ir3/ir3.h"
#include "ir3/ir3_compiler.h"
#include "ir3/ir3_descriptor.h"
#include "ir3/ir3_nir.h"
#include "ir3/ir3_shader.h"

static struct ir3_compiler *compiler;

static int
glue_get_param(struct pipe_screen *s, enum pipe_cap cap)
{
   switch (cap) {
   case PIPE_CAP_NIR_SAMPLERS_AS_DEREF: return 0;    /* u_screen default */
   case PIPE_CAP_FS_FACE_IS_INTEGER_SYSVAL: return 1; /* freedreno: all */
   case PIPE_CAP_FS_POSITION_IS_SYSVAL: return 1;     /* freedreno: ir3 */
   case PIPE_CAP_FS_POINT_IS_SYSVAL: return 0;        /* freedreno: a2xx only */
   case PIPE_CAP_NIR_COMPACT_ARRAYS: return 1;        /* freedreno: all */
   case PIPE_CAP_TEXRECT: return 1;                   /* u_screen default */
   default:
      errx(3, "glue: no answer for pipe cap %d", (int)cap);
   }
}

static int
glue_get_shader_param(struct pipe_screen *s, enum pipe_shader_type shader,
                      enum pipe_shader_cap cap)
{
   if (cap == PIPE_SHADER_CAP_INTEGERS)
      return 1; /* freedreno: is_ir3 */
   errx(3, "glue: no answer for shader cap %d", (int)cap);
}

static const void *
glue_get_compiler_options(struct pipe_screen *s, enum pipe_shader_ir ir,
                          enum pipe_shader_type shader)
{
   return ir3_get_compiler_options(compiler);
}

static char *
glue_finalize_nir(struct pipe_screen *s, void *nir)
{
   /* ir3_screen_finalize_nir */
   ir3_nir_lower_io_to_temporaries(nir);
   ir3_finalize_nir(compiler, nir);
   return NULL;
}

static char *
read_text(const char *path)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      err(1, "%s", path);
   fseek(f, 0, SEEK_END);
   long n = ftell(f);
   fseek(f, 0, SEEK_SET);
   char *buf = malloc(n + 1);
   if (fread(buf, 1, n, f) != (size_t)n)
      err(1, "%s", path);
   buf[n] = 0;
   fclose(f);
   return buf;
}

/* The instruction lines of disasm_a3xx(PRINT_RAW), one per line. */
static char *
raw_listing(struct ir3_shader_variant *v)
{
   char *data = NULL;
   size_t size = 0;
   FILE *f = open_memstream(&data, &size);
   disasm_a3xx_set_debug(PRINT_RAW);
   disasm_a3xx(v->bin, v->info.sizedwords, 0, f, compiler->gen * 100);
   fclose(f);
   return data;
}

/* Prints the driver's dump with its instruction block (the lines between
 * the '@'/';' header and the "; STAGE: outputs:" line) replaced by the raw
 * listing, after checking both list the same instructions. */
static void
print_dump(struct ir3_shader_variant *v)
{
   const char *dump = v->disasm_info.disasm;
   char *raw = raw_listing(v);
   char marker[64];
   snprintf(marker, sizeof(marker), "; %s: outputs:", ir3_shader_stage(v));
   const char *tail = strstr(dump, marker);
   if (!tail)
      errx(4, "glue: no '%s' line in the dump", marker);

   /* header: leading lines that start with ';' or '@' */
   const char *p = dump;
   if (!strncmp(p, "Native code", 11)) {
      const char *nl = strchr(p, '\n');
      p = nl ? nl + 1 : tail;
   }
   while (p < tail && (*p == ';' || *p == '@')) {
      const char *nl = strchr(p, '\n');
      p = nl ? nl + 1 : tail;
   }
   size_t header_len = p - dump;

   /* check: stripping the raw prefixes gives back the text block */
   size_t block_len = tail - p;
   char *stripped = malloc(strlen(raw) + 1);
   char *o = stripped;
   for (const char *q = raw; *q;) {
      const char *nl = strchr(q, '\n');
      size_t len = nl ? (size_t)(nl - q + 1) : strlen(q);
      const char *b = memchr(q, '[', len);
      const char *e = memchr(q, ']', len);
      if (b && e && e > b && q[0] == ':' && e + 1 < q + len && e[1] == ' ') {
         memcpy(o, e + 2, len - (e + 2 - q));
         o += len - (e + 2 - q);
      } else {
         memcpy(o, q, len);
         o += len;
      }
      q += len;
   }
   *o = 0;
   if (strlen(stripped) != block_len || memcmp(stripped, p, block_len) != 0)
   {
      if (getenv("GLUE_DEBUG"))
         fprintf(stderr, "--- dump block ---\n%.*s--- stripped raw ---\n%s--- raw ---\n%s", (int)block_len, p, stripped, raw);
      errx(4, "glue: the raw listing does not match the dump's instructions");
   }

   fwrite(dump, 1, header_len, stdout);
   /* The shader's constant data (nir_opt_large_constants: constant arrays),
    * which the driver uploads from the binary's tail for the ubo_state
    * ranges of the consts UBO (ir3_emit_constant_data); the disassembly
    * does not print it. */
   if (v->constant_data_size) {
      const uint32_t *words = v->bin + v->info.constant_data_offset / 4;
      printf("; consts_ubo: %d\n; constant_data:", ir3_const_state(v)->consts_ubo.idx);
      for (unsigned i = 0; i < v->constant_data_size / 4; i++)
         printf(" 0x%08x", words[i]);
      printf("\n");
   }
   fputs(raw, stdout);
   fputs(tail, stdout);
   free(stripped);
   free(raw);
}

int
main(int argc, char **argv)
{
   unsigned gpu_id = 320;
   const char *path = NULL;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--gpu") && i + 1 < argc)
         gpu_id = strtoul(argv[++i], NULL, 0);
      else if (!path)
         path = argv[i];
      else
         errx(2, "usage: ir3_driver_glue [--gpu N] FILE.tgsi");
   }
   if (!path)
      errx(2, "usage: ir3_driver_glue [--gpu N] FILE.tgsi");

   /* No on-disk shader cache: a cache hit returns a variant without its
    * disassembly, and every dump must come from this compile. */
   setenv("MESA_SHADER_CACHE_DISABLE", "true", 1);
   glsl_type_singleton_init_or_ref(); /* as fd_screen_create does */

   struct fd_dev_id dev_id = {.gpu_id = gpu_id};
   const struct fd_dev_info *info = fd_dev_info_raw(&dev_id);
   if (!info)
      errx(2, "unknown gpu %u", gpu_id);
   /* ir3_screen_init's options (max_rts: A3XX_MAX_RENDER_TARGETS = 4) */
   struct ir3_compiler_options options = {
      .bindless_fb_read_descriptor =
         ir3_shader_descriptor_set(PIPE_SHADER_FRAGMENT),
      .bindless_fb_read_slot =
         IR3_BINDLESS_IMAGE_OFFSET + IR3_BINDLESS_IMAGE_COUNT - 1 - 4,
   };
   compiler = ir3_compiler_create(NULL, &dev_id, info, &options);
   if (compiler->gen != 3)
      errx(2, "glue: answers the caps of an a3xx screen only (gpu %u is gen %u)",
           gpu_id, compiler->gen);

   struct pipe_screen screen = {0};
   screen.get_param = glue_get_param;
   screen.get_shader_param = glue_get_shader_param;
   screen.get_compiler_options = glue_get_compiler_options;
   screen.finalize_nir = glue_finalize_nir;

   static struct tgsi_token toks[65536];
   char *text = read_text(path);
   if (!tgsi_text_translate(text, toks, ARRAY_SIZE(toks)))
      errx(1, "%s: tgsi_text_translate refused it", path);

   /* FACE as a fragment IN is a float (positive: front), TGSI's form for a
    * driver whose FS_FACE_IS_INTEGER_SYSVAL is 0. freedreno answers 1, so
    * the state tracker never gives it one: tgsi_to_nir then asserts that
    * FACE is a system value, and without assertions (-DNDEBUG) it reads the
    * IN as the integer 0 / ~0, which the shader then uses as a float. Not a
    * program freedreno would build: refused. */
   struct tgsi_shader_info scan;
   tgsi_scan_shader(toks, &scan);
   for (unsigned i = 0; i < scan.num_inputs; i++) {
      if (scan.processor == PIPE_SHADER_FRAGMENT &&
          scan.input_semantic_name[i] == TGSI_SEMANTIC_FACE)
         errx(5, "%s: FACE declared as an input (a float): freedreno's "
              "FS_FACE_IS_INTEGER_SYSVAL wants a system value (tgsi_to_nir "
              "asserts so)", path);
      /* A fragment input declared CENTROID or SAMPLE: tgsi_to_nir (at the
       * recorded revision) never reads the declaration's Interp.Location, so
       * ir3 would interpolate it at the pixel center (bary.f with
       * BARYCENTRIC_PERSP_PIXEL), while freedreno's driver, which takes
       * GLSL's NIR, loads the centroid (or sample) barycentrics for it.
       * Not the program freedreno would build: refused. */
      if (scan.processor == PIPE_SHADER_FRAGMENT &&
          scan.input_interpolate_loc[i] != TGSI_INTERPOLATE_LOC_CENTER)
         errx(6, "%s: input %u declared %s: tgsi_to_nir drops the "
              "interpolation location (ir3 would interpolate it at the "
              "center)", path, i,
              scan.input_interpolate_loc[i] == TGSI_INTERPOLATE_LOC_CENTROID
                 ? "CENTROID" : "SAMPLE");
   }

   nir_shader *nir = tgsi_to_nir(toks, &screen, false);

   struct ir3_stream_output_info stream_output = {0};
   struct ir3_shader *shader = ir3_shader_from_nir(
      compiler, nir,
      &(struct ir3_shader_options){
         .api_wavesize = IR3_SINGLE_OR_DOUBLE,
         .real_wavesize = IR3_SINGLE_OR_DOUBLE,
      },
      &stream_output);

   struct ir3_shader_key key = {
      .tessellation = IR3_TESS_NONE,
      .ucp_enables = MASK(nir->info.clip_distance_array_size),
      .msaa = true,
   };
   key.safe_constlen = false;
   ir3_key_clear_unused(&key, shader);

   bool created = false;
   struct ir3_shader_variant *v =
      ir3_shader_get_variant(shader, &key, false, true, &created);
   if (!v || !v->bin)
      errx(5, "%s: ir3 failed to compile", path);
   if (!v->disasm_info.disasm)
      errx(5, "%s: no disassembly kept", path);
   if (v->constlen > compiler->max_const_safe)
      fprintf(stdout, "; note: constlen %u > max_const_safe %u: the driver "
              "would also build a safe_constlen variant\n",
              v->constlen, compiler->max_const_safe);
   print_dump(v);
   return 0;
}
