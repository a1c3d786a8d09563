# The golden workflow through the CLI, on copies of the committed goldens
# (harness/tests/golden/*.sh; each copies golden/ into a temp tree first, so
# no test writes a committed golden). Label: golden. The stability test runs
# torch live on trixie twice (labels live, env:trixie) and skips when the
# environment is unavailable.
set(tc_golden_scripts ${CMAKE_CURRENT_SOURCE_DIR}/golden)
foreach(topic policy pending_review diffs header stale reports drift accept_tree)
  add_test(NAME golden/${topic}
           COMMAND sh ${tc_golden_scripts}/${topic}.sh $<TARGET_FILE:tracecheck> ${PROJECT_SOURCE_DIR})
  set_tests_properties(golden/${topic} PROPERTIES LABELS "golden;cli" SKIP_RETURN_CODE 77 TIMEOUT 300)
endforeach()

add_test(NAME golden/stability
         COMMAND sh ${tc_golden_scripts}/stability.sh $<TARGET_FILE:tracecheck> ${PROJECT_SOURCE_DIR})
set_tests_properties(golden/stability PROPERTIES
  LABELS "golden;live;env:trixie" SKIP_RETURN_CODE 77 TIMEOUT 900 RESOURCE_LOCK torch_workload)
