# Every Chrome/Kineto and execution-trace file ../shared/corpus/MANIFEST.tsv
# marks valid (check_exit 0) must validate against the project's closed
# schemas: `tracecheck validate` exits 0 (validate knows no drift warnings,
# so a key the closed schemas do not know fails here too). The caller skips (77) when the corpus is absent:
# cmake -P cannot exit 77 before CMake 3.29.
#   cmake -DTRACECHECK=... -DCORPUS=... -DSCHEMAS=... -P corpus_schemas.cmake
include(${CMAKE_CURRENT_LIST_DIR}/../../scripts/manifest.cmake)
tracecheck_manifest_columns("${CORPUS}/MANIFEST.tsv" FORMATS kineto chrome_trace execution_trace
                            COLUMNS path format check_exit)
set(failed 0)
set(checked 0)
foreach(path format check_exit IN ZIP_LISTS manifest_path manifest_format manifest_check_exit)
  if(NOT check_exit STREQUAL "0")
    continue()
  endif()
  if(format STREQUAL "kineto" OR format STREQUAL "chrome_trace")
    set(schema "${SCHEMAS}/chrome_trace/kineto.schema.json")
  else()  # execution_trace
    set(schema "${SCHEMAS}/execution_trace/execution_trace.schema.json")
  endif()
  execute_process(COMMAND "${TRACECHECK}" validate --schema "${schema}" "${CORPUS}/${path}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  math(EXPR checked "${checked} + 1")
  if(rc EQUAL 0)
    message("ok   ${path}")
  else()
    math(EXPR failed "${failed} + 1")
    message("FAIL ${path}: exit ${rc}\n${out}${err}")
  endif()
endforeach()
message("${checked} files checked, ${failed} failed")
if(checked EQUAL 0 OR NOT failed EQUAL 0)
  message(FATAL_ERROR "corpus files do not validate against their schemas")
endif()
