#!/usr/bin/env python3
"""Writes a synthetic Chrome trace of N identical complete events to stdout,
for the tests that need one larger than what tracecheck keeps of a stream
(io/kept_stream.h) without committing it.

    synthetic_trace.py N [--then-array] [--then-nan]

--then-array: a second "traceEvents" array of one event follows the first
(the JSON parsers keep the last). --then-nan: a member "late": NaN follows
the array (JSON only a Python-dialect parser reads).
"""
import sys

EVENT = '{"ph": "X", "name": "n", "pid": 1, "tid": 1, "ts": 1, "dur": 1}'


def main(argv):
    count = int(argv[1])
    out = '{"traceEvents": [' + ",\n".join([EVENT] * count) + "]"
    if "--then-array" in argv:
        out += ', "traceEvents": [' + EVENT + "]"
    if "--then-nan" in argv:
        out += ', "late": NaN'
    sys.stdout.write(out + "}\n")


if __name__ == "__main__":
    main(sys.argv)
