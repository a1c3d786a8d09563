# `tracecheck check` with several inputs on several threads (report/
# parallel_check.h) prints byte for byte what one thread prints: the same
# findings, the same 200-per-rule cut across inputs (each input here has
# over 200 blank-line findings, so the cut falls inside the second), the
# same "not shown" count and exit code, with an unreadable input among them.
add_test(NAME check_parallel_same_as_sequential
         COMMAND sh -c "W=$(mktemp -d) || exit 1; trap 'rm -rf \"$W\"' EXIT
awk '/^V/ { for (i = 0; i < 12; i++) print \"\" } { print }' \"$2\" > \"$W/a.log\"
sed 's/\"frame_id\": 0/\"frame_id\": \"x\"/' \"$W/a.log\" > \"$W/b.log\"
cp \"$W/a.log\" \"$W/c.log\"
set -- \"$1\" \"$W/a.log\" \"$W/b.log\" \"$W/missing.log\" \"$W/c.log\"
T=\"$1\"; shift
\"$T\" check --jobs 1 \"$@\" > \"$W/one\" 2>&1; r1=$?
\"$T\" check --jobs 4 \"$@\" > \"$W/four\" 2>&1; r4=$?
[ $r1 -eq 3 ] && [ $r4 -eq 3 ] || { echo \"exit $r1 and $r4, expected 3\"; exit 1; }
cmp \"$W/one\" \"$W/four\" || { diff \"$W/one\" \"$W/four\" | head -20; exit 1; }
grep -q 'b.log:.*error' \"$W/one\" && grep -q 'more findings not shown' \"$W/one\" &&
! grep -q 'c.log:.*tt-blank-line' \"$W/one\" || { head -c 3000 \"$W/one\"; exit 1; }"
                 sh $<TARGET_FILE:tracecheck> ${CMAKE_CURRENT_SOURCE_DIR}/data/torch_trace/comp_failure.log)
set_tests_properties(check_parallel_same_as_sequential PROPERTIES LABELS cli)

# One input on several threads (formats::CheckRequest::jobs, io/
# block_pipeline.h) prints what one thread prints, on every committed trace,
# bad input and fuzz regression, a generated large log, and the corpus.
add_test(NAME check_jobs_differential
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/scripts/jobs_differential.sh $<TARGET_FILE:tracecheck>
                 ${PROJECT_SOURCE_DIR} ${TRACECHECK_CORPUS_DIR})
set_tests_properties(check_jobs_differential PROPERTIES LABELS cli TIMEOUT 600)
