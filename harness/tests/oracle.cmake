# oracle/hta, oracle/catapult, oracle/chakra, oracle/param: for every Chrome
# trace and execution trace the project holds (harness/tests/data, the goldens'
# raw captures, ../shared/corpus and ../shared/gpu), `tracecheck check
# --profile P` must exit as the real consumer's answer says (the contract in
# harness/tests/oracle/README.md), apart from the disagreements listed in
# harness/tests/oracle/known_disagreements.tsv. The answers are committed in
# harness/tests/oracle/verdicts.tsv, so a run only runs tracecheck; a file the
# table lacks runs its oracle (slow). Skipped (77) without ../shared, its
# oracles, their Debian packages or node, or python3.
find_program(TRACECHECK_PYTHON3 python3)
set(tc_python_or_skip "if [ -z \"$0\" ] || [ \"$0\" = TRACECHECK_PYTHON3-NOTFOUND ]; then echo 'SKIP: python3 not found'; exit 77; fi; exec \"$0\" \"$@\"")
# The mutation set (make_mutations.py: deterministic, about 1,500 files made
# from the committed raw captures and ../shared/corpus), written into the
# build tree before the oracle tests; they judge each of its files that
# verdicts.tsv holds (its oracle runs belong to the table's regeneration).
set(tc_mutations ${CMAKE_BINARY_DIR}/oracle-mutations)
add_test(NAME oracle/mutations
         COMMAND sh -c "${tc_python_or_skip}" "${TRACECHECK_PYTHON3}" ${CMAKE_CURRENT_LIST_DIR}/oracle/make_mutations.py
                 ${tc_mutations} --shared ${TRACECHECK_SHARED_DIR})
set_tests_properties(oracle/mutations PROPERTIES LABELS oracle SKIP_RETURN_CODE 77 TIMEOUT 300
                     FIXTURES_SETUP oracle_mutations)
foreach(consumer hta catapult chakra param)
  add_test(NAME oracle/${consumer}
           COMMAND sh -c "${tc_python_or_skip}"
                   "${TRACECHECK_PYTHON3}" ${CMAKE_CURRENT_LIST_DIR}/oracle/oracle_test.py ${consumer}
                   --tracecheck $<TARGET_FILE:tracecheck> --source-dir ${PROJECT_SOURCE_DIR}
                   --shared ${TRACECHECK_SHARED_DIR} --extra ${tc_mutations} --extra-table-only)
  set_tests_properties(oracle/${consumer} PROPERTIES LABELS oracle SKIP_RETURN_CODE 77 TIMEOUT 1800
                       FIXTURES_REQUIRED oracle_mutations)
endforeach()
