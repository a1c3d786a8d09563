# Robustness tests. The bad-input corpus (data/bad_inputs/MANIFEST.tsv plus
# the large inputs bad_inputs_gen.sh writes into the build tree): every input
# gives its exit code and its one-line diagnostic, under `ulimit -v` and a
# timeout, never a crash, a hang or a silent pass. bad_inputs_huge_line
# streams a 1 GiB line into `check -` (nothing is written to disk).
#
# Under TRACECHECK_SANITIZE the memory bound is lifted (ASan reserves
# terabytes of address space up front) and the streamed line is 300 MB
# (still past the reader's 256 MB line limit): -O0 instrumented code is slow.
if(TRACECHECK_SANITIZE)
  set(tc_bad_inputs_vmem unlimited)
  set(tc_huge_line_bytes 300000000)
else()
  set(tc_bad_inputs_vmem 2097152)  # KiB: 2 GiB
  set(tc_huge_line_bytes 1073741824)
endif()
set(tc_bad_inputs_gen_dir ${CMAKE_CURRENT_BINARY_DIR}/bad_inputs)

add_test(NAME bad_inputs
         COMMAND sh -c "sh \"$0\" \"$1\" && sh \"$2\" \"$3\" \"$4\" \"$1/MANIFEST.tsv\""
                 ${CMAKE_CURRENT_SOURCE_DIR}/bad_inputs_gen.sh ${tc_bad_inputs_gen_dir}
                 ${CMAKE_CURRENT_SOURCE_DIR}/bad_inputs.sh $<TARGET_FILE:tracecheck>
                 ${CMAKE_CURRENT_SOURCE_DIR}/data/bad_inputs/MANIFEST.tsv)
set_tests_properties(bad_inputs PROPERTIES
  LABELS "cli;bad_inputs" TIMEOUT 300
  ENVIRONMENT "TRACECHECK_VMEM_KB=${tc_bad_inputs_vmem}")

add_test(NAME bad_inputs_huge_line
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/bad_inputs_stream.sh $<TARGET_FILE:tracecheck> ${tc_huge_line_bytes})
set_tests_properties(bad_inputs_huge_line PROPERTIES
  LABELS "cli;bad_inputs" TIMEOUT 300
  ENVIRONMENT "TRACECHECK_VMEM_KB=${tc_bad_inputs_vmem}")

include(${PROJECT_SOURCE_DIR}/harness/fuzz/replay.cmake)

# Concurrent accepts of one golden never leave a mixed or partial golden.
add_test(NAME golden_concurrent_accepts
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/golden_race.sh $<TARGET_FILE:tracecheck>
                 ${CMAKE_CURRENT_SOURCE_DIR}/data/golden 5 6)
set_tests_properties(golden_concurrent_accepts PROPERTIES LABELS "cli;golden" TIMEOUT 300)

# Workload faults, provoked for real in the trixie chroot (seconds; skips
# without the environment).
add_test(NAME workload_faults
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/workload_faults.sh $<TARGET_FILE:tracecheck>
                 ${CMAKE_CURRENT_SOURCE_DIR}/data/runner/cases)
set_tests_properties(workload_faults PROPERTIES LABELS chroot TIMEOUT 300 SKIP_RETURN_CODE 77)

# ci/provision-env.sh refuses to delete through a mount (root only; skips
# otherwise).
add_test(NAME provision_never_deletes_through_a_mount
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/provision_mounts.sh ${PROJECT_SOURCE_DIR}/ci/provision-env.sh
                 ${CMAKE_CURRENT_BINARY_DIR}/provision-scratch)
set_tests_properties(provision_never_deletes_through_a_mount PROPERTIES
  LABELS "cli;provision" TIMEOUT 300 SKIP_RETURN_CODE 77)
