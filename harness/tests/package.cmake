# The installed CMake package, used by an example emitter project: its
# tracecheck_add_check() conformance test and GoogleTest matchers.
add_test(NAME package/example_project
         COMMAND "${CMAKE_CURRENT_LIST_DIR}/scripts/package_example.sh" "${CMAKE_BINARY_DIR}" "${PROJECT_SOURCE_DIR}"
                 "${CMAKE_BINARY_DIR}/package-example")
set_tests_properties(package/example_project PROPERTIES LABELS "cli;package" TIMEOUT 600)
