// Shared by the tests that need a provisioned emitter environment.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "runner/environment.h"

// Skips the test when `name` is not provisioned; under $CI a missing trixie
// fails instead (ci/test.sh provisions it, so its absence is a broken setup).
#define TRACECHECK_REQUIRE_ENV(name)                                                   \
  do {                                                                                 \
    ::tc::runner::EnvironmentLookup lookup_ = ::tc::runner::find_environment(name, false); \
    if (!lookup_.ok) {                                                                 \
      if (::tc::runner::ci_mode() && std::string(name) == "trixie")                    \
        FAIL() << "CI without the trixie environment: " << lookup_.error;             \
      GTEST_SKIP() << lookup_.error;                                                   \
    }                                                                                  \
  } while (0)
