# Runs `tracecheck validate` for one CLI test (cmake -P; see ../../schema.cmake).
#   TRACECHECK   the binary        DATA   directory to run in (paths stay relative)
#   SCHEMA       schema file       INPUTS input files, separated by ','
#   EXPECT_RC    exit status       EXPECT_STDOUT  file holding the exact stdout (optional)
#   EXTRA        more arguments, separated by ',' (optional)
string(REPLACE "," ";" inputs "${INPUTS}")
string(REPLACE "," ";" extra "${EXTRA}")
execute_process(
  COMMAND "${TRACECHECK}" validate --schema "${SCHEMA}" ${extra} ${inputs}
  WORKING_DIRECTORY "${DATA}"
  RESULT_VARIABLE rc
  OUTPUT_VARIABLE out
  ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc STREQUAL EXPECT_RC)
  message(FATAL_ERROR "exit status ${rc}, expected ${EXPECT_RC}")
endif()
if(EXPECT_STDOUT)
  file(READ "${DATA}/${EXPECT_STDOUT}" expected)
  if(NOT out STREQUAL expected)
    message(FATAL_ERROR "stdout differs from ${EXPECT_STDOUT}")
  endif()
endif()
