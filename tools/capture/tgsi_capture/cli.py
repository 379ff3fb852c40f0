"""The command line of capture_corpus.py: argument parser and main().

Invariants: the baseline `glxinfo -B` always runs first; the corpus in
--out is loaded before and written once after all programs ran (also when
interrupted, if anything ran); Xvfb, running programs and the temporary log
directory are cleaned up on every exit path.  Exit status: 0 done, 1
nothing captured, 130 interrupted.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import datetime
import json
import os
import shlex
import shutil
import signal
import sys
import tempfile
import time
from typing import List, Optional, Sequence

from tgsi_capture.corpus import Corpus
from tgsi_capture.jobs import (BASELINE_SOURCE, DEFAULT_PIGLIT_DIR, DEFAULT_PIGLIT_FOLDERS,
                                Job, glmark2_jobs, piglit_jobs)
from tgsi_capture.runner import (CAPTURE_ENV, SCRUBBED_ENV, JobResult, Runner, Xvfb,
                                  mesa_package_version, mesa_version_from_glxinfo)
from tgsi_capture.summary import print_summary, summarize
from tgsi_capture.xxh64 import self_check_xxh64


class _Terminated(Exception):
    pass


def _on_sigterm(signum, frame):  # noqa: ARG001
    raise _Terminated()


class _HelpFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Shows defaults, except for options that have none."""

    def _get_help_string(self, action):
        if action.default in (None, [], False):
            return action.help
        return super()._get_help_string(action)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        description=(
            "Run programs under Mesa's softpipe driver with SOFTPIPE_DEBUG=vs,fs,gs "
            "inside a private Xvfb, split the TGSI dumps out of their logs and "
            "merge them, deduplicated by XXH64, into OUT/shaders/<xxh64>.tgsi and "
            "OUT/manifest.json. Without --command/--only, runs every glmark2 scene "
            "(defaults windowed, --off-screen and --fullscreen, plus option "
            "variants) and piglit's shader_runner over the *.shader_test files of "
            "the default piglit folders. An existing OUT is merged into, never "
            "pruned. A `glxinfo -B` run always comes first: it gives the Mesa "
            "version, and its dumps (Mesa's own context-creation shaders) are "
            "recorded with source '%s'." % BASELINE_SOURCE),
        formatter_class=_HelpFormatter)
    p.add_argument("--out", default="corpus",
                   help="corpus directory (shaders/ and manifest.json are written here)")
    p.add_argument("--piglit-dir", default=DEFAULT_PIGLIT_DIR,
                   help="piglit installation (holds bin/shader_runner, tests/, generated_tests/)")
    p.add_argument("--piglit-folder", action="append", metavar="REL",
                   help="piglit folder relative to --piglit-dir, searched recursively for "
                        "*.shader_test (repeatable; replaces the default list: %s)"
                        % ", ".join(DEFAULT_PIGLIT_FOLDERS))
    p.add_argument("--only", action="append", choices=("glmark2", "piglit"),
                   help="run only this program family (repeatable). Default: both, "
                        "unless --command is given, in which case only the commands run")
    p.add_argument("--command", action="append", default=[], metavar="CMD",
                   help="capture an arbitrary program: CMD is run with /bin/sh -c "
                        "under the capture environment and recorded as 'command:CMD' "
                        "(repeatable). Long-running programs are killed after "
                        "--timeout; their dumps so far are kept")
    p.add_argument("--filter", metavar="SUBSTRING",
                   help="run only programs whose source name contains SUBSTRING, "
                        "e.g. 'glsl-1.10/execution' or 'glmark2:shading' (the "
                        "glxinfo -B baseline always runs)")
    p.add_argument("--limit", type=int, metavar="N",
                   help="run only the first N programs (after --filter; not counting "
                        "the baseline), for quick tests")
    p.add_argument("--every", type=int, default=1, metavar="K",
                   help="run only every K-th test (in sorted order) of each "
                        "generated_tests folder")
    p.add_argument("--jobs", type=int, default=2, help="programs run in parallel")
    p.add_argument("--timeout", type=float, default=20.0,
                   help="seconds per program; dumps printed before the kill are kept")
    p.add_argument("--glmark2", default="glmark2", help="glmark2 executable")
    p.add_argument("--glmark2-duration", default="0.5",
                   help="duration= given to every glmark2 benchmark, in seconds")
    p.add_argument("--display", metavar=":N",
                   help="use this existing X display instead of starting Xvfb")
    p.add_argument("--keep-logs", metavar="DIR",
                   help="keep every program's combined stdout+stderr log in DIR, plus "
                        "summary.json (counts, and each program's status, exit code, "
                        "time, dump count and piglit result)")
    p.add_argument("--dry-run", action="store_true",
                   help="print the programs that would run (source name, tab, command "
                        "line) and what is skipped, then exit")
    return p


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    # Under `bazel run`, relative paths mean the caller's directory.
    if os.environ.get("BUILD_WORKING_DIRECTORY"):
        os.chdir(os.environ["BUILD_WORKING_DIRECTORY"])
    if args.jobs < 1 or args.every < 1:
        raise SystemExit("--jobs and --every must be at least 1")
    skipped: List[str] = []
    families = set(args.only or ([] if args.command else ["glmark2", "piglit"]))
    jobs: List[Job] = []
    if "glmark2" in families:
        exe = shutil.which(args.glmark2)
        if not exe:
            skipped.append("glmark2: %s not found" % args.glmark2)
        else:
            jobs += glmark2_jobs(exe, args.glmark2_duration, skipped)
    if "piglit" in families:
        jobs += piglit_jobs(args.piglit_dir, args.piglit_folder or DEFAULT_PIGLIT_FOLDERS,
                            args.every, skipped)
    for cmd in args.command:
        jobs.append(Job("command:" + cmd, ["/bin/sh", "-c", cmd], "command"))
    if args.filter:
        jobs = [j for j in jobs if args.filter in j.source]
    if args.limit is not None:
        jobs = jobs[:args.limit]
    if args.dry_run:
        for j in jobs:
            print("%s\t%s" % (j.source, " ".join(shlex.quote(a) for a in j.argv)))
        for s in skipped:
            print("skipped: " + s, file=sys.stderr)
        return 0

    print(self_check_xxh64(), file=sys.stderr)
    signal.signal(signal.SIGTERM, _on_sigterm)
    xvfb = None
    tmpdir = None
    runner = None
    corpus = Corpus()
    corpus.load(args.out)
    preexisting = len(corpus.entries)
    results: List[JobResult] = []
    interrupted = False
    mesa_version = ""
    t0 = time.monotonic()
    capture_date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    try:
        env = {k: v for k, v in os.environ.items() if k not in SCRUBBED_ENV}
        env.update(CAPTURE_ENV)
        if args.display:
            env["DISPLAY"] = args.display
        else:
            xvfb = Xvfb()
            env["DISPLAY"] = xvfb.start()
            print("started Xvfb on %s" % env["DISPLAY"], file=sys.stderr)
        if args.keep_logs:
            os.makedirs(args.keep_logs, exist_ok=True)
            log_dir = args.keep_logs
        else:
            tmpdir = tempfile.mkdtemp(prefix="capture_corpus.")
            log_dir = tmpdir
        runner = Runner(env, args.timeout, log_dir, bool(args.keep_logs))

        base = runner.run(0, Job(BASELINE_SOURCE, ["glxinfo", "-B"], "baseline"), keep_text=True)
        mesa_version = mesa_version_from_glxinfo(base.log_text or "")
        base.log_text = None
        results.append(base)
        corpus.programs.add(base.job.source)
        for d in base.dumps:
            corpus.add(d, BASELINE_SOURCE)
        if base.status != "ok":
            print("warning: glxinfo -B: %s" % base.status, file=sys.stderr)
        print("Mesa %s; %d programs to run with %d jobs, timeout %gs"
              % (mesa_version or "?", len(jobs), args.jobs, args.timeout), file=sys.stderr)

        tty = sys.stderr.isatty()
        total_dumps = len(base.dumps)
        counts = {"failed": 0, "crashed": 0, "timeout": 0, "error": 0}
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            futures = [pool.submit(runner.run, i + 1, j) for i, j in enumerate(jobs)]
            try:
                for done, fut in enumerate(concurrent.futures.as_completed(futures), 1):
                    r = fut.result()
                    results.append(r)
                    corpus.programs.add(r.job.source)
                    for d in r.dumps:
                        corpus.add(d, r.job.source)
                    total_dumps += len(r.dumps)
                    if r.status in counts:
                        counts[r.status] += 1
                    line = ("[%d/%d] %d unique shaders (%d dumps) | failed %d crashed %d "
                            "timeout %d | %.0fs | %s: %s, %d dumps"
                            % (done, len(jobs), len(corpus.entries), total_dumps,
                               counts["failed"], counts["crashed"], counts["timeout"],
                               time.monotonic() - t0, r.job.source[:80], r.status,
                               len(r.dumps)))
                    if tty:
                        sys.stderr.write("\r\x1b[K" + line[:160])
                    else:
                        sys.stderr.write(line + "\n")
                    sys.stderr.flush()
            except (KeyboardInterrupt, _Terminated):
                interrupted = True
                runner.stopping = True
                for f in futures:
                    f.cancel()
                runner.kill_all()
            if tty:
                sys.stderr.write("\n")
    except (KeyboardInterrupt, _Terminated):
        interrupted = True
        if runner:
            runner.stopping = True
            runner.kill_all()
    finally:
        if runner:
            runner.kill_all()
        if xvfb:
            xvfb.stop()
        if tmpdir:
            shutil.rmtree(tmpdir, ignore_errors=True)

    wall = time.monotonic() - t0
    if not results:
        print("nothing captured", file=sys.stderr)
        return 130 if interrupted else 1
    new, total = corpus.write(args.out, mesa_version, capture_date, mesa_package_version())
    summary = summarize(results, corpus, skipped, wall, new, total, preexisting,
                        mesa_version, interrupted, argv)
    print_summary(summary)
    if args.keep_logs:
        with open(os.path.join(args.keep_logs, "summary.json"), "w") as f:
            json.dump(summary, f, indent=1)
            f.write("\n")
    return 130 if interrupted else 0
