# `tracecheck check` as a user runs it: exit codes, output forms, inputs.
# Each test asserts an exact exit code through sh (ctest alone only knows
# zero / non-zero).
set(TT_DATA ${CMAKE_CURRENT_SOURCE_DIR}/data/torch_trace)

# tracecheck_check_test(NAME EXIT REGEX SCRIPT): runs SCRIPT with $T the
# tracecheck binary and $D the test data folder, expects exit code EXIT and
# output matching REGEX (empty: any).
function(tracecheck_check_test name expected_exit regex script)
  add_test(NAME check_${name}
           COMMAND sh -c "T=\"$1\"; D=\"$2\"; ${script}; rc=$?; [ $rc -eq ${expected_exit} ] || { echo \"exit $rc, expected ${expected_exit}\"; exit 1; }"
                   sh $<TARGET_FILE:tracecheck> ${TT_DATA})
  set_tests_properties(check_${name} PROPERTIES LABELS cli)
  if(NOT regex STREQUAL "")
    set_tests_properties(check_${name} PROPERTIES PASS_REGULAR_EXPRESSION "${regex}")
  endif()
endfunction()

tracecheck_check_test(real_log_is_clean 0 "^0 errors, 0 warnings\n$" "\"$T\" check \"$D/comp_failure.log\" 2>&1")
tracecheck_check_test(real_log_tlparse_profile 0 "0 errors, 0 warnings" "\"$T\" check --profile tlparse \"$D/comp_failure.log\" 2>&1")
tracecheck_check_test(profile_by_full_name 0 "" "\"$T\" check --profile tlparse-0.4.3 \"$D/comp_failure.log\"")
tracecheck_check_test(no_input_is_usage 2 "" "\"$T\" check")
tracecheck_check_test(unknown_profile_is_usage 2 "unknown profile 'nope'" "\"$T\" check --profile nope \"$D/comp_failure.log\" 2>&1")
tracecheck_check_test(unknown_output_is_usage 2 "" "\"$T\" check --output xml \"$D/comp_failure.log\"")
tracecheck_check_test(missing_file_is_io 3 "cannot read .*no_such_file.log" "\"$T\" check \"$D/no_such_file.log\" 2>&1")
tracecheck_check_test(missing_file_wins_over_errors 3 "" "\"$T\" check \"$D/README.md\" \"$D/no_such_file.log\"")
tracecheck_check_test(other_format_is_input_format 1 "README.md:1:1: error\\[input-format\\]"
                      "\"$T\" check \"$D/README.md\" 2>&1")
tracecheck_check_test(json_output 1
                      "\\{\"file\":\"[^\"]*README.md\",\"line\":1,\"column\":1,\"severity\":\"error\",\"rule\":\"input-format\""
                      "\"$T\" check --output json \"$D/README.md\"")
tracecheck_check_test(stdin 0 "0 errors, 0 warnings" "\"$T\" check - < \"$D/comp_failure.log\" 2>&1")
tracecheck_check_test(directory_without_trace_files 1 "error\\[input-format\\]: the directory holds no dedicated_log_torch_trace"
                      "\"$T\" check \"$D\" 2>&1")
# Warnings pass unless --werror. (The fixture has no final newline: CRLF-ing
# it as is would leave a '\r' in its last payload line, which tlparse hashes.)
tracecheck_check_test(warnings_pass 0 "0 errors, 1 warnings"
                      "tmp=$(mktemp) && { cat \"$D/comp_failure.log\"; echo; } | sed 's/$/\\r/' > $tmp && \"$T\" check $tmp 2>&1; rc=$?; rm -f $tmp; (exit $rc)")
tracecheck_check_test(werror_fails_on_warnings 1 "warning\\[input-crlf\\].*0 errors, 1 warnings"
                      "tmp=$(mktemp) && { cat \"$D/comp_failure.log\"; echo; } | sed 's/$/\\r/' > $tmp && \"$T\" check --werror $tmp 2>&1; rc=$?; rm -f $tmp; (exit $rc)")
# A flipped payload byte is reported at its record's line (the artifact record, line 86).
tracecheck_check_test(flipped_payload_byte_at_record_line 1 ":86:[0-9]+: error\\[tt-payload-md5\\]"
                      "tmp=$(mktemp) && sed '87s/Traceback/Tracebacc/' \"$D/comp_failure.log\" > $tmp && \"$T\" check $tmp 2>&1; rc=$?; rm -f $tmp; (exit $rc)")
