#!/usr/bin/env bash
# Installs what shaderdiff needs to build and test on Debian 12, from
# Debian's archive only (Bazel builds offline: see WORKSPACE). Idempotent:
# prints nothing and changes nothing when every package is already there.
#
#   tools/setup.sh            build + test dependencies
#   tools/setup.sh --capture  also what tools/capture needs (Mesa softpipe, Xvfb, piglit, glmark2)
#   tools/setup.sh --fuzz     also what the libFuzzer build needs (clang-14 and its
#                             libFuzzer/sanitizer runtimes: fuzz/libfuzzer/README.md)
set -euo pipefail

packages=(
  bazel-bootstrap g++ python3 git
  libgtest-dev libgmock-dev libbenchmark-dev
  libboost-program-options-dev nlohmann-json3-dev libxxhash-dev xxhash
)
if [[ "${1:-}" == "--capture" ]]; then
  packages+=(libgl1-mesa-dri xvfb piglit glmark2-x11 mesa-utils)
fi
if [[ "${1:-}" == "--fuzz" ]]; then
  packages+=(clang-14 libclang-rt-14-dev)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

sudo=""
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo=sudo
fi
echo "setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >&2
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
