# identity/project and identity/corpus: every input the project holds (the
# raw captures' traces, harness/tests/data's bad and sample inputs) and every
# trace of ../shared/corpus, checked under every profile, gives the exit
# code, finding count and output digest recorded in
# harness/tests/identity/{project,corpus}.tsv. A refactoring passes them
# unchanged; a change that means to change findings rewrites the manifest
# with --update and its diff shows each run it changed. identity/planted
# shows a changed and a missing row are both caught. The corpus half skips
# (77) without ../shared.
find_program(TRACECHECK_PYTHON3 python3 REQUIRED)
set(tc_identity_dir ${CMAKE_CURRENT_LIST_DIR}/identity)
add_test(NAME identity/project
         COMMAND ${TRACECHECK_PYTHON3} ${tc_identity_dir}/findings_identity.py project
                 --tracecheck $<TARGET_FILE:tracecheck> --source-dir ${PROJECT_SOURCE_DIR} -j 2)
add_test(NAME identity/corpus
         COMMAND ${TRACECHECK_PYTHON3} ${tc_identity_dir}/findings_identity.py corpus
                 --tracecheck $<TARGET_FILE:tracecheck> --source-dir ${PROJECT_SOURCE_DIR}
                 --shared ${TRACECHECK_SHARED_DIR} -j 2)
add_test(NAME identity/planted
         COMMAND ${tc_identity_dir}/planted_identity.sh $<TARGET_FILE:tracecheck> ${PROJECT_SOURCE_DIR}
                 ${CMAKE_CURRENT_BINARY_DIR}/planted-identity)
set_tests_properties(identity/project identity/corpus identity/planted
                     PROPERTIES LABELS identity SKIP_RETURN_CODE 77 TIMEOUT 900)
