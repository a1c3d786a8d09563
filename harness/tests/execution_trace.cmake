# Execution traces and inductor debug-trace directories through
# `tracecheck check`: hand-edited real fixtures (data/execution_trace/README.md)
# are reported with the node id and the JSON pointer, and every execution
# trace of ../shared/corpus gets the verdict MANIFEST.tsv gives it (skipped,
# 77, without the corpus).
set(ET_DATA ${CMAKE_CURRENT_SOURCE_DIR}/data/execution_trace)

function(tracecheck_et_test name expected_exit regex script)
  add_test(NAME execution_trace_${name}
           COMMAND sh -c "T=\"$1\"; D=\"$2\"; ${script}; rc=$?; [ $rc -eq ${expected_exit} ] || { echo \"exit $rc, expected ${expected_exit}\"; exit 1; }"
                   sh $<TARGET_FILE:tracecheck> ${ET_DATA})
  set_tests_properties(execution_trace_${name} PROPERTIES LABELS "cli;execution_trace")
  if(NOT regex STREQUAL "")
    set_tests_properties(execution_trace_${name} PROPERTIES PASS_REGULAR_EXPRESSION "${regex}")
  endif()
endfunction()

tracecheck_et_test(real_trace_is_clean 0 "^verdicts: default pass, chakra pass, param pass\n0 errors, 0 warnings\n$"
                   "\"$T\" check \"$D/valid.et.json\" 2>&1 >/dev/null | tail -n 2")
tracecheck_et_test(real_trace_chakra_and_param 0 ""
                   "\"$T\" check --profile chakra \"$D/valid.et.json\" && \"$T\" check --profile param \"$D/valid.et.json\"")
tracecheck_et_test(missing_parent 1
                   "missing_parent\\.et\\.json:16:5: error\\[et-parent-missing\\]: node 8: ctrl_deps 94 names no node \\(et-node\\) at /nodes/2/ctrl_deps"
                   "\"$T\" check \"$D/missing_parent.et.json\" 2>&1")
tracecheck_et_test(duplicate_id 1
                   "duplicate_id\\.et\\.json:16:5: error\\[et-id-duplicate\\]: node 5: id 5 is also the id of /nodes/1 \\(et-node\\) at /nodes/2/id"
                   "\"$T\" check \"$D/duplicate_id.et.json\" 2>&1")
tracecheck_et_test(truncated_is_located 1 "error\\[json-syntax\\]"
                   "tmp=$(mktemp) && head -c 3000 \"$D/valid.et.json\" > $tmp && \"$T\" check $tmp 2>&1; rc=$?; rm -f $tmp; (exit $rc)")
tracecheck_et_test(gzip_and_format_flag 0 "0 errors, 0 warnings"
                   "tmp=$(mktemp) && gzip -c \"$D/valid.et.json\" > $tmp && \"$T\" check --format execution_trace $tmp 2>&1; rc=$?; rm -f $tmp; (exit $rc)")

# Corpus verdicts (scripts/execution_trace_corpus.cmake): check_exit under
# default; Chakra rejects 1.0.1, PARAM accepts every version in the corpus;
# no profile crashes. cmake -P cannot exit 77 (CMake < 3.29), so the skip is
# the shell's.
add_test(NAME execution_trace_corpus_verdicts
         COMMAND sh -c "if [ ! -f \"$2/MANIFEST.tsv\" ]; then echo \"SKIP: no corpus at $2 (the shared folder is optional)\"; exit 77; fi; exec \"$0\" -DTRACECHECK=\"$1\" -DCORPUS=\"$2\" -P \"$3\""
                 ${CMAKE_COMMAND} $<TARGET_FILE:tracecheck> ${TRACECHECK_CORPUS_DIR}
                 ${CMAKE_CURRENT_SOURCE_DIR}/scripts/execution_trace_corpus.cmake)
set_tests_properties(execution_trace_corpus_verdicts PROPERTIES SKIP_RETURN_CODE 77 LABELS "corpus;cli;execution_trace")

# A consumer reads only its own format: checking an execution trace with a
# Kineto trace gives each format its own verdict line, and the execution
# trace's error fails neither the Chrome consumers nor PARAM and Chakra,
# which drop a node whose parent is missing.
tracecheck_et_test(verdicts_per_format 1
                   "verdicts \\(chrome_trace\\): default pass, chrome pass \\(5 events\\), perfetto pass \\(5 events, 2 changed\\), hta pass \\(3 events, 2 not read\\)\nverdicts \\(execution_trace\\): default FAIL, chakra pass, param pass\n"
                   "\"$T\" check \"$D/missing_parent.et.json\" \"$D/../chrome_trace/kineto_cpu.json\" 2>&1 >/dev/null")
