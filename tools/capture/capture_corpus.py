#!/usr/bin/env python3
"""Capture a TGSI shader corpus by running real programs on Mesa's softpipe.

Every program runs with

    GALLIUM_DRIVER=softpipe LIBGL_ALWAYS_SOFTWARE=1 SOFTPIPE_DEBUG=vs,fs,gs

under a private Xvfb server (or an X display given with --display).  softpipe
then prints every vertex, fragment and geometry shader it is handed, in
tgsi_dump's canonical text form, to stderr.  This script splits those dumps
out of each program's combined stdout+stderr log (other debug text, such as
the NIR that softpipe prints before translating to TGSI, is interleaved),
deduplicates them by the XXH64 of their exact text and writes

    OUT/shaders/<16 hex digits of XXH64>.tgsi   one dump per file, ending in \\n
    OUT/manifest.json                           index: stage, size, sources

The hash covers the file's exact bytes, so `xxhsum -H1 OUT/shaders/X.tgsi`
prints X.  Capturing into an existing OUT keeps its shaders and unions the
sources of shaders seen again.

Only the Python 3 standard library is used.  The code lives in the
tgsi_capture package next to this file (one module per job, see its
__init__.py); this file is the entry point and re-exports its names.
"""

import os
import sys

# The package sits next to this file (run as a script, sys.path[0] is already
# this directory; imported from elsewhere, it may not be).
_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from tgsi_capture.xxh64 import (  # noqa: E402,F401
    _M64, _P1, _P2, _P3, _P4, _P5, _merge_round, _rotl, _round, self_check_xxh64,
    xxh64, xxh64_hex, xxhsum_hex)
from tgsi_capture.tgsi_split import (  # noqa: E402,F401
    _GLUED_HEADER_RE, _HEADER_RE, _INSN_RE, _PREAMBLE_RE, STAGES, SplitResult,
    count_instructions, split_tgsi_dumps)
from tgsi_capture.jobs import (  # noqa: E402,F401
    BASELINE_SOURCE, DEFAULT_PIGLIT_DIR, DEFAULT_PIGLIT_FOLDERS, GLMARK2_VARIANTS, Job,
    _parse_glmark2_scenes, _shader_runner_for, family_of, glmark2_jobs, piglit_jobs)
from tgsi_capture.runner import (  # noqa: E402,F401
    CAPTURE_ENV, SCRUBBED_ENV, JobResult, Runner, Xvfb, _kill_group,
    mesa_package_version, mesa_version_from_glxinfo)
from tgsi_capture.corpus import (  # noqa: E402,F401
    MANIFEST_VERSION, MAX_LISTED_SOURCES, Corpus, Entry, shader_bytes)
from tgsi_capture.summary import print_summary, summarize  # noqa: E402,F401
from tgsi_capture.cli import (  # noqa: E402,F401
    _HelpFormatter, _on_sigterm, _Terminated, build_parser, main)

if __name__ == "__main__":
    sys.exit(main())
