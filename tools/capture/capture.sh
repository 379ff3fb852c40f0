#!/bin/sh
# Thin wrapper: runs the capture tool from the repository root, so the
# default --out (corpus/) is this repository's corpus. All arguments are
# passed through; see `tools/capture/capture.sh --help`.
#   tools/capture/capture.sh --command "glxgears -info" --timeout 10
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
exec python3 "$here/capture_corpus.py" "$@"
