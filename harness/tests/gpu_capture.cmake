# ci/gpu-capture.sh, the GPU machine's capture command, run here without a
# GPU or torch and with a fake nvcc (every case a declared skip, the CUDA C++
# emitter's with its driver's reason; the archives and their layout), then
# against its deadline with fake cases
# (harness/tests/scripts/gpu_capture.sh; skips without python3's venv).
find_program(TRACECHECK_PYTHON3 python3)
add_test(NAME gpu_capture
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/scripts/gpu_capture.sh
                 ${PROJECT_SOURCE_DIR}/ci/gpu-capture.sh ${TRACECHECK_PYTHON3})
set_tests_properties(gpu_capture PROPERTIES LABELS "cli;capture" TIMEOUT 180 SKIP_RETURN_CODE 77)
