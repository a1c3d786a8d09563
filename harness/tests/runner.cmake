# Runner tests that need an emitter environment (a chroot made by
# ci/provision-env.sh), built from harness/runner/tests/ into their own
# binary so the fast unit suite never waits on one:
#   label "chroot": fake drivers inside trixie (seconds each);
#   label "live":   real torch workloads inside trixie / sid (a minute or so).
# Each skips when its environment is not provisioned, except trixie under
# $CI, which fails. Both run serially: the hang test looks for its workload
# by a fixed marker, and live workloads want the CPU to themselves.
# The runner's hermetic tests (harness/runner/*_test.cpp) are in the unit
# binary, label "unit".
file(GLOB TRACECHECK_RUNNER_ENV_TESTS CONFIGURE_DEPENDS
  ${PROJECT_SOURCE_DIR}/harness/runner/tests/*.cpp)
add_executable(tracecheck_runner_env_tests ${TRACECHECK_RUNNER_ENV_TESTS})
target_link_libraries(tracecheck_runner_env_tests PRIVATE tracecheck_lib GTest::gtest_main)
target_compile_options(tracecheck_runner_env_tests PRIVATE -Wall -Wextra)
gtest_discover_tests(tracecheck_runner_env_tests
  TEST_FILTER "RunnerChroot.*"
  DISCOVERY_TIMEOUT 60
  PROPERTIES LABELS chroot RUN_SERIAL TRUE TIMEOUT 180)
gtest_discover_tests(tracecheck_runner_env_tests
  TEST_FILTER "RunnerLive.*"
  DISCOVERY_TIMEOUT 60
  PROPERTIES LABELS live RUN_SERIAL TRUE TIMEOUT 900)
