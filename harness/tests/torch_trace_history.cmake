# TORCH_TRACE logs of other eras (../shared/corpus/torch_trace/tlparse-history/,
# older versions of tlparse's own test inputs): `tracecheck check` under the
# default profile must exit as the folder's MANIFEST.tsv says (default_exit),
# for the reason its `why` column gives: a log from before PyTorch wrote
# compilation_metrics has no unclosed compile, compile ids that restart after
# torch._dynamo.reset() are no duplicates, and dynamo_starts appended by hand
# still fail. Skipped (77) when the corpus is absent.
#
# Included by harness/tests/CMakeLists.txt it registers the test; run with
# cmake -P it is the test.
if(NOT CMAKE_SCRIPT_MODE_FILE)
  add_test(NAME torch_trace_history_verdicts
           COMMAND sh -c "if [ ! -f \"$2/torch_trace/tlparse-history/MANIFEST.tsv\" ]; then echo \"SKIP: no corpus at $2 (the shared folder is optional)\"; exit 77; fi; exec \"$0\" -DTRACECHECK=\"$1\" -DCORPUS=\"$2\" -P \"$3\""
                   ${CMAKE_COMMAND} $<TARGET_FILE:tracecheck> ${TRACECHECK_CORPUS_DIR}
                   ${CMAKE_CURRENT_LIST_FILE})
  set_tests_properties(torch_trace_history_verdicts PROPERTIES SKIP_RETURN_CODE 77 LABELS "corpus;cli;torch_trace")
  return()
endif()

include(${CMAKE_CURRENT_LIST_DIR}/scripts/manifest.cmake)
tracecheck_manifest_columns("${CORPUS}/torch_trace/tlparse-history/MANIFEST.tsv"
                            COLUMNS path source license default_exit why)
set(checked 0)
set(failed 0)
foreach(path expected why IN ZIP_LISTS manifest_path manifest_default_exit manifest_why)
  math(EXPR checked "${checked} + 1")
  execute_process(COMMAND "${TRACECHECK}" check "${CORPUS}/${path}"
                  RESULT_VARIABLE got OUTPUT_VARIABLE findings ERROR_VARIABLE summary)
  set(status "ok  ")
  if(NOT got STREQUAL expected)
    set(status "FAIL")
    math(EXPR failed "${failed} + 1")
  endif()
  string(REGEX MATCHALL "error\\[[a-z0-9-]+\\]" errors "${findings}")
  list(REMOVE_DUPLICATES errors)
  message("${status} expected ${expected} got ${got} (${errors}) | ${path}: ${why}")
endforeach()
if(checked EQUAL 0)
  message(FATAL_ERROR "tlparse-history/MANIFEST.tsv lists no log")
endif()
if(failed GREATER 0)
  message(FATAL_ERROR "${failed} of ${checked} logs of other eras got a wrong exit")
endif()
message("${checked} logs of other eras: every exit as the manifest says")
