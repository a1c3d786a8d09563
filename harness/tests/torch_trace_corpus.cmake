# tlparse parity on real logs: `tracecheck check --profile tlparse` must exit
# as tlparse 0.4.3 --strict did on every torch_trace entry of
# ../shared/corpus/MANIFEST.tsv (and as check_exit says with the default
# profile, where that column is fixed). Skipped (77) when the corpus is absent.
#
# Included by harness/tests/CMakeLists.txt it registers the test; run with
# cmake -P it is the test.
if(NOT CMAKE_SCRIPT_MODE_FILE)
  # cmake -P cannot exit 77 (CMake < 3.29), so the skip is the shell's.
  add_test(NAME torch_trace_corpus_tlparse_parity
           COMMAND sh -c "if [ ! -f \"$2/MANIFEST.tsv\" ]; then echo \"SKIP: no corpus at $2 (the shared folder is optional)\"; exit 77; fi; exec \"$0\" -DTRACECHECK=\"$1\" -DCORPUS=\"$2\" -P \"$3\""
                   ${CMAKE_COMMAND} $<TARGET_FILE:tracecheck> ${TRACECHECK_CORPUS_DIR}
                   ${CMAKE_CURRENT_LIST_FILE})
  set_tests_properties(torch_trace_corpus_tlparse_parity PROPERTIES SKIP_RETURN_CODE 77 LABELS "corpus;cli")
  return()
endif()

include(${CMAKE_CURRENT_LIST_DIR}/scripts/manifest.cmake)
tracecheck_manifest_columns("${CORPUS}/MANIFEST.tsv" FORMATS torch_trace
                            COLUMNS path format check_exit tlparse_exit)
set(checked 0)
set(failed 0)
foreach(path check_exit tlparse_exit IN ZIP_LISTS manifest_path manifest_check_exit manifest_tlparse_exit)
  math(EXPR checked "${checked} + 1")
  execute_process(COMMAND "${TRACECHECK}" check --profile tlparse "${CORPUS}/${path}"
                  RESULT_VARIABLE got_tlparse OUTPUT_QUIET ERROR_QUIET)
  execute_process(COMMAND "${TRACECHECK}" check "${CORPUS}/${path}"
                  RESULT_VARIABLE got_default OUTPUT_QUIET ERROR_VARIABLE summary)
  string(STRIP "${summary}" summary)
  string(REGEX REPLACE ".*\n" "" summary "${summary}")
  set(status "ok  ")
  if(NOT got_tlparse STREQUAL tlparse_exit)
    set(status "FAIL")
    math(EXPR failed "${failed} + 1")
  elseif(NOT check_exit STREQUAL "-" AND NOT got_default STREQUAL check_exit)
    set(status "FAIL")
    math(EXPR failed "${failed} + 1")
  endif()
  message("${status} tlparse ${tlparse_exit} profile ${got_tlparse} | default ${got_default} (${summary}) | ${path}")
endforeach()

if(checked EQUAL 0)
  message(FATAL_ERROR "MANIFEST.tsv lists no torch_trace entry")
endif()
if(failed GREATER 0)
  message(FATAL_ERROR "${failed} of ${checked} torch_trace logs disagree with tlparse 0.4.3 --strict")
endif()
message("${checked} torch_trace logs: all agree with tlparse 0.4.3 --strict")
