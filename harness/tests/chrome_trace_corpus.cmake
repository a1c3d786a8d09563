# Real Chrome/Kineto traces: `tracecheck check` must give every chrome_trace
# and kineto entry of ../shared/corpus/MANIFEST.tsv a verdict without a
# crash (exit 0 or 1, never a signal, 2 or 3), must detect it as a Chrome
# trace, and must exit as check_exit says (default profile) where the
# manifest fixes it. The hta and perfetto profiles must read them too (HTA's
# own samples load in HTA). Skipped (77) when the corpus is absent.
#
# Included by harness/tests/CMakeLists.txt it registers the test; run with
# cmake -P it is the test.
if(NOT CMAKE_SCRIPT_MODE_FILE)
  add_test(NAME chrome_trace_corpus_verdicts
           COMMAND sh -c "if [ ! -f \"$2/MANIFEST.tsv\" ]; then echo \"SKIP: no corpus at $2 (the shared folder is optional)\"; exit 77; fi; exec \"$0\" -DTRACECHECK=\"$1\" -DCORPUS=\"$2\" -P \"$3\""
                   ${CMAKE_COMMAND} $<TARGET_FILE:tracecheck> ${TRACECHECK_CORPUS_DIR}
                   ${CMAKE_CURRENT_LIST_FILE})
  set_tests_properties(chrome_trace_corpus_verdicts PROPERTIES SKIP_RETURN_CODE 77 LABELS "corpus;cli;chrome_trace")
  return()
endif()

include(${CMAKE_CURRENT_LIST_DIR}/scripts/manifest.cmake)
tracecheck_manifest_columns("${CORPUS}/MANIFEST.tsv" FORMATS chrome_trace kineto COLUMNS path format check_exit)
set(checked 0)
set(failed 0)
foreach(path check_exit IN ZIP_LISTS manifest_path manifest_check_exit)
  math(EXPR checked "${checked} + 1")
  set(status "ok  ")
  # Detected as a Chrome trace: --format chrome_trace gives the same verdict.
  execute_process(COMMAND "${TRACECHECK}" check "${CORPUS}/${path}"
                  RESULT_VARIABLE got OUTPUT_VARIABLE findings ERROR_VARIABLE summary)
  execute_process(COMMAND "${TRACECHECK}" check --format chrome_trace "${CORPUS}/${path}"
                  RESULT_VARIABLE got_forced OUTPUT_QUIET ERROR_QUIET)
  string(STRIP "${summary}" summary)
  string(REGEX REPLACE ".*\n" "" summary "${summary}")
  if(NOT got MATCHES "^[01]$" OR NOT got STREQUAL got_forced OR findings MATCHES "input-format")
    set(status "FAIL")
  elseif(NOT check_exit STREQUAL "-" AND NOT got STREQUAL check_exit)
    set(status "FAIL")
  endif()
  foreach(profile hta perfetto chrome)
    execute_process(COMMAND "${TRACECHECK}" check --profile ${profile} "${CORPUS}/${path}"
                    RESULT_VARIABLE got_profile OUTPUT_QUIET ERROR_QUIET)
    if(NOT got_profile STREQUAL "0")
      set(status "FAIL")
      string(APPEND summary "; ${profile} exit ${got_profile}")
    endif()
  endforeach()
  if(status STREQUAL "FAIL")
    math(EXPR failed "${failed} + 1")
  endif()
  message("${status} expected ${check_exit} got ${got} (${summary}) | ${path}")
endforeach()

if(checked EQUAL 0)
  message(FATAL_ERROR "MANIFEST.tsv lists no chrome_trace or kineto entry")
endif()
if(failed GREATER 0)
  message(FATAL_ERROR "${failed} of ${checked} Chrome/Kineto traces got a wrong verdict")
endif()
message("${checked} Chrome/Kineto traces: every verdict as expected")
