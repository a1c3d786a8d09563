# Replay tests: for every golden/<emitter>/<case>.txt of a case that exists,
# the test "replay/<emitter>/<case>" runs `tracecheck replay <case>
# --emitter <emitter>` on the raw artifacts stored beside it (no torch).
# Label: replay. New goldens add tests at the next build (CONFIGURE_DEPENDS).
# The fixture golden/used-reset clears the record of used goldens first, so
# `tracecheck stale` after the run judges this run only.

set(tc_golden_root "${PROJECT_SOURCE_DIR}/golden")
add_test(NAME golden/used-reset
         COMMAND tracecheck stale --clear --work-dir "${CMAKE_BINARY_DIR}/tracecheck-runs")
set_tests_properties(golden/used-reset PROPERTIES LABELS "replay" FIXTURES_SETUP tracecheck_golden_uses)
file(GLOB_RECURSE tc_goldens CONFIGURE_DEPENDS RELATIVE "${tc_golden_root}" "${tc_golden_root}/*.txt")
list(SORT tc_goldens)
foreach(rel IN LISTS tc_goldens)
  if(NOT rel MATCHES "^(torch-[0-9A-Za-z.-]+)/(.+)\\.txt$")
    continue()
  endif()
  set(emitter "${CMAKE_MATCH_1}")
  set(name "${CMAKE_MATCH_2}")
  if(name MATCHES "\\.raw/" OR NOT EXISTS "${PROJECT_SOURCE_DIR}/cases/${name}.json")
    continue()
  endif()
  add_test(NAME "replay/${emitter}/${name}"
           COMMAND tracecheck replay "${name}" --emitter "${emitter}"
                   --work-dir "${CMAKE_BINARY_DIR}/tracecheck-runs")
  set_tests_properties("replay/${emitter}/${name}" PROPERTIES LABELS "replay;emitter:${emitter}" TIMEOUT 120
                       FIXTURES_REQUIRED tracecheck_golden_uses)
endforeach()
