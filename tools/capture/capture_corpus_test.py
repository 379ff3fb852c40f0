#!/usr/bin/env python3
"""Unit tests for capture_corpus: the TGSI log splitter, XXH64, merging.

Runs under Bazel (`bazel test //tools/capture:capture_corpus_test`) and
directly (`python3 tools/capture/capture_corpus_test.py`).
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import capture_corpus as cc  # noqa: E402

VS = """VERT
PROPERTY NEXT_SHADER FRAG
DCL IN[0]
DCL OUT[0], POSITION
DCL CONST[0][0..3]
DCL TEMP[0]
IMM[0] FLT32 {    1.0000,     0.5000,     0.0000,     0.0000}
  0: MUL TEMP[0], CONST[0][1], IN[0].yyyy
  1: MAD OUT[0], CONST[0][0], IN[0].xxxx, TEMP[0]
  2: END"""

FS_LOOP = """FRAG
PROPERTY FS_COLOR0_WRITES_ALL_CBUFS 1
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL TEMP[0..1], LOCAL
IMM[0] UINT32 {0, 1065353216, 4, 1}
IMM[1] INT32 {-1, 0, 0, 0}
  0: MOV TEMP[0], IMM[0].xxxx
  1: BGNLOOP :6
  2:   USGE TEMP[1].x, TEMP[0].xxxx, IMM[0].zzzz
  3:   UIF TEMP[1].xxxx :5
  4:     BRK
  5:   ENDIF
  6:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].wwww
  7: ENDLOOP :1
  8: MOV OUT[0], IN[0]
  9: END"""

FS_SMALL = """FRAG
DCL IN[0], GENERIC[0], CONSTANT
DCL OUT[0], COLOR
  0: MOV OUT[0], IN[0]
  1: END"""

FS_EMPTY = """FRAG
  0: END"""

# Hand-written TGSI with a subroutine body after END.
VS_SUB = """VERT
DCL IN[0]
DCL OUT[0], POSITION
  0: CAL :3
  1: MOV OUT[0], IN[0]
  2: END
  3: BGNSUB
  4:   RET
  5: ENDSUB"""

# A dump as long as a big shader: 1000+ instructions have no padding.
BIG = "FRAG\nDCL OUT[0], COLOR\nDCL TEMP[0]\n" + "\n".join(
    ["% 3u: MOV TEMP[0], TEMP[0]" % i for i in range(1001)] + ["1001: END"])

NIR = """shader: MESA_SHADER_FRAGMENT
source_sha1: {0xb8047edb, 0xdd357f4b, 0x230ebd75, 0x1be12be0, 0x5cdebe1b}
name: GLSL1
inputs: 1
decl_var shader_out INTERP_MODE_NONE vec4 gl_FragColor (FRAG_RESULT_COLOR.xyzw, 0, 0)
decl_function main (0 params)

