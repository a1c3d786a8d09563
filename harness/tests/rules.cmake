# The committed rule documentation (harness/diag/RULES.md) must equal what
# the code generates, so it cannot drift.
add_test(NAME rules/doc-up-to-date
         COMMAND ${CMAKE_COMMAND} "-DTRACECHECK=$<TARGET_FILE:tracecheck>"
                 "-DEXPECTED=${PROJECT_SOURCE_DIR}/harness/diag/RULES.md"
                 "-DACTUAL=${CMAKE_CURRENT_BINARY_DIR}/RULES.generated.md"
                 -P "${CMAKE_CURRENT_LIST_DIR}/scripts/rules_doc_check.cmake")
set_tests_properties(rules/doc-up-to-date PROPERTIES LABELS cli)
add_test(NAME rules/unknown-rule COMMAND tracecheck rules no-such-rule)
set_tests_properties(rules/unknown-rule PROPERTIES LABELS cli WILL_FAIL TRUE)
