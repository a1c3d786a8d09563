# The CUDA emitter's promise check (cases/emitters/cuda_cupti.py --check)
# without a GPU: it rejects a real trace of the emitter from before NVTX
# ranges reached it, naming both missing ranges (exit 1), and
# scripts/cuda_cupti_check_test.py shows it accepts the trace the emitter now
# promises and rejects each broken promise. The case emitters/cuda_cupti
# (cases.cmake) runs the emitter itself where there is a GPU.
find_program(TRACECHECK_PYTHON3 python3 REQUIRED)
set(tc_cupti_driver ${PROJECT_SOURCE_DIR}/cases/emitters/cuda_cupti.py)
set(tc_cupti_old_trace ${CMAKE_CURRENT_SOURCE_DIR}/data/chrome_trace/cupti_without_nvtx.json)
add_test(NAME emitters/cuda_cupti/check_rejects_trace_without_nvtx
         COMMAND sh -c "\"$1\" \"$2\" --check \"$3\" 2>&1; rc=$?
                        [ $rc -eq 1 ] || { echo \"exit $rc, expected exit 1\"; exit 1; }"
                 sh ${TRACECHECK_PYTHON3} ${tc_cupti_driver} ${tc_cupti_old_trace})
set_tests_properties(emitters/cuda_cupti/check_rejects_trace_without_nvtx PROPERTIES
  LABELS "unit;chrome_trace"
  FAIL_REGULAR_EXPRESSION "expected exit 1"  # PASS_REGULAR_EXPRESSION alone ignores the exit code
  PASS_REGULAR_EXPRESSION "no NVTX range \"setup\"[^\n]*\n[^\n]*no NVTX range \"saxpy \\\\\"quoted\\\\\" step\"")
add_test(NAME emitters/cuda_cupti/check_promises
         COMMAND ${TRACECHECK_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/scripts/cuda_cupti_check_test.py
                 ${tc_cupti_driver} ${tc_cupti_old_trace})
set_tests_properties(emitters/cuda_cupti/check_promises PROPERTIES LABELS "unit;chrome_trace")