impl main {
\tblock block_0:
\tvec4 32 ssa_1 = intrinsic load_deref (ssa_0) (access=0)
}
"""


class SplitterTest(unittest.TestCase):

    def test_interleaved_log(self):
        log = "\n".join([
            "** GLX does not support GLX_EXT_swap_control!",
            "=======================================================",
            "    glmark2 2023.01",
            VS,
            "[build] duration=0.5: FPS: 87 FrameTime: 11.599 ms",
            NIR,
            FS_LOOP,          # back to back with the next two
            FS_SMALL,
            FS_EMPTY,
            "PIGLIT: {\"result\": \"pass\" }",
            "[refract] duration=0.5:" + VS,   # header glued to stdout text
            " FPS: 7 FrameTime: 140.2 ms",
            VS_SUB,
            "",
            BIG,
            # Interrupted: a foreign line in the middle of the body.
            "FRAG",
            "DCL OUT[0], COLOR",
            "Mesa: User error: GL_INVALID_OPERATION",
            "  0: END",
            # A header followed by another header: the first is dropped.
            "VERT",
            FS_SMALL,
            # Truncated at the end of the log (a killed program).
            "FRAG",
            "DCL IN[0], GENERIC[0], PERSPECTIVE",
            "DCL OUT[0], COLOR",
            "  0: MOV OUT[0], IN[0]",
        ]) + "\n"
        res = cc.split_tgsi_dumps(log)
        self.assertEqual(res.dumps, [VS, FS_LOOP, FS_SMALL, FS_EMPTY, VS, VS_SUB, BIG,
                                     FS_SMALL])
        self.assertEqual(res.truncated, 1)
        self.assertEqual(res.interrupted, 2)
        self.assertEqual(res.glued_headers, 1)

    def test_truncated_without_final_newline(self):
        res = cc.split_tgsi_dumps(FS_SMALL + "\n" + "FRAG\nDCL OUT[0], COLOR\n  0: MO")
        self.assertEqual(res.dumps, [FS_SMALL])
        self.assertEqual(res.truncated, 1)
        self.assertEqual(res.interrupted, 0)

    def test_complete_dump_at_end_without_newline(self):
        res = cc.split_tgsi_dumps("junk\n" + FS_SMALL)
        self.assertEqual(res.dumps, [FS_SMALL])
        self.assertEqual(res.truncated, 0)

    def test_numbering_gap_is_foreign(self):
        res = cc.split_tgsi_dumps("FRAG\n  0: NOP\n  2: END\n")
        self.assertEqual(res.dumps, [])
        self.assertEqual(res.interrupted, 1)

    def test_carriage_return_is_foreign(self):
        res = cc.split_tgsi_dumps("FRAG\r\n  0: END\r\n")
        self.assertEqual(res.dumps, [])
        res = cc.split_tgsi_dumps("FRAG\n  0: END\r\n")
        self.assertEqual(res.dumps, [])
        self.assertEqual(res.interrupted, 1)

    def test_glued_header_is_recovered(self):
        # glmark2 prints "[refract] duration=0.5:" to stdout without a
        # newline; Mesa flushes stdout before dumping, so the header ends up
        # on the same line.
        log = ("[refract] duration=0.5:" + VS + "\n FPS: 7 FrameTime: 1.0 ms\n"
               "partial stdout lineFRAG\nDCL OUT[0], COLOR\n  0: END\n"
               + FS_SMALL + "\ntail FRAG\n  0: END\n")
        res = cc.split_tgsi_dumps(log)
        self.assertEqual(res.dumps, [VS, "FRAG\nDCL OUT[0], COLOR\n  0: END", FS_SMALL,
                                     FS_EMPTY])
        self.assertEqual(res.glued_headers, 3)
        self.assertEqual((res.interrupted, res.truncated), (0, 0))

    def test_glued_header_needs_a_dump_body(self):
        res = cc.split_tgsi_dumps("fooFRAG\nbar\nPROPERTY NEXT_SHADER FRAG\n"
                                  "DCL OUT[0], COLOR\n  0: END\n")
        self.assertEqual(res.dumps, [])
        self.assertEqual(res.glued_headers, 0)

    def test_indented_words_are_not_headers(self):
        res = cc.split_tgsi_dumps(" FRAG\n  0: END\nFRAG \n  0: END\n")
        self.assertEqual(res.dumps, [])

    def test_count_instructions(self):
        self.assertEqual(cc.count_instructions(VS), 3)
        self.assertEqual(cc.count_instructions(FS_LOOP), 10)
        self.assertEqual(cc.count_instructions(VS_SUB), 6)
        self.assertEqual(cc.count_instructions(BIG), 1002)
        self.assertEqual(cc.count_instructions(FS_EMPTY), 1)


class Xxh64Test(unittest.TestCase):
    # Values printed by Debian's `xxhsum -H1` (xxHash 0.8.1).
    KNOWN = {
        b"": "ef46db3751d8e999",
        b"a": "d24ec4f1a98c6e5b",
        b"abc": "44bc2cf5ad770999",
        b"x" * 100: "92f0de5a88a3c094",
    }

    def test_known_values(self):
        for data, want in self.KNOWN.items():
            self.assertEqual(cc.xxh64_hex(data), want, data[:10])

    @unittest.skipUnless(shutil.which("xxhsum"), "xxhsum not installed")
    def test_against_xxhsum(self):
        for n in (0, 1, 3, 4, 7, 8, 15, 31, 32, 33, 63, 64, 100, 1000):
            data = bytes((i * 37 + 11) & 0xFF for i in range(n))
            self.assertEqual(cc.xxh64_hex(data), cc.xxhsum_hex(data), n)
        data = cc.shader_bytes(FS_LOOP)
        self.assertEqual(cc.xxh64_hex(data), cc.xxhsum_hex(data))


class CorpusTest(unittest.TestCase):

    def setUp(self):
        self.dir = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.dir)

    def test_write_and_merge(self):
        c = cc.Corpus()
        h1, new = c.add(FS_SMALL, "piglit:a.shader_test")
        self.assertTrue(new)
        _, new = c.add(FS_SMALL, "piglit:b.shader_test")
        self.assertFalse(new)
        for i in range(10):
            c.add(VS, "glmark2:s%d" % i)
        c.write(self.dir, "22.3.6", "2024-01-01T00:00:00Z", "")
        path = os.path.join(self.dir, "shaders", h1 + ".tgsi")
        with open(path, "rb") as f:
            data = f.read()
        self.assertEqual(data, (FS_SMALL + "\n").encode())
        self.assertEqual(cc.xxh64_hex(data), h1)
        if shutil.which("xxhsum"):
            out = subprocess.run(["xxhsum", "-H1", path], stdout=subprocess.PIPE).stdout
            self.assertEqual(out.split()[0].decode(), h1)

        c.programs |= {"piglit:a.shader_test", "piglit:b.shader_test"}
        c.programs |= {"glmark2:s%d" % i for i in range(10)}
        c.write(self.dir, "22.3.6", "2024-01-01T00:00:00Z", "libgl1-mesa-dri 22.3.6-1+deb12u2")

        c2 = cc.Corpus()
        c2.load(self.dir)
        c2.add(FS_SMALL, "command:my-app")
        c2.add(FS_EMPTY, "command:my-app")
        c2.add(VS, "command:my-app")
        # Re-running a program of the first capture does not count it twice,
        # even though its name was not listed (the list was capped at 8).
        c2.add(VS, "glmark2:s9")
        c2.programs |= {"command:my-app", "glmark2:s9"}
        new, total = c2.write(self.dir, "22.3.6", "2024-01-02T00:00:00Z",
                              "libgl1-mesa-dri 22.3.6-1+deb12u1")
        self.assertEqual((new, total), (1, 3))
        with open(os.path.join(self.dir, "manifest.json")) as f:
            man = json.load(f)
        self.assertEqual(man["version"], 1)
        self.assertEqual(man["mesa_version"], "22.3.6")
        # A merge keeps the earlier capture's driver package next to its own.
        self.assertEqual(man["mesa_package"], "libgl1-mesa-dri 22.3.6-1+deb12u2, "
                                              "libgl1-mesa-dri 22.3.6-1+deb12u1")
        hashes = [s["hash"] for s in man["shaders"]]
        self.assertEqual(hashes, sorted(hashes))
        by = {s["hash"]: s for s in man["shaders"]}
        self.assertEqual(by[h1]["sources"], ["command:my-app", "piglit:a.shader_test",
                                             "piglit:b.shader_test"])
        self.assertEqual(by[h1]["source_count"], 3)
        self.assertEqual(by[h1]["stage"], "FRAG")
        self.assertEqual(by[h1]["instructions"], 2)
        self.assertEqual(by[h1]["file"], "shaders/%s.tgsi" % h1)
        vs = [s for s in man["shaders"] if s["stage"] == "VERT"][0]
        self.assertEqual(len(vs["sources"]), cc.MAX_LISTED_SOURCES)
        self.assertEqual(vs["source_count"], 11)
        self.assertEqual(len(man["programs"]), 13)

        # Merging the same data again changes nothing.
        c3 = cc.Corpus()
        c3.load(self.dir)
        c3.add(VS, "glmark2:s9")
        c3.add(VS, "command:my-app")
        c3.write(self.dir, "22.3.6", "2024-01-03T00:00:00Z", "")
        with open(os.path.join(self.dir, "manifest.json")) as f:
            man3 = json.load(f)
        self.assertEqual(man3["shaders"], man["shaders"])


class HelpersTest(unittest.TestCase):

    def test_glmark2_scene_listing(self):
        listing = """[Scene] build
  [Option] duration
    Description  : The duration of each benchmark in seconds
    Default Value: 10.0
  [Option] use-vbo
    Description  : Whether to use VBOs for rendering
    Default Value: true
    Acceptable Values: false,true
