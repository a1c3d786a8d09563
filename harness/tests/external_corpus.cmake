# Real traces of other projects (../shared/corpus/external/: HTA, Kineto,
# PARAM, Chakra and Perfetto test data) under every consumer profile of their
# format, against what the real consumers did with them (its MANIFEST.tsv):
#  - a Chrome/Kineto trace: `--profile hta` exits as the real HTA loader
#    did (hta_load PASS or PASS-EMPTY: 0, FAIL: 1), and `chrome` and
#    `perfetto` pass it (each is a trace its producer's tests load);
#  - an execution trace: `--profile param` and `--profile chakra` exit as
#    producer_expectation says ("param: pass", "chakra: reject": 1), and
#    `default` gives a verdict without a crash;
#  - anything else is input-format, exit 1.
# Every file listed must be there: none is skipped. The consumer is right
# until its code says otherwise; a disagreement is a tracecheck bug.
# Skipped (77) only when the corpus is absent.
#
# Included by harness/tests/CMakeLists.txt it registers the test; run with
# cmake -P it is the test.
if(NOT CMAKE_SCRIPT_MODE_FILE)
  add_test(NAME external_corpus_consumer_verdicts
           COMMAND sh -c "if [ ! -f \"$2/external/MANIFEST.tsv\" ]; then echo \"SKIP: no corpus at $2 (the shared folder is optional)\"; exit 77; fi; exec \"$0\" -DTRACECHECK=\"$1\" -DCORPUS=\"$2\" -P \"$3\""
                   ${CMAKE_COMMAND} $<TARGET_FILE:tracecheck> ${TRACECHECK_CORPUS_DIR}
                   ${CMAKE_CURRENT_LIST_FILE})
  set_tests_properties(external_corpus_consumer_verdicts PROPERTIES SKIP_RETURN_CODE 77
                       LABELS "corpus;cli;chrome_trace;execution_trace")
  return()
endif()

# `tracecheck check --profile PROFILE FILE`'s exit code, into `out`.
function(profile_exit out profile file)
  execute_process(COMMAND "${TRACECHECK}" check --profile ${profile} "${file}"
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  set(${out} "${rc}" PARENT_SCOPE)
endfunction()

include(${CMAKE_CURRENT_LIST_DIR}/scripts/manifest.cmake)
tracecheck_manifest_columns("${CORPUS}/external/MANIFEST.tsv"
                            COLUMNS path format source license what producer_expectation hta_load)
set(checked 0)
set(failed 0)
set(profiles_run 0)
foreach(path format expectation hta_load IN ZIP_LISTS manifest_path manifest_format manifest_producer_expectation
        manifest_hta_load)
  math(EXPR checked "${checked} + 1")
  set(file "${CORPUS}/${path}")
  set(problems "")
  if(NOT EXISTS "${file}")
    string(APPEND problems " missing file;")
  elseif(format STREQUAL "chrome_trace")
    set(expected 0)
    if(hta_load STREQUAL "FAIL")
      set(expected 1)
    elseif(NOT hta_load MATCHES "^PASS(-EMPTY)?$")
      string(APPEND problems " hta_load '${hta_load}' is none of PASS, PASS-EMPTY, FAIL;")
    endif()
    profile_exit(got hta "${file}")
    if(NOT got STREQUAL expected)
      string(APPEND problems " hta exit ${got}, HTA's loader: ${hta_load};")
    endif()
    foreach(profile chrome perfetto)
      profile_exit(got ${profile} "${file}")
      if(NOT got STREQUAL "0")
        string(APPEND problems " ${profile} exit ${got};")
      endif()
    endforeach()
    math(EXPR profiles_run "${profiles_run} + 3")
  elseif(format STREQUAL "execution_trace")
    foreach(profile param chakra)
      if(expectation MATCHES "${profile}: (pass|reject)")
        set(expected 0)
        if(CMAKE_MATCH_1 STREQUAL "reject")
          set(expected 1)
        endif()
        profile_exit(got ${profile} "${file}")
        math(EXPR profiles_run "${profiles_run} + 1")
        if(NOT got STREQUAL expected)
          string(APPEND problems " ${profile} exit ${got}, its producer: ${profile}: ${CMAKE_MATCH_1};")
        endif()
      endif()
    endforeach()
    profile_exit(got default "${file}")
    if(NOT got MATCHES "^[01]$")
      string(APPEND problems " default exit ${got};")
    endif()
  else()
    execute_process(COMMAND "${TRACECHECK}" check "${file}" RESULT_VARIABLE got OUTPUT_VARIABLE findings ERROR_QUIET)
    if(NOT got STREQUAL "1" OR NOT findings MATCHES "error\\[input-format\\]")
      string(APPEND problems " not input-format (exit ${got});")
    endif()
  endif()
  if(problems STREQUAL "")
    message("ok   ${path}")
  else()
    math(EXPR failed "${failed} + 1")
    message("FAIL ${path}:${problems}")
  endif()
endforeach()
if(checked EQUAL 0)
  message(FATAL_ERROR "external/MANIFEST.tsv lists no file")
endif()
if(failed GREATER 0)
  message(FATAL_ERROR "${failed} of ${checked} external traces: tracecheck disagrees with the real consumer")
endif()
message("${checked} external traces, ${profiles_run} consumer verdicts: every one as the real consumer's")
