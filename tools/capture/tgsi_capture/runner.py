"""Running programs under Mesa's softpipe in a private Xvfb.

Invariants: every program runs in its own process group with CAPTURE_ENV
set and SCRUBBED_ENV removed, stdin from /dev/null and stdout+stderr in one
log file; timeouts, Ctrl-C and finishing kill the whole group.  Logs are
decoded as latin-1, so dumps keep their exact bytes; a log is deleted after
splitting unless logs are kept.  Also probes the Mesa version (glxinfo -B
text, dpkg).
"""

from __future__ import annotations

import dataclasses
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
from typing import Dict, List, Optional

from tgsi_capture.jobs import Job
from tgsi_capture.tgsi_split import split_tgsi_dumps

CAPTURE_ENV = {
    "GALLIUM_DRIVER": "softpipe",
    "LIBGL_ALWAYS_SOFTWARE": "1",
    "SOFTPIPE_DEBUG": "vs,fs,gs",
    # Determinism: no on-disk shader cache (and no writes to ~/.cache), no
    # GL command thread that could interleave its output with the dumps.
    "MESA_SHADER_CACHE_DISABLE": "true",
    "MESA_GLTHREAD": "false",
}
# Variables that would send the dumps elsewhere or change the driver.
SCRUBBED_ENV = ("GALLIUM_LOG_FILE", "MESA_LOADER_DRIVER_OVERRIDE", "GALLIUM_HUD")


@dataclasses.dataclass
class JobResult:
    job: Job
    status: str                # ok | failed | crashed | timeout | error
    returncode: Optional[int]
    seconds: float
    dumps: List[str]
    truncated: int = 0
    interrupted: int = 0
    glued_headers: int = 0
    interruptions: List[str] = dataclasses.field(default_factory=list)
    piglit_result: Optional[str] = None
    log_bytes: int = 0
    log_text: Optional[str] = None   # kept only for the baseline job


class Runner:
    """Runs jobs in their own process groups so timeouts and Ctrl-C can kill
    whole process trees."""

    def __init__(self, env: Dict[str, str], timeout: float,
                 log_dir: str, keep_logs: bool) -> None:
        self.env = env
        self.timeout = timeout
        self.log_dir = log_dir
        self.keep_logs = keep_logs
        self._lock = threading.Lock()
        self._procs: Dict[int, subprocess.Popen] = {}
        self.stopping = False

    def kill_all(self) -> None:
        with self._lock:
            procs = list(self._procs.values())
        for p in procs:
            _kill_group(p)

    def run(self, index: int, job: Job, keep_text: bool = False) -> JobResult:
        if self.stopping:
            return JobResult(job, "error", None, 0.0, [], interruptions=["not started"])
        name = "%05d_%s.log" % (index, re.sub(r"[^A-Za-z0-9._-]+", "_", job.source)[:150])
        log_path = os.path.join(self.log_dir, name)
        start = time.monotonic()
        status = "ok"
        rc: Optional[int] = None
        with open(log_path, "wb") as log:
            try:
                proc = subprocess.Popen(job.argv, stdin=subprocess.DEVNULL,
                                        stdout=log, stderr=subprocess.STDOUT,
                                        env=self.env, cwd=job.cwd,
                                        start_new_session=True)
            except OSError as e:
                return JobResult(job, "error", None, 0.0, [],
                                 interruptions=["cannot start: %s" % e])
            with self._lock:
                self._procs[proc.pid] = proc
            try:
                rc = proc.wait(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                status = "timeout"
                _kill_group(proc)
                rc = proc.wait()
            finally:
                with self._lock:
                    self._procs.pop(proc.pid, None)
                # Grandchildren that outlived the program (shells, helpers).
                _kill_group(proc, quiet=True)
        seconds = time.monotonic() - start
        with open(log_path, "rb") as f:
            data = f.read()
        # latin-1 maps bytes 1:1, so dumps keep their exact bytes.
        text = data.decode("latin-1")
        split = split_tgsi_dumps(text)
        piglit = None
        m = None
        for m in re.finditer(r'PIGLIT: \{"result": "([a-z]+)"', text):
            pass
        if m is not None:
            piglit = m.group(1)
        if status == "ok" and rc is not None and rc != 0:
            status = "crashed" if rc < 0 else "failed"
        if not self.keep_logs:
            os.unlink(log_path)
        return JobResult(job, status, rc, seconds, split.dumps, split.truncated,
                         split.interrupted, split.glued_headers, split.interruptions,
                         piglit, len(data), text if keep_text else None)


def _kill_group(proc: subprocess.Popen, quiet: bool = False) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    except OSError as e:
        if not quiet:
            print("warning: cannot kill %d: %s" % (proc.pid, e), file=sys.stderr)


class Xvfb:
    """A private Xvfb on a free display number (picked by Xvfb -displayfd)."""

    def __init__(self, exe: str = "Xvfb") -> None:
        self.exe = exe
        self.proc: Optional[subprocess.Popen] = None
        self.display: Optional[str] = None

    def start(self) -> str:
        exe = shutil.which(self.exe)
        if not exe:
            raise SystemExit("Xvfb not found (apt-get install xvfb), or pass --display")
        rfd, wfd = os.pipe()
        try:
            self.proc = subprocess.Popen(
                [exe, "-displayfd", str(wfd), "-screen", "0", "1280x1024x24",
                 "-nolisten", "tcp", "-noreset"],
                pass_fds=(wfd,), stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                start_new_session=True)
        finally:
            os.close(wfd)
        buf = b""
        deadline = time.monotonic() + 30
        try:
            while not buf.endswith(b"\n"):
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    raise SystemExit("Xvfb did not start (exit status %s)"
                                     % self.proc.poll())
                r, _, _ = select.select([rfd], [], [], left)
                if r:
                    chunk = os.read(rfd, 64)
                    if not chunk:
                        raise SystemExit("Xvfb closed -displayfd without a number")
                    buf += chunk
        finally:
            os.close(rfd)
        self.display = ":" + buf.decode().strip()
        return self.display

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()



def mesa_version_from_glxinfo(text: str) -> str:
    m = re.search(r"OpenGL version string:.*?Mesa (\S+)", text)
    if m:
        return m.group(1)
    m = re.search(r"^\s*Version: (\S+)", text, re.M)
    return m.group(1) if m else ""


def mesa_package_version() -> str:
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "libgl1-mesa-dri"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             timeout=30).stdout.decode().strip()
        return ("libgl1-mesa-dri " + out) if out else ""
    except (OSError, subprocess.SubprocessError):
        return ""
