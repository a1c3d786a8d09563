# Reading ../shared/corpus/MANIFEST.tsv, the one place: the corpus tests
# (torch_trace_corpus.cmake, chrome_trace_corpus.cmake,
# scripts/execution_trace_corpus.cmake, data/schema/corpus_schemas.cmake and
# scrub_diff.cmake's corpus mode) include this file in script mode (cmake -P)
# and loop over what it returns.
#
#   tracecheck_manifest_columns(<manifest> [FORMATS <format>...] COLUMNS <name>...)
#
# Contract: reads <manifest> line by line, skips blank lines, comment lines
# ("#...") and the header row ("path\t..."), splits every other row on tabs, and keeps the rows whose second column
# (the format) is one of FORMATS (every row without FORMATS), in file order. For the Nth name of COLUMNS
# it sets manifest_<name> in the caller's scope: the list of the kept rows'
# Nth column (0 = path, 1 = format, ...), so the caller walks them together:
#
#   tracecheck_manifest_columns("${CORPUS}/MANIFEST.tsv" FORMATS torch_trace COLUMNS path format check_exit)
#   foreach(path format check_exit IN ZIP_LISTS manifest_path manifest_format manifest_check_exit)
#
# A row with fewer columns than COLUMNS names (or than 2) is a fatal error,
# whatever its format (a broken manifest must not pass as a shorter one).
# Values must not be empty (CMake lists); a ';' in a value (the external
# corpus's notes have some) reads as ','.
#
# The function records its policies where it is defined (cmake -P sets none):
# CMP0007 NEW, so an empty column still counts as one, and CMP0057 NEW for
# IN_LIST.
cmake_policy(PUSH)
cmake_policy(SET CMP0007 NEW)
cmake_policy(SET CMP0057 NEW)
function(tracecheck_manifest_columns manifest)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "FORMATS;COLUMNS")
  if(NOT arg_COLUMNS)
    message(FATAL_ERROR "tracecheck_manifest_columns: COLUMNS is required")
  endif()
  list(LENGTH arg_COLUMNS wanted)
  math(EXPR last "${wanted} - 1")
  if(wanted LESS 2)  # the format column is read to filter, asked for or not
    set(wanted 2)
  endif()
  foreach(i RANGE ${last})
    set(values_${i} "")
  endforeach()
  file(STRINGS "${manifest}" rows)
  foreach(row IN LISTS rows)
    if(row STREQUAL "" OR row MATCHES "^#" OR row MATCHES "^path\t")
      continue()
    endif()
    string(REPLACE ";" "," row "${row}")
    string(REPLACE "\t" ";" cols "${row}")
    list(LENGTH cols have)
    if(have LESS wanted)
      message(FATAL_ERROR "${manifest}: a row has ${have} columns, ${wanted} wanted: ${row}")
    endif()
    list(GET cols 1 format)
    if(arg_FORMATS AND NOT format IN_LIST arg_FORMATS)
      continue()
    endif()
    foreach(i RANGE ${last})
      list(GET cols ${i} value)
      list(APPEND values_${i} "${value}")
    endforeach()
  endforeach()
  foreach(i RANGE ${last})
    list(GET arg_COLUMNS ${i} name)
    set(manifest_${name} "${values_${i}}" PARENT_SCOPE)
  endforeach()
endfunction()
cmake_policy(POP)
