"""The corpus: dumps deduplicated by XXH64, shaders/ and manifest.json.

Invariants: OUT/shaders/<h>.tgsi holds a dump's exact text plus one "\n"
(latin-1), and h is the XXH64 of exactly those bytes; existing shader files
are never rewritten or removed (a mismatch is an error).  manifest.json
lists shaders sorted by hash with at most MAX_LISTED_SOURCES sorted sources
each and an exact-as-possible source_count, and every Mesa version and
driver package ever captured with (", "-joined, oldest first); loading and
rewriting a manifest without new data reproduces its shader list.  Files are written
through a .tmp file and os.replace.
"""

from __future__ import annotations

import dataclasses
import json
import os
from typing import Dict, List, Set, Tuple

from tgsi_capture.tgsi_split import count_instructions
from tgsi_capture.xxh64 import xxh64_hex

MANIFEST_VERSION = 1
MAX_LISTED_SOURCES = 8


@dataclasses.dataclass
class Entry:
    text: str                 # without the final newline
    stage: str
    instructions: int
    sources: Set[str]
    # Entries loaded from a manifest whose source list was capped: the
    # recorded count, the listed subset, and the programs that capture ran.
    prior_count: int = 0
    prior_listed: Set[str] = dataclasses.field(default_factory=set)
    prior_programs: Set[str] = dataclasses.field(default_factory=set)

    @property
    def prior_capped(self) -> bool:
        return self.prior_count > len(self.prior_listed)

    @property
    def source_count(self) -> int:
        if not self.prior_capped:
            return len(self.sources)
        # A program the earlier capture already ran is assumed to have
        # produced this shader then too (same program, same driver): it is
        # among the unlisted sources.  Exact when a merge adds new programs
        # or re-runs old ones.
        return self.prior_count + sum(
            1 for s in self.sources
            if s not in self.prior_listed and s not in self.prior_programs)


def shader_bytes(text: str) -> bytes:
    return (text + "\n").encode("latin-1")


class Corpus:
    def __init__(self) -> None:
        self.entries: Dict[str, Entry] = {}   # hash -> entry
        self._by_text: Dict[str, str] = {}    # text -> hash
        self.mesa_versions: List[str] = []
        self.mesa_packages: List[str] = []    # every driver package captured with
        self.programs: Set[str] = set()       # every program ever captured

    def add(self, text: str, source: str) -> Tuple[str, bool]:
        """Adds one dump; returns (hash, whether it is new to the corpus)."""
        h = self._by_text.get(text)
        if h is None:
            h = xxh64_hex(shader_bytes(text))
            e = self.entries.get(h)
            if e is not None and e.text != text:
                raise SystemExit("XXH64 collision on %s" % h)
            self._by_text[text] = h
            if e is None:
                stage = text.split("\n", 1)[0]
                self.entries[h] = Entry(text, stage, count_instructions(text), {source})
                return h, True
        self.entries[h].sources.add(source)
        return h, False

    def load(self, out_dir: str) -> None:
        path = os.path.join(out_dir, "manifest.json")
        if not os.path.exists(path):
            return
        with open(path, "r", encoding="utf-8") as f:
            man = json.load(f)
        if man.get("version") != MANIFEST_VERSION:
            raise SystemExit("%s: unsupported manifest version %r" % (path, man.get("version")))
        for v in str(man.get("mesa_version", "")).split(", "):
            if v and v not in self.mesa_versions:
                self.mesa_versions.append(v)
        for p in str(man.get("mesa_package", "")).split(", "):
            if p and p not in self.mesa_packages:
                self.mesa_packages.append(p)
        prior_programs = set(man.get("programs", []))
        self.programs |= prior_programs
        for s in man.get("shaders", []):
            fpath = os.path.join(out_dir, s["file"])
            with open(fpath, "rb") as f:
                data = f.read()
            if xxh64_hex(data) != s["hash"]:
                raise SystemExit("%s: content does not match its hash" % fpath)
            text = data.decode("latin-1")
            if text.endswith("\n"):
                text = text[:-1]
            count = int(s.get("source_count", len(s["sources"])))
            listed = set(s["sources"])
            e = Entry(text, s["stage"], int(s["instructions"]), set(listed),
                      prior_count=count, prior_listed=listed,
                      prior_programs=prior_programs if count > len(listed) else set())
            self.entries[s["hash"]] = e
            self._by_text[text] = s["hash"]

    def write(self, out_dir: str, mesa_version: str, capture_date: str,
              mesa_package: str) -> Tuple[int, int]:
        """Writes new shader files and the manifest; returns (new, total)."""
        sdir = os.path.join(out_dir, "shaders")
        os.makedirs(sdir, exist_ok=True)
        new = 0
        for h, e in self.entries.items():
            fpath = os.path.join(sdir, h + ".tgsi")
            data = shader_bytes(e.text)
            if os.path.exists(fpath):
                with open(fpath, "rb") as f:
                    if f.read() != data:
                        raise SystemExit("%s exists with different content" % fpath)
                continue
            tmp = fpath + ".tmp"
            with open(tmp, "wb") as f:
                f.write(data)
            os.replace(tmp, fpath)
            new += 1
        versions = list(self.mesa_versions)
        if mesa_version and mesa_version not in versions:
            versions.append(mesa_version)
        packages = list(self.mesa_packages)
        if mesa_package and mesa_package not in packages:
            packages.append(mesa_package)
        shaders = []
        for h in sorted(self.entries):
            e = self.entries[h]
            srcs = sorted(e.sources)
            shaders.append({
                "hash": h,
                "file": "shaders/%s.tgsi" % h,
                "stage": e.stage,
                "instructions": e.instructions,
                "sources": srcs[:MAX_LISTED_SOURCES],
                "source_count": e.source_count,
            })
        man = {
            "version": MANIFEST_VERSION,
            "mesa_version": ", ".join(versions),
            "mesa_package": ", ".join(packages),
            "capture_date": capture_date,
            "shaders": shaders,
            "programs": sorted(self.programs),
        }
        path = os.path.join(out_dir, "manifest.json")
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            json.dump(man, f, indent=1, sort_keys=False)
            f.write("\n")
        os.replace(path + ".tmp", path)
        return new, len(self.entries)
