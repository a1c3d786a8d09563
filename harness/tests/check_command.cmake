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

tracecheck_check_test(real_log_is_clean 0 "^verdicts: default pass, tlparse-0.4.3 pass\n0 errors, 0 warnings\n$" "\"$T\" check \"$D/comp_failure.log\" 2>&1")
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
tracecheck_check_test(directory_of_gzipped_logs 0 "verdicts: default pass, tlparse-0.4.3 pass\n0 errors, 0 warnings"
                      "tmp=$(mktemp -d) && gzip -c \"$D/comp_failure.log\" > $tmp/dedicated_log_torch_trace_rank_0_a.log.gz && \"$T\" check $tmp 2>&1; rc=$?; rm -rf $tmp; (exit $rc)")
# A capture's raw debug_dir keeps every file gzipped (golden/raw_artifacts.h):
# checked where it lies, it reads as the files it holds.
tracecheck_check_test(debug_dir_of_gzipped_files 0 "verdicts: default pass\n0 errors, 0 warnings"
                      "\"$T\" check \"${PROJECT_SOURCE_DIR}/golden/torch-2.6.0/debug/debug_trace.raw/debug_dir\" 2>&1")
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

# Chrome/Kineto traces: detected by content, checked by the chrome_trace
# format; profiles disagree where their consumers do.
set(CT_DATA ${CMAKE_CURRENT_SOURCE_DIR}/data/chrome_trace)
function(tracecheck_chrome_check_test name expected_exit regex script)
  add_test(NAME check_${name}
           COMMAND sh -c "T=\"$1\"; D=\"$2\"; ${script}; rc=$?; [ $rc -eq ${expected_exit} ] || { echo \"exit $rc, expected ${expected_exit}\"; exit 1; }"
                   sh $<TARGET_FILE:tracecheck> ${CT_DATA})
  set_tests_properties(check_${name} PROPERTIES LABELS "cli;chrome_trace")
  if(NOT regex STREQUAL "")
    set_tests_properties(check_${name} PROPERTIES PASS_REGULAR_EXPRESSION "${regex}")
  endif()
endfunction()

tracecheck_chrome_check_test(chrome_kineto_is_clean 0 "^verdicts: default pass, chrome pass \\(5 events\\), perfetto pass \\(5 events, 2 changed\\), hta pass \\(3 events, 2 not read\\)\n0 errors, 4 warnings\n$" "\"$T\" check \"$D/kineto_cpu.json\" 2>&1 >/dev/null")
# --output json ends with the verdicts and each consumer's event accounting.
tracecheck_chrome_check_test(chrome_json_ends_with_the_accounting 0
                             "\\{\"errors\":0,\"events\":\\{\"changed\":0,\"dropped\":0,\"kept\":3,\"kept_by_kind\":\\{\"slice\":3\\},\"unread\":2\\},\"format\":\"chrome_trace\",\"profile\":\"hta\",\"verdict\":\"pass\",\"warnings\":0\\}\\]\\}\n$"
                             "\"$T\" check --output json \"$D/kineto_cpu.json\" 2>/dev/null")
tracecheck_chrome_check_test(chrome_kineto_string_pid_is_a_warning 0 "kineto_cpu.json:42:5: warning\\[ct-string-id\\]"
                             "\"$T\" check \"$D/kineto_cpu.json\" 2>&1")
tracecheck_chrome_check_test(chrome_kineto_hta_profile 0 "0 errors, 0 warnings" "\"$T\" check --profile hta \"$D/kineto_cpu.json\" 2>&1")
tracecheck_chrome_check_test(chrome_bare_array_perfetto_loads 0 "0 errors, 0 warnings"
                             "\"$T\" check --profile perfetto \"$D/bare_array.json\" 2>&1")
tracecheck_chrome_check_test(chrome_bare_array_hta_rejects 1 "bare_array.json:1:1: error\\[ct-bare-array\\]"
                             "\"$T\" check --profile hta \"$D/bare_array.json\" 2>&1")
tracecheck_chrome_check_test(chrome_invalid_json_is_located 1 "quote_in_name.json:5:[0-9]+: error\\[json-syntax\\]"
                             "\"$T\" check \"$D/quote_in_name.json\" 2>&1")
tracecheck_chrome_check_test(chrome_gzip_stdin_with_format 0 "0 errors, 4 warnings"
                             "gzip -c \"$D/kineto_cpu.json\" | \"$T\" check --format chrome_trace - 2>&1 >/dev/null")
# A stream is sniffed like a file: stdin, a pipe opened by path (what a
# shell's <(zcat trace.json.gz) hands over) and a named FIFO, each read
# once (io/kept_stream.h), with the file's verdicts; the FIFO must not hang.
tracecheck_chrome_check_test(chrome_stdin_is_sniffed 0 "verdicts: default pass, chrome pass \\(5 events\\).*\n0 errors, 4 warnings"
                             "\"$T\" check - < \"$D/kineto_cpu.json\" 2>&1 >/dev/null")
tracecheck_chrome_check_test(chrome_gzip_pipe_by_path 0 "verdicts: default pass, chrome pass \\(5 events\\).*\n0 errors, 4 warnings"
                             "gzip -c \"$D/kineto_cpu.json\" | \"$T\" check /dev/stdin 2>&1 >/dev/null")
