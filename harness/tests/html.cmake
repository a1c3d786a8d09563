# The HTML report, opened by a real browser (Debian's chromium, headless):
# DOM assertions, no console error, screenshots in the build tree.
add_test(NAME html_report
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/scripts/html_report.sh $<TARGET_FILE:tracecheck>
                 ${CMAKE_BINARY_DIR}/html-screenshots ${PROJECT_SOURCE_DIR})
set_tests_properties(html_report PROPERTIES LABELS html TIMEOUT 300 SKIP_RETURN_CODE 77)
