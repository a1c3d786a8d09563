# tracecheck_add_check(NAME <test> COMMAND <cmd> [<arg>...] ARTIFACT <glob> GOLDEN <file>
#                      [FORMAT <format>] [PROFILES <profile>...] [RULES <set>]
#                      [EMITTER_ID <id>] [TIMEOUT <seconds>])
#
# Adds the ctest test <test>: `tracecheck conform` runs COMMAND (joined with
# spaces and run by /bin/sh; generator expressions such as
# $<TARGET_FILE:my_emitter> work) in a fresh folder of the build tree,
# checks the files matching ARTIFACT, and compares the whole report
# (outcome, diagnostics per profile, canonical trace) with GOLDEN. Create or
# update the golden with TRACECHECK_ACCEPT=1 ctest -R <test> (refused when the
# variable CI is set); a mismatch prints a diff.
function(tracecheck_add_check)
  cmake_parse_arguments(PARSE_ARGV 0 TC "" "NAME;ARTIFACT;GOLDEN;FORMAT;RULES;EMITTER_ID;TIMEOUT"
                        "COMMAND;PROFILES")
  foreach(required NAME COMMAND ARTIFACT GOLDEN)
    if(NOT TC_${required})
      message(FATAL_ERROR "tracecheck_add_check: ${required} is required")
    endif()
  endforeach()
  list(JOIN TC_COMMAND " " command_line)
  set(args conform --emitter "${command_line}" --artifact "${TC_ARTIFACT}" --golden "${TC_GOLDEN}"
           --name "${TC_NAME}" --work-dir "${CMAKE_CURRENT_BINARY_DIR}/tracecheck/${TC_NAME}/work")
  if(TC_FORMAT)
    list(APPEND args --format "${TC_FORMAT}")
  endif()
  if(TC_RULES)
    list(APPEND args --rules "${TC_RULES}")
  endif()
  if(TC_EMITTER_ID)
    list(APPEND args --emitter-id "${TC_EMITTER_ID}")
  endif()
  foreach(profile IN LISTS TC_PROFILES)
    list(APPEND args --profile "${profile}")
  endforeach()
  if(NOT TC_TIMEOUT)
    set(TC_TIMEOUT 300)
  endif()
  list(APPEND args --timeout "${TC_TIMEOUT}")
  add_test(NAME "${TC_NAME}" COMMAND tracecheck::tracecheck ${args})
  math(EXPR ctest_timeout "${TC_TIMEOUT} + 60")
  set_tests_properties("${TC_NAME}" PROPERTIES TIMEOUT ${ctest_timeout} LABELS tracecheck)
endfunction()
