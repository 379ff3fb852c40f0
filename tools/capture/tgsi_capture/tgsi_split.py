"""Splitting softpipe's tgsi_dump output out of a program's combined log.

Invariants: split_tgsi_dumps() returns only complete dumps (header through
END, plus consecutively numbered instructions right after END), each as its
exact lines joined by "\n" with no final newline, in log order; everything
else is foreign text, and incomplete dumps are only counted (truncated,
interrupted).  It is a pure function of its input.
"""

from __future__ import annotations

import dataclasses
import re
from typing import List, Optional

STAGES = ("VERT", "FRAG", "GEOM", "TESS_CTRL", "TESS_EVAL", "COMP")
_HEADER_RE = re.compile(r"(VERT|FRAG|GEOM|TESS_CTRL|TESS_EVAL|COMP)\Z")
# Declarations, immediates and properties come before the first instruction
# in everything ureg/nir_to_tgsi emit.
_PREAMBLE_RE = re.compile(
    r"(DCL [A-Z]|IMM\[\d+\] (FLT32|UINT32|INT32|FLT64|UINT64|INT64) \{|"
    r"PROPERTY [A-Z0-9_]+ )")
# tgsi_dump prints "% 3u: " then two spaces per nesting level, the opcode.
_INSN_RE = re.compile(r" *(\d+): +([A-Z][A-Z0-9_]*)")
_GLUED_HEADER_RE = re.compile(r".+(VERT|FRAG|GEOM|TESS_CTRL|TESS_EVAL|COMP)\Z")


@dataclasses.dataclass
class SplitResult:
    dumps: List[str]          # each dump's lines joined by "\n", no final "\n"
    truncated: int = 0        # dumps cut off by the end of the log
    interrupted: int = 0      # dumps cut off by a foreign line (or a header)
    glued_headers: int = 0    # dumps whose header was glued to foreign text
    interruptions: List[str] = dataclasses.field(default_factory=list)


def split_tgsi_dumps(log: str, max_examples: int = 3) -> SplitResult:
    """Splits complete tgsi_dump texts out of a log with foreign lines.

    A dump starts at a line that is exactly a processor name (VERT, FRAG,
    GEOM, TESS_CTRL, TESS_EVAL, COMP) and continues with declaration,
    immediate and property lines and then instruction lines numbered
    0, 1, 2, ... without gaps.  It is complete once its END instruction has
    been seen; further consecutively numbered instruction lines right after
    END (subroutine bodies of hand-written TGSI) still belong to it.  A dump
    that meets a foreign line (or a new header) before END is dropped and
    counted as interrupted; one that meets the end of the log before END is
    dropped and counted as truncated.  Lines are split on "\n" only; a line
    with a stray "\r" is foreign.

    Glued headers: Mesa flushes the program's stdout before each piece of
    debug output, so a program that printed part of a line to stdout (glmark2
    prints "[refract] duration=0.5:" before the scene builds its shaders)
    leaves the processor name at the end of that line.  A foreign line that
    ends with a processor name and is followed by the first line of a dump
    body starts a dump (the prefix is not part of it); these are counted.
    """
    res = SplitResult(dumps=[])
    cur: Optional[List[str]] = None
    expect = 0
    seen_end = False
    lines = log.split("\n")
    if lines and lines[-1] == "":
        lines.pop()

    def body_start(i: int) -> bool:
        if i >= len(lines) or "\r" in lines[i]:
            return False
        m = _INSN_RE.match(lines[i])
        return bool(_PREAMBLE_RE.match(lines[i]) or (m and m.group(1) == "0"))

    for idx, line in enumerate(lines):
        if _HEADER_RE.match(line):
            if cur is not None:
                if seen_end:
                    res.dumps.append("\n".join(cur))
                else:
                    res.interrupted += 1
                    if len(res.interruptions) < max_examples:
                        res.interruptions.append("%s | %r" % (" / ".join(cur[:3]), line))
            cur, expect, seen_end = [line], 0, False
            continue
        if cur is not None:
            m = _INSN_RE.match(line) if "\r" not in line else None
            if m and int(m.group(1)) == expect:
                cur.append(line)
                expect += 1
                if not seen_end and m.group(2) == "END" and line.endswith(" END"):
                    seen_end = True
                continue
            if (not seen_end and expect == 0 and "\r" not in line
                    and _PREAMBLE_RE.match(line)):
                cur.append(line)
                continue
            if seen_end:
                res.dumps.append("\n".join(cur))
            else:
                res.interrupted += 1
                if len(res.interruptions) < max_examples:
                    res.interruptions.append("%s | %r" % (" / ".join(cur[:3]), line))
            cur = None
        # A foreign line; maybe with a processor name glued to its end.
        g = _GLUED_HEADER_RE.match(line)
        if (g and line[:g.start(1)].strip() and body_start(idx + 1)
                and not _PREAMBLE_RE.match(line)
                and not _INSN_RE.match(line)):
            res.glued_headers += 1
            cur, expect, seen_end = [g.group(1)], 0, False
    if cur is not None:
        if seen_end:
            res.dumps.append("\n".join(cur))
        else:
            res.truncated += 1
    return res


def count_instructions(dump: str) -> int:
    return sum(1 for line in dump.split("\n") if _INSN_RE.match(line))
