# `--shard I/N` of run and replay (case/shard.h): a bad value is usage, and
# two shards of two named cases replay one case each, as the sorted
# round-robin says (dynamo_error < example_fn). Only which case each shard
# touched is asserted, not whether its replay passes.
add_test(NAME shard/bad_value_is_usage
         COMMAND sh -c "\"$1\" replay --shard 3/2 structured/example_fn; [ $? -eq 2 ]" sh $<TARGET_FILE:tracecheck>)
add_test(NAME shard/run_bad_value_is_usage
         COMMAND sh -c "\"$1\" run --shard 1/0 structured/example_fn; [ $? -eq 2 ]" sh $<TARGET_FILE:tracecheck>)
add_test(NAME shard/replay_splits_cases
         COMMAND sh -c "W=$(mktemp -d) || exit 1; trap 'rm -rf \"$W\"' EXIT
for i in 1 2; do \"$1\" replay --shard $i/2 --emitter torch-2.6.0 --work-dir \"$W/runs\" \
  structured/example_fn structured/dynamo_error > \"$W/out$i\" 2>&1; done
grep -q 'structured/dynamo_error' \"$W/out1\" && ! grep -q 'structured/example_fn' \"$W/out1\" &&
grep -q 'structured/example_fn' \"$W/out2\" && ! grep -q 'structured/dynamo_error' \"$W/out2\" ||
{ echo '--- shard 1/2'; cat \"$W/out1\"; echo '--- shard 2/2'; cat \"$W/out2\"; exit 1; }" sh $<TARGET_FILE:tracecheck>)
set_tests_properties(shard/bad_value_is_usage shard/run_bad_value_is_usage shard/replay_splits_cases
                     PROPERTIES LABELS "cli;replay")
