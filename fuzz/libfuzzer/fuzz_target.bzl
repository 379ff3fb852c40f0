"""libfuzzer_target: one fuzz target (fuzz/libfuzzer/README.md).

It makes `name`, a binary that is the libFuzzer binary under --config=fuzz
(the :libfuzzer setting: -fsanitize=fuzzer on its link only) and otherwise
links standalone_main.cc, the replay driver; and `name`_replay_test, which
runs that binary over the target's seed corpus (write_seeds, from corpus/)
and over its kept crash artifacts (regressions/`target`/), so the normal
`bazel test //...` (and --config=asan) replays every seed and every fixed
crash.
"""

def libfuzzer_target(name, target, srcs, deps = [], max_shaders = 0, size = "medium"):
    native.cc_binary(
        name = name,
        testonly = True,
        srcs = srcs,
        deps = deps + select({
            "//fuzz/libfuzzer:libfuzzer": [],
            "//conditions:default": ["//fuzz/libfuzzer:standalone_main"],
        }),
        linkopts = select({
            "//fuzz/libfuzzer:libfuzzer": ["-fsanitize=fuzzer"],
            "//conditions:default": [],
        }),
    )
    native.sh_test(
        name = name + "_replay_test",
        size = size,
        srcs = ["replay_test.sh"],
        args = [
            "$(location :%s)" % name,
            "$(location :write_seeds)",
            target,
            str(max_shaders),
        ],
        data = [
            ":" + name,
            ":write_seeds",
            "//corpus:generated",
            "//corpus:shaders",
        ] + native.glob(["regressions/%s/*" % target]),
    )
