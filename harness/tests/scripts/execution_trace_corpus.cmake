# Real execution traces: every execution_trace entry of
# ../shared/corpus/MANIFEST.tsv gets, under each of the default, chakra and
# param profiles, the exit check_exit gives it, except that Chakra's
# converter rejects schema 1.0.1 (files named *_1.0.1.json: exit 1). One
# line per file and profile, "FAIL" after a wrong one; fails when any is.
# Registered by harness/tests/execution_trace.cmake (which skips, 77, when
# the corpus is absent):
#   cmake -DTRACECHECK=... -DCORPUS=... -P execution_trace_corpus.cmake
include(${CMAKE_CURRENT_LIST_DIR}/manifest.cmake)
tracecheck_manifest_columns("${CORPUS}/MANIFEST.tsv" FORMATS execution_trace COLUMNS path format check_exit)
set(failed 0)
foreach(path want IN ZIP_LISTS manifest_path manifest_check_exit)
  foreach(profile default chakra param)
    execute_process(COMMAND "${TRACECHECK}" check --profile ${profile} "${CORPUS}/${path}"
                    RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
    set(expected "${want}")
    if(profile STREQUAL "chakra" AND path MATCHES "_1\\.0\\.1\\.json$")
      set(expected 1)
    endif()
    message("${profile} ${path}: exit ${rc} (expected ${expected})")
    if(NOT rc STREQUAL expected)
      message("FAIL")
      math(EXPR failed "${failed} + 1")
    endif()
  endforeach()
endforeach()
if(failed GREATER 0)
  message(FATAL_ERROR "${failed} execution-trace verdicts differ from MANIFEST.tsv")
endif()
