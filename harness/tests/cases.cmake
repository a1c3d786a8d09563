# Live case tests: one ctest test per case file, named exactly as the case
# (cases/<name>.json -> test "<name>"), running `tracecheck run <name> --env
# trixie`. Labels: live, each format, env:trixie, and requires:<feature> per
# requirement. A declared skip exits 77 (SKIP_RETURN_CODE). Workloads share
# one RESOURCE_LOCK: torch compiles are run one at a time.
#
# The test cases/skips/trixie runs after them and checks that the set of
# cases skipped on trixie is exactly TRACECHECK_TRIXIE_SKIPS below.
#
# This file is also a script: `cmake -DCHECK_SKIPS=... -P cases.cmake`
# performs that check (see the end).

if(CMAKE_SCRIPT_MODE_FILE)
  # Script mode. RESULTS: the folder holding live/<env>/<case>/result files;
  # CASES: ;-list of live case names; EXPECTED: ;-list of declared skips.
  set(skipped "")
  set(missing "")
  foreach(name IN LISTS CASES)
    set(file "${RESULTS}/live/${ENV_NAME}/${name}/result")
    if(NOT EXISTS "${file}")
      list(APPEND missing ${name})
      continue()
    endif()
    file(READ "${file}" result)
    if(result MATCHES "^skip-env")
      message(STATUS "tracecheck-skip: the ${ENV_NAME} environment is unavailable here (${name}: ${result})")
      return()
    elseif(result MATCHES "^skip")
      list(APPEND skipped ${name})
    endif()
  endforeach()
  if(missing)
    string(REPLACE ";" ", " missing "${missing}")
    message(FATAL_ERROR "these live cases did not run in this ctest invocation: ${missing}\n"
                        "run them together with this check: ctest -L live")
  endif()
  list(SORT skipped)
  list(SORT EXPECTED)
  if(NOT "${skipped}" STREQUAL "${EXPECTED}")
    message(FATAL_ERROR "cases skipped on ${ENV_NAME}: [${skipped}]\n"
                        "declared in harness/tests/cases.cmake (TRACECHECK_TRIXIE_SKIPS): [${EXPECTED}]")
  endif()
  message(STATUS "cases skipped on ${ENV_NAME}, as declared: [${skipped}]")
  return()
endif()

# The cases that skip on trixie (torch 2.6.0, CPU only), with the reason.
set(TRACECHECK_TRIXIE_SKIPS "")
# et/, debug/: CUDA cases (no GPU here).
list(APPEND TRACECHECK_TRIXIE_SKIPS
  debug/cuda_max_autotune                     # needs a CUDA device
  et/cuda_triton                              # needs a CUDA device
)
# structured/: CUDA cases (no GPU here), and features torch 2.6 lacks.
list(APPEND TRACECHECK_TRIXIE_SKIPS
  structured/collective_schedule              # no inductor_collective_schedule artifact
  structured/cuda_cudagraphs                  # needs a CUDA device
  structured/cuda_ddp_graphs                  # needs a CUDA device
  structured/cuda_schedule                    # needs a CUDA device
  structured/recompile_user_contexts          # no register_hook_for_recompile_user_context
  structured/tensor_metadata_logging          # no torch._inductor.config.log_tlparse
  structured/tensor_metadata_logging_dynamic) # no torch._inductor.config.log_tlparse
# profiler/: CUDA cases, and with_stack=True, which crashes torch 2.6.0 under
# Python 3.13 (SIGSEGV in libtorch_python at an nn.Module call).
list(APPEND TRACECHECK_TRIXIE_SKIPS
  profiler/cuda_graphs_subprocess             # needs a CUDA device
  profiler/cuda_flops                         # needs a CUDA device
  profiler/cuda_kineto                        # needs a CUDA device
  profiler/cuda_mem_leak                      # needs a CUDA device
  profiler/cuda_memory                        # needs a CUDA device
  profiler/multithreaded                      # with_stack crash (torch>=2.7)
  profiler/python_ids)                        # with_stack crash (torch>=2.7)

