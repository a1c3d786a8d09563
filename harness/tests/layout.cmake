# The layers and the documentation that describes them (harness/tests/layout/):
# no library file includes a header of a module above or beside its own
# (the layer table is the build's tracecheck_module() calls) nor a header
# off another module's PUBLIC surface, a planted case of each is caught;
# every path README.md, ARCHITECTURE.md and each folder's page name exists,
# with every module in ARCHITECTURE.md's layer table; and no
# file outside harness/formats/ names a format or its fields (a planted
# one is caught); and every rule id they name is in the catalog; and every
# project file a source comment names exists; and every library file
# declares its folder's namespace (a planted violation is caught); and the
# "Adding a format" recipe names every file that lists the formats.
find_program(TRACECHECK_PYTHON3 python3 REQUIRED)
set(tc_layout_dir ${CMAKE_CURRENT_LIST_DIR}/layout)
set(tc_layers_file ${CMAKE_BINARY_DIR}/tracecheck_layers.txt)
set(tc_surfaces_file ${CMAKE_BINARY_DIR}/tracecheck_surfaces.txt)
add_test(NAME layers/includes
         COMMAND ${TRACECHECK_PYTHON3} ${tc_layout_dir}/check_layers.py ${PROJECT_SOURCE_DIR}/harness ${tc_layers_file}
                 ${tc_surfaces_file})
add_test(NAME layers/planted-upward-include
         COMMAND ${tc_layout_dir}/planted_upward_include.sh ${PROJECT_SOURCE_DIR}/harness ${tc_layers_file}
                 ${tc_surfaces_file} ${CMAKE_CURRENT_BINARY_DIR}/planted-upward-include)
add_test(NAME docs/paths
         COMMAND ${TRACECHECK_PYTHON3} ${tc_layout_dir}/check_doc_paths.py ${PROJECT_SOURCE_DIR} ${tc_layers_file})
add_test(NAME layers/format-names
         COMMAND ${TRACECHECK_PYTHON3} ${tc_layout_dir}/check_format_names.py ${PROJECT_SOURCE_DIR})
add_test(NAME layers/planted-format-name
         COMMAND ${tc_layout_dir}/planted_format_name.sh ${PROJECT_SOURCE_DIR}
                 ${CMAKE_CURRENT_BINARY_DIR}/planted-format-name)
# Every rule id the docs, the installed headers and `tracecheck rules` name
# is in the catalog.
add_test(NAME docs/rule-ids
         COMMAND ${TRACECHECK_PYTHON3} ${tc_layout_dir}/check_rule_ids.py ${PROJECT_SOURCE_DIR} $<TARGET_FILE:tracecheck>)
add_test(NAME docs/planted-rule-id
         COMMAND ${tc_layout_dir}/planted_rule_id.sh $<TARGET_FILE:tracecheck> ${CMAKE_CURRENT_BINARY_DIR}/planted-rule-id)
# README.md, the manual, stays within 200 lines, and every tracecheck
# subcommand it shows answers --help.
add_test(NAME docs/readme
         COMMAND ${TRACECHECK_PYTHON3} ${tc_layout_dir}/check_readme.py ${PROJECT_SOURCE_DIR} $<TARGET_FILE:tracecheck>)
add_test(NAME docs/planted-readme
         COMMAND ${tc_layout_dir}/planted_readme.sh $<TARGET_FILE:tracecheck> ${CMAKE_CURRENT_BINARY_DIR}/planted-readme)
# Every project file a source comment names exists.
add_test(NAME docs/source-paths
         COMMAND ${TRACECHECK_PYTHON3} ${tc_layout_dir}/check_source_paths.py ${PROJECT_SOURCE_DIR})
add_test(NAME docs/planted-source-path
         COMMAND ${tc_layout_dir}/planted_source_path.sh ${CMAKE_CURRENT_BINARY_DIR}/planted-source-path)
# Every library file declares its folder's namespace (tc::json for
# harness/json/), or one inside it.
add_test(NAME layers/namespaces
         COMMAND ${TRACECHECK_PYTHON3} ${tc_layout_dir}/check_namespaces.py ${PROJECT_SOURCE_DIR})
add_test(NAME layers/planted-namespace
         COMMAND ${tc_layout_dir}/planted_namespace.sh ${CMAKE_CURRENT_BINARY_DIR}/planted-namespace)
# ARCHITECTURE.md's "Adding a format" names every file that lists the
# formats (a planted unnamed list is caught).
add_test(NAME docs/format-recipe
         COMMAND ${TRACECHECK_PYTHON3} ${tc_layout_dir}/check_format_recipe.py ${PROJECT_SOURCE_DIR})
add_test(NAME docs/planted-format-recipe
         COMMAND ${tc_layout_dir}/planted_format_recipe.sh ${PROJECT_SOURCE_DIR}
                 ${CMAKE_CURRENT_BINARY_DIR}/planted-format-recipe)
set_tests_properties(layers/includes layers/planted-upward-include layers/format-names layers/planted-format-name
                     layers/namespaces layers/planted-namespace docs/format-recipe docs/planted-format-recipe
                     docs/paths docs/rule-ids docs/planted-rule-id docs/readme docs/planted-readme
                     docs/source-paths docs/planted-source-path
                     PROPERTIES LABELS "unit;layout")
