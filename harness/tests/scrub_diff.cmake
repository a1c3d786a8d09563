# cmake -P script: runs `tracecheck scrub --rules torch_trace/pytorch_test`
# and harness/tests/pytorch_test_formatter.py on each log in each mode and fails unless
# their stdout is byte-identical (stderr and exit codes may differ: only
# tracecheck reports input defects). A tracecheck crash fails the test.
#
# -DPYTHON, -DTRACECHECK, -DORACLE: the programs; -DWORK: a scratch folder;
# -DKIND=files with -DLOGS=<log>, or -DKIND=corpus with -DLOGS=<corpus dir>
# (its MANIFEST.tsv's torch_trace rows); -DMODES: '|'-separated modes, each
# a ','-separated argument list, '-' for none.
#
# Included as a module (harness/tests/CMakeLists.txt includes every
# *.cmake), it does nothing: scrub.cmake registers the tests.
if(NOT CMAKE_SCRIPT_MODE_FILE)
  return()
endif()

if(KIND STREQUAL "corpus")
  include(${CMAKE_CURRENT_LIST_DIR}/scripts/manifest.cmake)
  tracecheck_manifest_columns("${LOGS}/MANIFEST.tsv" FORMATS torch_trace COLUMNS path)
  list(TRANSFORM manifest_path PREPEND "${LOGS}/" OUTPUT_VARIABLE logs)
  list(LENGTH logs count)
  if(count EQUAL 0)
    message(FATAL_ERROR "no torch_trace rows in ${LOGS}/MANIFEST.tsv")
  endif()
else()
  set(logs "${LOGS}")
endif()

string(REPLACE "|" ";" modes "${MODES}")
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
set(failures 0)
set(runs 0)
foreach(log IN LISTS logs)
  foreach(mode IN LISTS modes)
    set(args)
    if(NOT mode STREQUAL "-")
      string(REPLACE "," ";" args "${mode}")
    endif()
    math(EXPR runs "${runs} + 1")
    set(ours "${WORK}/${runs}.tracecheck")
    set(ref "${WORK}/${runs}.oracle")
    execute_process(COMMAND "${TRACECHECK}" scrub --rules torch_trace/pytorch_test ${args} "${log}"
                    OUTPUT_FILE "${ours}" ERROR_VARIABLE ours_err RESULT_VARIABLE ours_rc)
    # -S: the oracle needs only the standard library, and site start-up costs more than the work.
    execute_process(COMMAND "${PYTHON}" -S "${ORACLE}" ${args} "${log}"
                    OUTPUT_FILE "${ref}" ERROR_VARIABLE ref_err RESULT_VARIABLE ref_rc)
    string(REPLACE ";" " " shown "${args}")
    if(NOT ref_rc EQUAL 0)
      message(SEND_ERROR "oracle failed (${ref_rc}) on ${log} ${shown}:\n${ref_err}")
      math(EXPR failures "${failures} + 1")
    elseif(NOT ours_rc MATCHES "^[01]$")
      message(SEND_ERROR "tracecheck scrub exited ${ours_rc} on ${log} ${shown}:\n${ours_err}")
      math(EXPR failures "${failures} + 1")
    else()
      execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${ours}" "${ref}" RESULT_VARIABLE same)
      if(NOT same EQUAL 0)
        execute_process(COMMAND diff -u "${ref}" "${ours}" OUTPUT_VARIABLE d ERROR_QUIET)
        string(SUBSTRING "${d}" 0 4000 d)
        message(SEND_ERROR "output differs on ${log} ${shown} (- oracle, + tracecheck):\n${d}")
        math(EXPR failures "${failures} + 1")
      endif()
    endif()
  endforeach()
endforeach()
list(LENGTH logs nlogs)
if(failures GREATER 0)
  message(FATAL_ERROR "${failures} of ${runs} runs differ (${nlogs} log(s))")
endif()
message(STATUS "byte-identical: ${runs} runs over ${nlogs} log(s)")
file(REMOVE_RECURSE "${WORK}")
