"""The end-of-run summary: counts per status, stage and family.

Invariants: summarize() only reads its arguments (plus sys.argv when argv
is None) and returns a JSON-serializable dict, which is written as
summary.json with --keep-logs; print_summary() writes it to stderr.
"""

from __future__ import annotations

import sys
from typing import Dict, List

from tgsi_capture.corpus import Corpus
from tgsi_capture.jobs import family_of
from tgsi_capture.runner import JobResult


def summarize(results: List[JobResult], corpus: Corpus, skipped: List[str],
              wall: float, new: int, total: int, preexisting: int,
              mesa_version: str, interrupted: bool, argv) -> dict:
    status: Dict[str, int] = {}
    piglit: Dict[str, int] = {}
    for r in results:
        status[r.status] = status.get(r.status, 0) + 1
        if r.piglit_result:
            piglit[r.piglit_result] = piglit.get(r.piglit_result, 0) + 1
    by_stage: Dict[str, int] = {}
    by_family: Dict[str, int] = {}
    only_family: Dict[str, int] = {}
    for e in corpus.entries.values():
        by_stage[e.stage] = by_stage.get(e.stage, 0) + 1
        fams = {family_of(s) for s in e.sources}
        for f in fams:
            by_family[f] = by_family.get(f, 0) + 1
        if len(fams) == 1 and not e.prior_capped:
            f = next(iter(fams))
            only_family[f] = only_family.get(f, 0) + 1
    dumps = sum(len(r.dumps) for r in results)
    runs = [{"source": r.job.source, "status": r.status, "rc": r.returncode,
             "seconds": round(r.seconds, 1), "dumps": len(r.dumps),
             "unique_dumps": len(set(r.dumps)), "piglit": r.piglit_result}
            for r in results]
    repeats = sum(len(r.dumps) - len(set(r.dumps)) for r in results)
    return {
        "argv": list(sys.argv if argv is None else argv),
        "interrupted": interrupted,
        "mesa_version": mesa_version,
        "wall_seconds": round(wall, 1),
        "programs": len(results),
        "status": status,
        "piglit_results": piglit,
        "dumps": dumps,
        "dumps_repeated_within_a_program": repeats,
        "dumps_truncated": sum(r.truncated for r in results),
        "dumps_interrupted": sum(r.interrupted for r in results),
        "glued_headers": sum(r.glued_headers for r in results),
        "interruption_examples": [x for r in results for x in r.interruptions][:20],
        "unique_shaders": total,
        "new_shaders": new,
        "preexisting_shaders": preexisting,
        "by_stage": dict(sorted(by_stage.items())),
        "by_family": dict(sorted(by_family.items())),
        "only_from_family": dict(sorted(only_family.items())),
        "skipped": skipped,
        "problems": [run for run in runs if run["status"] != "ok"],
        "runs": runs,
    }


def print_summary(s: dict) -> None:
    w = sys.stderr.write
    w("%s: %d programs in %.0fs: %s\n" % (
        "INTERRUPTED" if s["interrupted"] else "done", s["programs"], s["wall_seconds"],
        ", ".join("%s %d" % kv for kv in sorted(s["status"].items()))))
    if s["piglit_results"]:
        w("piglit results: %s\n" % ", ".join("%s %d" % kv for kv in sorted(s["piglit_results"].items())))
    w("dumps: %d complete (%d repeated within a program), %d truncated, %d interrupted, "
      "%d glued headers\n" % (s["dumps"], s["dumps_repeated_within_a_program"],
                              s["dumps_truncated"], s["dumps_interrupted"], s["glued_headers"]))
    w("corpus: %d unique shaders (%d new, %d before): %s\n" % (
        s["unique_shaders"], s["new_shaders"], s["preexisting_shaders"],
        ", ".join("%s %d" % kv for kv in s["by_stage"].items())))
    for f, n in s["by_family"].items():
        w("  %-45s %6d shaders (%d only from here)\n" % (f, n, s["only_from_family"].get(f, 0)))
    for x in s["skipped"]:
        w("skipped: %s\n" % x)
    for p in s["problems"][:30]:
        w("problem: %(source)s: %(status)s rc=%(rc)s %(seconds)ss dumps=%(dumps)s\n" % p)
    if len(s["problems"]) > 30:
        w("... %d more problems (see summary.json with --keep-logs)\n" % (len(s["problems"]) - 30))
