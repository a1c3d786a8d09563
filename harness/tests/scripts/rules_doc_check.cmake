# Generates the rule documentation and compares it with the committed file.
execute_process(COMMAND "${TRACECHECK}" rules --output markdown OUTPUT_FILE "${ACTUAL}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "tracecheck rules failed (${rc})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${EXPECTED}" "${ACTUAL}" RESULT_VARIABLE differ)
if(differ)
  message(FATAL_ERROR "${EXPECTED} is out of date; regenerate it:\n"
                      "  tracecheck rules --output markdown > harness/diag/RULES.md\n(generated: ${ACTUAL})")
endif()
