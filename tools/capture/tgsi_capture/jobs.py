"""The programs a capture runs: glmark2 scenes and variants, piglit tests.

Invariants: job lists are deterministic for a given glmark2 scene listing
and piglit tree (scenes, folders and tests in sorted order); each Job's
source is the name recorded in the manifest ("glmark2:...", "piglit:<path
relative to the piglit dir>", "command:...", BASELINE_SOURCE), and
family_of() maps a source to the family it is summarized under.  Anything
not turned into a job is reported through the `skipped` list.
"""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
from typing import Dict, List, Optional, Sequence

DEFAULT_PIGLIT_DIR = "/usr/lib/x86_64-linux-gnu/piglit"
# The piglit folders captured by default (searched recursively for
# *.shader_test).  Paths are relative to --piglit-dir.
DEFAULT_PIGLIT_FOLDERS = (
    "tests/shaders",
    "tests/spec/glsl-1.10",
    "tests/spec/glsl-1.20",
    "tests/spec/glsl-es-1.00",
    "tests/spec/arb_fragment_program",
    "tests/spec/arb_vertex_program",
    "generated_tests/spec/glsl-1.10",
    "generated_tests/spec/glsl-1.20",
)
# Named so that it sorts before every other family: Mesa's own shaders, which
# every program produces, keep it among their first MAX_LISTED_SOURCES.
BASELINE_SOURCE = "baseline:glxinfo -B"


@dataclasses.dataclass
class Job:
    source: str               # recorded in the manifest, e.g. "piglit:tests/..."
    argv: List[str]
    family: str               # glmark2 | piglit | command | baseline
    cwd: Optional[str] = None


def _parse_glmark2_scenes(text: str) -> Dict[str, Dict[str, Optional[List[str]]]]:
    """{scene: {option: acceptable values or None}} from --list-scenes."""
    scenes: Dict[str, Dict[str, Optional[List[str]]]] = {}
    scene = opt = None
    for line in text.splitlines():
        m = re.match(r"\[Scene\] (\S+)", line)
        if m:
            scene = m.group(1)
            scenes[scene] = {}
            opt = None
            continue
        m = re.match(r"\s+\[Option\] (\S+)", line)
        if m and scene is not None:
            opt = m.group(1)
            scenes[scene][opt] = None
            continue
        m = re.match(r"\s+Acceptable Values: (.*)", line)
        if m and scene is not None and opt is not None:
            scenes[scene][opt] = m.group(1).strip().split(",")
    return scenes


# Option variants that change the shaders glmark2 builds (loop and branch
# counts, kernels and lighting models are baked into its GLSL sources), plus
# glmark2's own default benchmark list.  Each is checked against
# `glmark2 --list-scenes`; unknown options or values are skipped and reported.
GLMARK2_VARIANTS = (
    "build:use-vbo=false",
    "texture:texture-filter=linear",
    "texture:texture-filter=mipmap",
    "texture:texture-filter=linear-shader",
    "texture:texgen=true",
    "shading:shading=blinn-phong-inf",
    "shading:shading=phong",
    "shading:shading=cel",
    "shading:shading=phong:num-lights=4",
    "shading:shading=blinn-phong-inf:num-lights=3",
    "bump:bump-render=high-poly",
    "bump:bump-render=normals",
    "bump:bump-render=normals-tangent",
    "bump:bump-render=height",
    "effect2d:kernel=0,1,0;1,-4,1;0,1,0;",
    "effect2d:kernel=1,1,1,1,1;1,1,1,1,1;1,1,1,1,1;",
    "effect2d:kernel=1,2,1;0,0,0;-1,-2,-1;:normalize=false",
    "pulsar:quads=5:texture=false:light=false",
    "pulsar:light=true:texture=true:random=true",
    "desktop:windows=4:effect=blur:blur-radius=5:passes=1:separable=true",
    "desktop:windows=4:effect=blur:blur-radius=3:separable=false",
    "desktop:windows=4:effect=shadow",
    "buffer:update-fraction=0.5:update-dispersion=0.9:columns=200:update-method=map:interleave=false",
    "buffer:update-fraction=0.5:update-dispersion=0.9:columns=200:update-method=subdata:interleave=false",
    "buffer:update-fraction=0.5:update-dispersion=0.9:columns=200:update-method=map:interleave=true",
    "conditionals:vertex-steps=0:fragment-steps=0",
    "conditionals:vertex-steps=0:fragment-steps=5",
    "conditionals:vertex-steps=5:fragment-steps=0",
    "conditionals:vertex-conditionals=false:fragment-conditionals=false:vertex-steps=3:fragment-steps=3",
    "function:fragment-steps=5:fragment-complexity=low",
    "function:fragment-steps=5:fragment-complexity=medium",
    "function:vertex-steps=5:vertex-complexity=medium:fragment-function=false",
    "loop:vertex-steps=5:fragment-steps=5:fragment-function=false",
    "loop:vertex-steps=5:fragment-steps=5:fragment-uniform=false",
    "loop:vertex-steps=5:fragment-steps=5:fragment-uniform=true",
    "loop:vertex-steps=5:vertex-uniform=false:vertex-function=false:fragment-function=false",
    "terrain:bloom=false:tilt-shift=false",
    "terrain:bloom=true:tilt-shift=false",
)


