# harness/tests/tlparse_mutations.py derives one mutation of a real log per tlparse
# --strict failure and per quirk tlparse tolerates, then checks that
# `tracecheck check --profile tlparse` exits as tlparse 0.4.3 --strict does
# and that the default profile gives its own expected verdict.
find_program(TRACECHECK_PYTHON3 python3)
if(TRACECHECK_PYTHON3)
  add_test(NAME tlparse_mutations
           COMMAND ${TRACECHECK_PYTHON3} ${PROJECT_SOURCE_DIR}/harness/tests/tlparse_mutations.py
                   --base ${CMAKE_CURRENT_SOURCE_DIR}/data/torch_trace/comp_failure.log
                   --check $<TARGET_FILE:tracecheck>)
  set_tests_properties(tlparse_mutations PROPERTIES LABELS "cli;tlparse")
else()
  message(WARNING "python3 not found: the tlparse_mutations test is not registered")
endif()
