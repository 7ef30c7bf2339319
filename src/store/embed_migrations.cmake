# Writes OUTPUT, a header holding every DIR/NNNN_name.sql as a raw string literal, in version
# order, as the array NAME (kMigrations when not given). Versions must run 1, 2, 3... with no
# gap, so a missing file fails the build rather than leaving a database that skipped a step.
file(GLOB files ${DIR}/*.sql)
list(SORT files)
set(entries "")
set(expected 1)
foreach(file IN LISTS files)
  get_filename_component(name ${file} NAME)
  if(NOT name MATCHES "^([0-9]+)_[a-z0-9_]+\\.sql$")
    message(FATAL_ERROR "migration ${name}: expected a name like 0001_initial.sql")
  endif()
  string(REGEX REPLACE "^0+" "" version "${CMAKE_MATCH_1}")
  if(NOT version EQUAL expected)
    message(FATAL_ERROR "migration ${name}: expected version ${expected}, found ${version}")
  endif()
  file(READ ${file} sql)
  string(FIND "${sql}" ")tengen_sql" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "migration ${name} contains the raw-string delimiter )tengen_sql")
  endif()
  string(APPEND entries "    {${version}, \"${name}\", R\"tengen_sql(${sql})tengen_sql\"},\n")
  math(EXPR expected "${expected} + 1")
endforeach()
if(NOT NAME)
  set(NAME kMigrations)
endif()
if(expected EQUAL 1)
  message(FATAL_ERROR "no migrations found in ${DIR}")
endif()
file(RELATIVE_PATH source_dir ${CMAKE_CURRENT_LIST_DIR}/../.. ${DIR})
set(text "// Generated from ${source_dir}/*.sql by embed_migrations.cmake; do not edit.
#pragma once

#include \"store/migrations.h\"

namespace tengen::store {

inline constexpr Migration ${NAME}[] = {
${entries}};

}  // namespace tengen::store
")
# Rewrite only on change so dependants do not rebuild needlessly.
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT "${old}" STREQUAL "${text}")
  file(WRITE ${OUTPUT} "${text}")
endif()
