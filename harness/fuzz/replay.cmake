# The fuzz targets built as ordinary programs (replay_main.cpp instead of
# libFuzzer), with this build's compiler and sanitizers: the test
# fuzz_replay/<target> runs the target on its seed corpus (seeds.tsv) and
# its crash regressions (regressions/<target>/). Included by
# harness/tests/bad_inputs.cmake; seconds in all.
set(tc_fuzz_dir ${PROJECT_SOURCE_DIR}/harness/fuzz)
file(STRINGS ${tc_fuzz_dir}/seeds.tsv tc_fuzz_seed_rows REGEX "^[a-z_]+\t")
file(GLOB tc_fuzz_target_sources CONFIGURE_DEPENDS ${tc_fuzz_dir}/*_fuzz.cpp)
add_library(tracecheck_fuzz_replay_main OBJECT ${tc_fuzz_dir}/replay_main.cpp)
foreach(src IN LISTS tc_fuzz_target_sources)
  get_filename_component(target ${src} NAME_WE)
  add_executable(${target}_replay ${src} $<TARGET_OBJECTS:tracecheck_fuzz_replay_main>)
  target_link_libraries(${target}_replay PRIVATE tracecheck_lib)
  target_compile_options(${target}_replay PRIVATE -Wall -Wextra)
  set(inputs "")
  foreach(row IN LISTS tc_fuzz_seed_rows)
    # Two ifs: ${CMAKE_MATCH_1} in the same condition would be expanded
    # before MATCHES runs, testing the previous row's path.
    if(row MATCHES "^${target}\t(.+)$")
      set(seed ${PROJECT_SOURCE_DIR}/${CMAKE_MATCH_1})
      if(CMAKE_MATCH_1 MATCHES "^corpus:(.*)$")
        set(seed ${TRACECHECK_CORPUS_DIR}/${CMAKE_MATCH_1})
      endif()
      if(EXISTS ${seed})
        list(APPEND inputs ${seed})
      endif()
    endif()
  endforeach()
  if(EXISTS ${tc_fuzz_dir}/regressions/${target})
    list(APPEND inputs ${tc_fuzz_dir}/regressions/${target})
  endif()
  if(NOT inputs)
    message(FATAL_ERROR "harness/fuzz/seeds.tsv names no seeds for ${target}")
  endif()
  add_test(NAME fuzz_replay/${target} COMMAND ${target}_replay ${inputs})
  set_tests_properties(fuzz_replay/${target} PROPERTIES LABELS "fuzz;unit" TIMEOUT 300)
endforeach()