set(tc_cases_root "${PROJECT_SOURCE_DIR}/cases")
set(tc_live_env trixie)
set(tc_work_dir "${CMAKE_BINARY_DIR}/tracecheck-runs")
file(GLOB_RECURSE tc_case_files CONFIGURE_DEPENDS RELATIVE "${tc_cases_root}" "${tc_cases_root}/*.json")
list(SORT tc_case_files)
set(tc_live_tests "")
foreach(rel IN LISTS tc_case_files)
  # Case files are cases/<group>/<name>.json; deeper files belong to a
  # case's own data (cases/emitters/package_example/...).
  if(NOT rel MATCHES "^[^/]+/[^/]+\\.json$")
    continue()
  endif()
  string(REGEX REPLACE "\\.json$" "" name "${rel}")
  set(timeout 900)
  file(READ "${tc_cases_root}/${rel}" doc)
  # A case that pins its environment (third-party emitters: host) runs
  # there and stays out of the trixie skip check.
  string(JSON pinned_env ERROR_VARIABLE err GET "${doc}" environment)
  if(err)
    set(pinned_env "")
  endif()
  if(pinned_env)
    set(labels live "env:${pinned_env}")
  else()
    set(labels live "env:${tc_live_env}")
  endif()
  # Labels come from the case file; a malformed one still gets its test,
  # which then fails with the loader's message.
  string(JSON nformats ERROR_VARIABLE err LENGTH "${doc}" formats)
  if(NOT err)
    math(EXPR last "${nformats} - 1")
    foreach(i RANGE ${last})
      string(JSON format ERROR_VARIABLE err GET "${doc}" formats ${i})
      if(NOT err)
        list(APPEND labels "${format}")
      endif()
    endforeach()
  endif()
  string(JSON nrequires ERROR_VARIABLE err LENGTH "${doc}" requires)
  if(NOT err AND nrequires GREATER 0)
    math(EXPR last "${nrequires} - 1")
    foreach(i RANGE ${last})
      string(JSON feature ERROR_VARIABLE err GET "${doc}" requires ${i} feature)
      if(NOT err)
        list(APPEND labels "requires:${feature}")
      endif()
    endforeach()
  endif()
  string(JSON case_timeout ERROR_VARIABLE err GET "${doc}" timeout_s)
  if(NOT err AND case_timeout MATCHES "^[0-9]+$")
    # The workload's own bound plus provisioning the environment once.
    math(EXPR timeout "${case_timeout} + 900")
  endif()
  add_test(NAME "${name}" COMMAND tracecheck run "${name}" --env ${tc_live_env} --work-dir "${tc_work_dir}")
  set_tests_properties("${name}" PROPERTIES
    LABELS "${labels}"
    SKIP_RETURN_CODE 77
    TIMEOUT ${timeout}
    RESOURCE_LOCK torch_workload
    FIXTURES_REQUIRED tracecheck_live_results)
  if(NOT pinned_env)
    list(APPEND tc_live_tests "${name}")
  endif()
endforeach()

if(tc_live_tests)
  # Clears the previous results so the skip check sees only this run's.
  add_test(NAME cases/results-reset
           COMMAND ${CMAKE_COMMAND} -E rm -rf "${tc_work_dir}/live/${tc_live_env}")
  set_tests_properties(cases/results-reset PROPERTIES
    LABELS live FIXTURES_SETUP tracecheck_live_results)
  add_test(NAME cases/skips/${tc_live_env}
           COMMAND ${CMAKE_COMMAND} "-DRESULTS=${tc_work_dir}" "-DENV_NAME=${tc_live_env}"
                   "-DCASES=${tc_live_tests}" "-DEXPECTED=${TRACECHECK_TRIXIE_SKIPS}"
                   -P "${CMAKE_CURRENT_LIST_FILE}")
  set_tests_properties(cases/skips/${tc_live_env} PROPERTIES
    LABELS "live;env:${tc_live_env}"
    DEPENDS "${tc_live_tests}"
    SKIP_REGULAR_EXPRESSION "tracecheck-skip:"
    FIXTURES_REQUIRED tracecheck_live_results)
endif()
