"""cmake --profiling-format=google-trace: CMake's Chrome trace (a bare array) of one configure."""
import os
import sys

import tracecheck_driver as td

INPUTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "inputs")

td.emitter("cmake-" + td.tool_version(["cmake", "--version"], r"cmake version (\d+\.\d+)\."))
status = td.tool(["cmake", "--profiling-format=google-trace", "--profiling-output=cmake_profile.json",
                  "-S", os.path.join(INPUTS, "cmake_project"), "-B", "build"])
td.collect("cmake_profile.json", "chrome_trace")
sys.exit(status)