[Scene] clear
"""
        self.assertEqual(cc._parse_glmark2_scenes(listing),
                         {"build": {"duration": None, "use-vbo": ["false", "true"]},
                          "clear": {}})

    def test_runner_choice(self):
        d = tempfile.mkdtemp()
        try:
            cases = {
                "[require]\nGL ES >= 2.0\nGLSL ES >= 1.00\n\n[vertex shader]\n": "shader_runner_gles2",
                "[require]\nGLSL ES >= 3.00\n[fragment shader]\n": "shader_runner_gles3",
                "[require]\nGLSL >= 1.10\n\n[fragment shader]\n": "shader_runner",
                "[vertex program]\n!!ARBvp1.0\nEND\n": "shader_runner",
            }
            for i, (text, want) in enumerate(cases.items()):
                p = os.path.join(d, "%d.shader_test" % i)
                with open(p, "w") as f:
                    f.write(text)
                self.assertEqual(cc._shader_runner_for(p), want, text)
        finally:
            shutil.rmtree(d)

    def test_mesa_version(self):
        self.assertEqual(cc.mesa_version_from_glxinfo(
            "OpenGL version string: 3.3 (Compatibility Profile) Mesa 22.3.6\n"), "22.3.6")

    def test_family(self):
        self.assertEqual(cc.family_of("piglit:tests/spec/glsl-1.10/execution/x.shader_test"),
                         "piglit:tests/spec/glsl-1.10")
        self.assertEqual(cc.family_of("piglit:tests/shaders/x.shader_test"),
                         "piglit:tests/shaders")
        self.assertEqual(cc.family_of("glmark2:build --off-screen"), "glmark2")
        # The baseline sorts first, so capped source lists keep it.
        self.assertLess(cc.BASELINE_SOURCE, "command:")
        self.assertLess(cc.BASELINE_SOURCE, "glmark2:")


if __name__ == "__main__":
    unittest.main()
