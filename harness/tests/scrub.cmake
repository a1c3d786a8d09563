# Scrub tests driven from outside the unit-test binary (included by
# harness/tests/CMakeLists.txt):
#  - scrub.diff.<log>: `tracecheck scrub --rules torch_trace/pytorch_test` and
#    harness/tests/pytorch_test_formatter.py (an independent Python reimplementation of
#    PyTorch's test formatter) must print byte-identical output on each
#    committed log under data/scrub/, in records mode, with --keep-chromium,
#    and in capture mode for a few artifact names;
#  - scrub.diff.corpus: the same on every torch_trace log of
#    ../shared/corpus (MANIFEST.tsv), skipped (77) when it is not there;
#  - scrub.schema: the shipped rule sets validate against
#    schemas/scrubber.schema.json (draft 7, tracecheck's own validator),
#    and a broken set does not;
#  - scrub.cli.*: the command's exit codes.
# The comparison itself is harness/tests/scrub_diff.cmake (cmake -P).

find_program(TRACECHECK_PYTHON3 python3)
set(_scrub_driver ${CMAKE_CURRENT_LIST_DIR}/scrub_diff.cmake)
set(_scrub_oracle ${PROJECT_SOURCE_DIR}/harness/tests/pytorch_test_formatter.py)
set(_scrub_data ${CMAKE_CURRENT_LIST_DIR}/data/scrub)
set(_scrub_work ${CMAKE_CURRENT_BINARY_DIR}/scrub_diff)
# Modes: tracecheck/oracle arguments, ',' between arguments.
set(_scrub_modes_full
    "-" "--keep-chromium"
    "--match-name,dump_file" "--match-name,make_fx_fail_partial" "--match-name,chromium_event"
    "--match-name,dynamo_output_graph" "--match-name,inductor_output_code" "--match-name,before_pre_grad_graph"
    "--match-name,dynamo_start" "--match-name,missing")
set(_scrub_modes_corpus
    "-" "--keep-chromium" "--match-name,dynamo_output_graph" "--match-name,before_pre_grad_graph")
string(REPLACE ";" "|" _scrub_modes_full "${_scrub_modes_full}")
string(REPLACE ";" "|" _scrub_modes_corpus "${_scrub_modes_corpus}")

# Runs the driver through sh so that a missing python3 or corpus exits 77.
function(_scrub_add_diff name logs_kind logs modes)
  add_test(NAME ${name}
    COMMAND sh -c "if [ -z \"$1\" ] || [ \"$1\" = TRACECHECK_PYTHON3-NOTFOUND ]; then echo 'skipped: python3 not found'; exit 77; fi
                   if [ \"$2\" = corpus ] && [ ! -d \"$3\" ]; then echo \"skipped: no corpus at $3 (../shared/corpus beside the repo)\"; exit 77; fi
                   exec \"${CMAKE_COMMAND}\" -DPYTHON=\"$1\" -DKIND=\"$2\" -DLOGS=\"$3\" -DMODES=\"$4\" -DTRACECHECK=\"$5\" -DORACLE=\"$6\" -DWORK=\"$7\" -P \"$8\""
            sh "${TRACECHECK_PYTHON3}" ${logs_kind} "${logs}" "${modes}" $<TARGET_FILE:tracecheck> ${_scrub_oracle}
            ${_scrub_work}/${name} ${_scrub_driver})
  set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77 LABELS "scrub")
endfunction()

file(GLOB _scrub_logs CONFIGURE_DEPENDS ${_scrub_data}/*.log)
foreach(log IN LISTS _scrub_logs)
  get_filename_component(stem ${log} NAME_WE)
  _scrub_add_diff(scrub.diff.${stem} files "${log}" "${_scrub_modes_full}")
endforeach()
set(_scrub_corpus ${TRACECHECK_CORPUS_DIR})
_scrub_add_diff(scrub.diff.corpus corpus "${_scrub_corpus}" "${_scrub_modes_corpus}")
set_tests_properties(scrub.diff.corpus PROPERTIES TIMEOUT 600)

file(GLOB_RECURSE _scrub_rule_files CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/scrubbers/*.json)
add_test(NAME scrub.schema
  COMMAND $<TARGET_FILE:tracecheck> validate --schema ${PROJECT_SOURCE_DIR}/schemas/scrubber.schema.json --json
          ${_scrub_rule_files})
# The schema does reject a broken set: a name_rewrites pair of three with a
# number in it, at the pointers of the mistakes.
add_test(NAME scrub.schema.rejects
  COMMAND $<TARGET_FILE:tracecheck> validate --schema ${PROJECT_SOURCE_DIR}/schemas/scrubber.schema.json --json
          ${_scrub_data}/bad_name_rewrites.json)
set_tests_properties(scrub.schema.rejects PROPERTIES
  PASS_REGULAR_EXPRESSION "at /canonical/name_rewrites/0/1 .*at /canonical/name_rewrites/1 ")
set_tests_properties(scrub.schema scrub.schema.rejects PROPERTIES LABELS "scrub")

# Exit codes: usage (2) for a missing or unknown rule set, 3 for an input
# that cannot be read, 0 on a clean log.
add_test(NAME scrub.cli.unknown_rules
  COMMAND $<TARGET_FILE:tracecheck> scrub --rules torch_trace/no_such_set ${_scrub_data}/comp_metrics.log)
set_tests_properties(scrub.cli.unknown_rules PROPERTIES PASS_REGULAR_EXPRESSION "no rule set 'torch_trace/no_such_set'" LABELS "scrub")
add_test(NAME scrub.cli.exit_codes
  COMMAND sh -c "\"$1\" scrub \"$3\" >/dev/null 2>&1; [ $? -eq 2 ] || { echo 'missing --rules: expected 2'; exit 1; }
                 \"$1\" scrub --rules torch_trace/no_such_set \"$3\" >/dev/null 2>&1; [ $? -eq 2 ] || { echo 'unknown rule set: expected 2'; exit 1; }
                 \"$1\" scrub --rules \"$2\" \"$3\" >/dev/null 2>&1; [ $? -eq 2 ] || { echo 'bad rule file: expected 2'; exit 1; }
                 \"$1\" scrub --rules torch_trace/pytorch_test /nonexistent/trace.log >/dev/null 2>&1; [ $? -eq 3 ] || { echo 'unreadable input: expected 3'; exit 1; }
                 \"$1\" scrub --rules torch_trace/pytorch_test \"$3\" >/dev/null || { echo 'clean log: expected 0'; exit 1; }
                 \"$1\" scrub --rules torch_trace/pytorch_test --match-name dynamo_start \"$3\" >/dev/null 2>&1; [ $? -eq 1 ] || { echo 'unprintable records: expected 1'; exit 1; }"
          sh $<TARGET_FILE:tracecheck> ${_scrub_data}/bad_rules.json ${_scrub_data}/comp_metrics.log)
set_tests_properties(scrub.cli.exit_codes PROPERTIES LABELS "scrub")

# Other formats: scrub prints exactly the [trace] section a golden holds for
# the same file (here a stored Kineto capture and its golden).
add_test(NAME scrub.cli.golden_trace_text
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/scripts/scrub_matches_golden.sh $<TARGET_FILE:tracecheck> chrome_trace/default
          ${PROJECT_SOURCE_DIR}/golden/torch-2.6.0/profiler/kineto_basic.txt chrome_trace/payload.json
          ${PROJECT_SOURCE_DIR}/golden/torch-2.6.0/profiler/kineto_basic.raw/chrome_trace/payload.json.gz)
set_tests_properties(scrub.cli.golden_trace_text PROPERTIES LABELS "scrub")