tracecheck_chrome_check_test(chrome_named_fifo 0 "verdicts: default pass, chrome pass \\(5 events\\).*\n0 errors, 4 warnings"
                             "dir=$(mktemp -d) && mkfifo $dir/trace && { cat \"$D/kineto_cpu.json\" > $dir/trace & } && timeout 60 \"$T\" check $dir/trace 2>&1 >/dev/null; rc=$?; rm -rf $dir; (exit $rc)")
# A trace whose "traceEvents" repeats is read again for its last array,
# but a pipe reads once: its first array stays the one checked, and the
# finding says so (here a ~400 KB first array, past what tracecheck keeps
# of a stream, so a second read would find it cut).
tracecheck_chrome_check_test(chrome_repeated_array_from_a_pipe 0
                             "appears again: JSON parsers keep this later array, tracecheck checked the first.*verdicts: default pass, chrome pass \\(6000 events\\)"
                             "python3 \"${CMAKE_CURRENT_SOURCE_DIR}/synthetic_trace.py\" 6000 --then-array | \"$T\" check /dev/stdin 2>&1")
tracecheck_chrome_check_test(chrome_format_override_on_any_name 1 "error\\[ct-bare-array\\]"
                             "tmp=$(mktemp) && cp \"$D/bare_array.json\" $tmp && \"$T\" check --format chrome_trace --profile hta $tmp 2>&1; rc=$?; rm -f $tmp; (exit $rc)")
tracecheck_chrome_check_test(unknown_format_is_usage 2 "unknown format 'nope'" "\"$T\" check --format nope \"$D/bare_array.json\" 2>&1")
tracecheck_chrome_check_test(chrome_unterminated_is_a_warning 0 "warning\\[ct-unterminated\\]"
                             "tmp=$(mktemp) && head -n 3 \"$D/bare_array.json\" > $tmp && \"$T\" check $tmp 2>&1; rc=$?; rm -f $tmp; (exit $rc)")
tracecheck_chrome_check_test(chrome_truncated_object_is_an_error 1 "error\\[ct-truncated\\]"
                             "tmp=$(mktemp) && head -c 400 \"$D/kineto_cpu.json\" > $tmp && \"$T\" check $tmp 2>&1; rc=$?; rm -f $tmp; (exit $rc)")
# A phase's file that event.schema.json no longer reaches (an edited
# TRACECHECK_SCHEMA_DIR) still checks that phase's events: it is compiled on
# its own, where it is otherwise taken from event.schema.json's compile.
tracecheck_chrome_check_test(chrome_phase_schema_outside_event_schema 0
                             "warning\\[schema-unknown-key\\]: the sample event \\(ph P\\) has a key its schema does not know: \"zz\" \\(schema chrome_trace/events/sample.schema.json#/additionalProperties\\)"
                             "dir=$(mktemp -d) && cp -R \"${PROJECT_SOURCE_DIR}/schemas/.\" $dir/ && sed -i 's|\"then\": {\"\\$ref\": \"events/sample.schema.json\"}|\"then\": true|' $dir/chrome_trace/event.schema.json && ! grep -q sample $dir/chrome_trace/event.schema.json && echo '{\"traceEvents\": [{\"ph\": \"P\", \"name\": \"s\", \"ts\": 1, \"pid\": 1, \"tid\": 1, \"zz\": 1}]}' > $dir/p.json && TRACECHECK_SCHEMA_DIR=$dir \"$T\" check $dir/p.json 2>&1; rc=$?; rm -rf $dir; (exit $rc)")

# A phase's "ph" schema that no longer admits the phase's letter (an edited
# TRACECHECK_SCHEMA_DIR) still fails its events when they are checked ahead
# on a second thread, where a "ph" the standard schemas admit is not checked
# again event after event.
tracecheck_chrome_check_test(chrome_phase_ph_enum_edited 0
                             "p.json:1:25: warning\\[ct-field-value\\]: \"X\" is not one of \\[\"B\"\\] \\(schema chrome_trace/events/complete.schema.json#/properties/ph/enum\\)"
                             "dir=$(mktemp -d) && cp -R \"${PROJECT_SOURCE_DIR}/schemas/.\" $dir/ && sed -i 's|\"ph\": {\"type\": \"string\", \"enum\": \\[\"X\"\\]}|\"ph\": {\"type\": \"string\", \"enum\": [\"B\"]}|' $dir/chrome_trace/events/complete.schema.json && grep -q '\"enum\": \\[\"B\"\\]' $dir/chrome_trace/events/complete.schema.json && echo '{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"s\", \"ts\": 1, \"dur\": 1, \"pid\": 1, \"tid\": 1}]}' > $dir/p.json && TRACECHECK_SCHEMA_DIR=$dir \"$T\" check --jobs 2 $dir/p.json 2>&1; rc=$?; rm -rf $dir; (exit $rc)")

# A long check shows its progress on a terminal only (not under CI).
add_test(NAME check_progress_line
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/scripts/check_progress.sh $<TARGET_FILE:tracecheck>)
set_tests_properties(check_progress_line PROPERTIES LABELS cli TIMEOUT 60)
