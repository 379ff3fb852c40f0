"""tgsi_capture: the modules behind tools/capture/capture_corpus.py.

capture_corpus.py is the entry point (and re-exports every name below for
the unit test); each module here has one job:

    xxh64       pure-Python XXH64, cross-checked against `xxhsum -H1`
    tgsi_split  splits tgsi_dump texts out of an interleaved program log
    jobs        the programs to capture: glmark2 scenes, piglit tests
    runner      runs jobs under softpipe in a private Xvfb, one log each
    corpus      dedupes dumps by XXH64, writes shaders/ and manifest.json
    summary     the end-of-run summary (stderr and summary.json)
    cli         the argument parser and main()

Only the Python 3 standard library is used.
"""
