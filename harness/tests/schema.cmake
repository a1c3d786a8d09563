# JSON Schema validator tests (harness/schema): `ctest -R schema` runs them.
#
# The unit tests are TESTs of the one gtest binary, named Schema*; ctest
# names are case-sensitive, so they are also registered here under
# lowercase names: the suite and differential runs on their own (their
# "N passed, N failed" lines show with ctest -V), the rest together.
set(schema_data ${CMAKE_CURRENT_SOURCE_DIR}/data/schema)

add_test(NAME schema-suite-draft7
  COMMAND tracecheck_unit_tests --gtest_filter=SchemaSuite.*)
add_test(NAME schema-differential-valijson
  COMMAND tracecheck_unit_tests --gtest_filter=SchemaDifferential.*)
add_test(NAME schema-unit
  COMMAND tracecheck_unit_tests --gtest_filter=Schema*-SchemaSuite.*:SchemaDifferential.*)
set_tests_properties(schema-suite-draft7 schema-differential-valijson schema-unit PROPERTIES LABELS "unit;schema")

# tracecheck validate, end to end: exit status and exact stdout.
function(schema_cli_test name schema inputs rc)
  cmake_parse_arguments(arg "" "STDOUT" "EXTRA" ${ARGN})
  string(REPLACE ";" "," extra "${arg_EXTRA}")
  add_test(NAME schema-cli-${name}
    COMMAND ${CMAKE_COMMAND}
      -DTRACECHECK=$<TARGET_FILE:tracecheck> -DDATA=${schema_data}/cli -DSCHEMA=${schema}
      -DINPUTS=${inputs} -DEXPECT_RC=${rc} -DEXPECT_STDOUT=${arg_STDOUT} -DEXTRA=${extra}
      -P ${schema_data}/run_cli.cmake)
  set_tests_properties(schema-cli-${name} PROPERTIES LABELS "cli;schema")
endfunction()

schema_cli_test(valid-jsonl trace_event.schema.json valid.jsonl 0)
schema_cli_test(invalid-jsonl trace_event.schema.json invalid.jsonl 1 STDOUT invalid.expected)
schema_cli_test(pretty-json trace_event.schema.json pretty.json 1 STDOUT pretty.expected)
schema_cli_test(truncated-json trace_event.schema.json valid.jsonl,truncated.json 1 STDOUT truncated.expected)
schema_cli_test(forced-json trace_event.schema.json valid.jsonl 1 EXTRA --json)
schema_cli_test(lookahead-schema lookahead.schema.json valid.jsonl 2 STDOUT lookahead.expected)
schema_cli_test(unknown-keyword typo.schema.json valid.jsonl 0 STDOUT typo.expected)
schema_cli_test(missing-input trace_event.schema.json valid.jsonl,no-such-file.json 3)
schema_cli_test(missing-schema no-such-schema.json valid.jsonl 3)
schema_cli_test(not-a-schema valid.jsonl valid.jsonl 2)

# The format schemas (schemas/chrome_trace, schemas/execution_trace) on the
# real files of the shared corpus; skipped (77) without it.
add_test(NAME schema-corpus-formats
  COMMAND sh -c "if [ ! -f \"$2/MANIFEST.tsv\" ]; then echo \"SKIP: no corpus at $2 (the shared folder is optional)\"; exit 77; fi; exec \"$0\" -DTRACECHECK=\"$1\" -DCORPUS=\"$2\" -DSCHEMAS=\"$3\" -P \"$4\""
    ${CMAKE_COMMAND} $<TARGET_FILE:tracecheck> ${TRACECHECK_CORPUS_DIR} ${PROJECT_SOURCE_DIR}/schemas
    ${schema_data}/corpus_schemas.cmake)
set_tests_properties(schema-corpus-formats PROPERTIES LABELS "cli;schema;corpus" SKIP_RETURN_CODE 77)

# stdin and pipes are validated whole, even with --stream always: streaming
# may read the input twice, and a pipe reads once (pipe_read_whole.sh).
add_test(NAME schema-cli-pipe-read-whole
  COMMAND sh ${schema_data}/pipe_read_whole.sh $<TARGET_FILE:tracecheck>
    ${PROJECT_SOURCE_DIR}/schemas/chrome_trace/kineto.schema.json)
set_tests_properties(schema-cli-pipe-read-whole PROPERTIES LABELS "cli;schema")

# Streamed and whole-document validation agree on every committed capture.
add_test(NAME schema-stream-parity
  COMMAND ${CMAKE_COMMAND} -DTRACECHECK=$<TARGET_FILE:tracecheck> -DREPO=${PROJECT_SOURCE_DIR}
    -P ${schema_data}/stream_parity.cmake)
set_tests_properties(schema-stream-parity PROPERTIES LABELS "cli;schema")
