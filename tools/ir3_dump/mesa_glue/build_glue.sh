#!/bin/sh
# Builds the ir3 glue (ir3_driver_glue.c, beside this script) inside a Mesa
# source tree, outside this repository. Usage:
#   build_glue.sh MESA_SRC BUILD_DIR [MESON]
# MESA_SRC: a Mesa checkout (tested: b7a38e4aa54f, 24.1.0-devel); it gets the
# glue copied into src/gallium/drivers/freedreno/ir3/ and an executable
# target appended to src/gallium/drivers/freedreno/meson.build.
# MESON: the meson to run (Mesa 24.1 needs meson >= 1.1; Debian 12 has 1.0.1,
# so PROVENANCE.md used meson 1.4.2 from its source tree: "python3 PATH/meson.py").
# Runs under nice: the build is ~800 objects.
set -e
SRC=$1; BUILD=$2; MESON=${3:-meson}
[ -n "$SRC" ] && [ -n "$BUILD" ] || { echo "usage: build_glue.sh MESA_SRC BUILD_DIR [MESON]" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
cp "$HERE/ir3_driver_glue.c" "$SRC/src/gallium/drivers/freedreno/ir3/"
MB="$SRC/src/gallium/drivers/freedreno/meson.build"
grep -q "ir3_driver_glue" "$MB" || cat >> "$MB" <<'MESON'

# shaderdiff glue (not part of Mesa): see ir3/ir3_driver_glue.c
ir3_driver_glue = executable(
  'ir3_driver_glue',
  ['ir3/ir3_driver_glue.c', freedreno_xml_header_files],
  include_directories : freedreno_includes,
  dependencies : [idep_nir, idep_mesautil],
  link_with : [libfreedreno, libfreedreno_drm, libfreedreno_ir3, libfreedreno_layout, libgallium],
  build_by_default : false,
  install : false,
)
MESON
# python3-mako must be importable by the python3 meson finds first.
[ -d "$BUILD" ] || (cd "$SRC" && nice -n 10 $MESON setup "$BUILD" \
  -Dgallium-drivers=freedreno -Dvulkan-drivers= -Dllvm=disabled -Dplatforms= \
  -Dglx=disabled -Degl=disabled -Dgbm=disabled -Dgles1=disabled -Dgles2=disabled \
  -Dopengl=true -Dshared-glapi=enabled -Dtools=freedreno -Dbuildtype=plain \
  -Dc_args=-O0 -Dcpp_args=-O0 -Db_ndebug=true -Dvalgrind=disabled -Dlibunwind=disabled \
  -Dzstd=disabled -Dexpat=disabled -Dvideo-codecs= --wrap-mode=nodownload)
nice -n 10 ninja -C "$BUILD" -j2 src/gallium/drivers/freedreno/ir3_driver_glue
echo "$BUILD/src/gallium/drivers/freedreno/ir3_driver_glue"
