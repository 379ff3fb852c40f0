#!/bin/sh
# The C/C++ compiler of --config=fuzz: clang-14 without the GCC-only
# workaround flags of the shared .bazelrc (-fno-ipa-pure-const,
# -fno-ipa-modref, -fno-ivopts: GCC 12 miscompile guards that clang refuses
# or ignores; a Bazel config cannot remove a flag the base config adds).
# Bazel's auto-configured toolchain compiles and links through CC, which
# must be an absolute path: bazel_fuzz.sh passes --repo_env=CC=<a copy of
# this file at a fixed path named by its content, for the disk cache>.
for a do
  shift
  case $a in
    -fno-ipa-pure-const|-fno-ipa-modref|-fno-ivopts) ;;
    *) set -- "$@" "$a" ;;
  esac
done
exec clang-14 "$@"