def glmark2_jobs(glmark2: str, duration: str, skipped: List[str]) -> List[Job]:
    listing = subprocess.run([glmark2, "--list-scenes"], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, timeout=60).stdout
    scenes = _parse_glmark2_scenes(listing.decode("utf-8", "replace"))
    if not scenes:
        raise SystemExit("`%s --list-scenes` listed no scenes" % glmark2)
    jobs: List[Job] = []

    def bench(spec: str) -> str:
        return "%s:duration=%s" % (spec, duration)

    # Every scene with its default options, windowed, off-screen and
    # fullscreen (the window-system paths may add their own blits).
    for scene in sorted(scenes):
        for mode, flags in (("", []), (" --off-screen", ["--off-screen"]),
                            (" --fullscreen", ["--fullscreen"])):
            jobs.append(Job("glmark2:%s%s" % (scene, mode),
                            [glmark2] + flags + ["-b", bench(scene)], "glmark2"))
    for spec in GLMARK2_VARIANTS:
        scene, _, rest = spec.partition(":")
        bad = None
        if scene not in scenes:
            bad = "no scene %r" % scene
        else:
            # kernel values contain ';' and ','; split options on ':' only.
            for kv in filter(None, rest.split(":")):
                key, _, val = kv.partition("=")
                if key not in scenes[scene]:
                    bad = "scene %s has no option %r" % (scene, key)
                elif scenes[scene][key] is not None and val not in scenes[scene][key]:
                    bad = "option %s=%s not acceptable" % (key, val)
        if bad:
            skipped.append("glmark2 variant %s: %s" % (spec, bad))
            continue
        jobs.append(Job("glmark2:%s --off-screen" % spec,
                        [glmark2, "--off-screen", "-b", bench(spec)], "glmark2"))
    return jobs


def _shader_runner_for(path: str) -> str:
    """Which shader_runner binary a test needs, as piglit's own runner picks
    it from the [require] section: GLES tests need shader_runner_gles2/3."""
    try:
        with open(path, "r", encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return "shader_runner"
    m = re.search(r"^\[require\]\s*$(.*?)^\[", text, re.M | re.S)
    req = m.group(1) if m else ""
    m = re.search(r"^\s*GL ES\s*>=?\s*(\d+)\.(\d+)", req, re.M)
    if m:
        return "shader_runner_gles3" if int(m.group(1)) >= 3 else "shader_runner_gles2"
    m = re.search(r"^\s*GLSL ES\s*>=?\s*(\d+)\.(\d+)", req, re.M)
    if m:
        return "shader_runner_gles3" if int(m.group(1)) >= 3 else "shader_runner_gles2"
    return "shader_runner"


def piglit_jobs(piglit_dir: str, folders: Sequence[str], every: int,
                skipped: List[str]) -> List[Job]:
    jobs: List[Job] = []
    bindir = os.path.join(piglit_dir, "bin")
    for folder in folders:
        root = os.path.join(piglit_dir, folder)
        if not os.path.isdir(root):
            skipped.append("piglit folder %s: not found under %s" % (folder, piglit_dir))
            continue
        tests: List[str] = []
        other: Dict[str, int] = {}
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames.sort()
            for fn in filenames:
                full = os.path.join(dirpath, fn)
                if fn.endswith(".shader_test"):
                    tests.append(full)
                else:
                    ext = os.path.splitext(fn)[1] or fn
                    other[ext] = other.get(ext, 0) + 1
        tests.sort()
        if other:
            skipped.append(
                "piglit %s: %s not run (only *.shader_test runs with "
                "shader_runner; .vert/.frag/.geom are glslparsertest "
                "compile-only tests)" % (folder, ", ".join(
                    "%d %s" % (n, e) for e, n in sorted(other.items()))))
        if every > 1 and folder.startswith("generated_tests"):
            kept = tests[::every]
            skipped.append("piglit %s: sampled every %d-th test: %d of %d"
                           % (folder, every, len(kept), len(tests)))
            tests = kept
        for t in tests:
            rel = os.path.relpath(t, piglit_dir)
            runner = os.path.join(bindir, _shader_runner_for(t))
            jobs.append(Job("piglit:" + rel, [runner, t, "-auto", "-fbo"],
                            "piglit", cwd=piglit_dir))
    return jobs


def family_of(source: str) -> str:
    fam, _, rest = source.partition(":")
    if fam == "piglit":
        parts = rest.split("/")
        # piglit:tests/spec/glsl-1.10/... -> piglit:tests/spec/glsl-1.10
        depth = 3 if len(parts) > 3 and parts[1] == "spec" else 2
        return "piglit:" + "/".join(parts[:depth])
    return fam
