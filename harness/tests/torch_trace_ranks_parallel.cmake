# `tracecheck check DIR` reads the rank files of a TORCH_TRACE directory on
# several threads (formats/torch_trace/checker_ranks.h) and prints byte for
# byte what --jobs 1 prints: findings, the 200-per-rule cut across files
# (the blank lines give each of ranks 0 and 1 over 200 findings), the "not
# shown" count, verdicts, summary and exit code, in text and JSON. One
# directory has a rank desync (rank 1 logs another compile id, rank 2 is cut
# short), one has agreeing ranks; the multi-rank folders of the shared
# corpus are compared too when it is there.
add_test(NAME check_torch_trace_ranks_parallel_same_as_sequential
         COMMAND sh -c "W=$(mktemp -d) || exit 1; trap 'rm -rf \"$W\"' EXIT
T=\"$1\"; L=\"$2\"; C=\"$3\"; P=dedicated_log_torch_trace
mkdir \"$W/desync\" \"$W/agree\"
awk '/^V/ { for (i = 0; i < 12; i++) print \"\" } { print }' \"$L\" > \"$W/desync/\${P}_rank_0_a1.log\"
sed 's/\"frame_id\": 0/\"frame_id\": 1/' \"$W/desync/\${P}_rank_0_a1.log\" > \"$W/desync/\${P}_rank_1_b2.log\"
head -n 30 \"$L\" > \"$W/desync/\${P}_rank_2.log\"
cp \"$L\" \"$W/desync/\${P}_rank_10.log\"; cp \"$L\" \"$W/desync/\${P}_norank.log\"; echo x > \"$W/desync/another.log\"
for r in 0 1 2 3; do cp \"$L\" \"$W/agree/\${P}_rank_$r.log\"; done
same() { # DIR OUTPUT: --jobs 1, 2 and 4 print alike and exit alike
  \"$T\" check --output \"$2\" --jobs 1 \"$1\" > \"$W/one\" 2>&1; r1=$?
  for j in 2 4; do
    \"$T\" check --output \"$2\" --jobs $j \"$1\" > \"$W/many\" 2>&1; rj=$?
    [ $r1 -eq $rj ] || { echo \"$1: exit $r1 with --jobs 1, $rj with --jobs $j\"; exit 1; }
    cmp \"$W/one\" \"$W/many\" || { echo \"$1 --jobs $j:\"; diff \"$W/one\" \"$W/many\" | head -20; exit 1; }
  done
}
same \"$W/desync\" text
grep -q 'rank_1_b2.log:.*tt-rank-desync' \"$W/one\" && grep -q 'rank_2.log:.*tt-rank-desync' \"$W/one\" &&
grep -q 'more findings not shown' \"$W/one\" && ! grep -q 'rank_1_b2.log:.*tt-blank-line' \"$W/one\" &&
grep -q '^verdicts: ' \"$W/one\" || { head -c 3000 \"$W/one\"; exit 1; }
same \"$W/desync\" json
same \"$W/agree\" text
! grep -q 'tt-rank-desync' \"$W/one\" || { grep tt-rank-desync \"$W/one\"; exit 1; }
for d in \"$C\"/torch_trace/tlparse/multi_rank_* \"$C\"/torch_trace/tlparse/collectives_parity; do
  [ -d \"$d\" ] && same \"$d\" text
done
exit 0"
                 sh $<TARGET_FILE:tracecheck> ${CMAKE_CURRENT_SOURCE_DIR}/data/torch_trace/comp_failure.log
                 ${TRACECHECK_CORPUS_DIR})
set_tests_properties(check_torch_trace_ranks_parallel_same_as_sequential PROPERTIES LABELS "cli;rank")
