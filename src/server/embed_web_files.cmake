# Writes OUTPUT, a C++ source defining tengen::server::FUNCTION() (default webFiles, declared in
# HEADER, default server/web_files.h): every file under
# DIR, hidden ones left out, as a string literal of \x escapes (any byte, any file type), sorted
# by path so that lookups can bisect, each with a strong ETag from its SHA-256.
if(NOT DEFINED FUNCTION)
  set(FUNCTION webFiles)
endif()
if(NOT DEFINED HEADER)
  set(HEADER server/web_files.h)
endif()
file(GLOB_RECURSE files LIST_DIRECTORIES false RELATIVE ${DIR} ${DIR}/*)
list(SORT files)
set(literals "")
set(entries "")
set(index 0)
foreach(name IN LISTS files)
  if(name MATCHES "(^|/)\\.")
    continue()
  endif()
  file(READ ${DIR}/${name} hex HEX)
  file(SHA256 ${DIR}/${name} hash)
  string(SUBSTRING ${hash} 0 32 etag)
  # 32 bytes a line keeps the generated file readable in a diff or a debugger.
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "\\\\x\\1" escaped "${hex}")
  string(REPEAT "\\\\x[0-9a-f][0-9a-f]" 32 line)
  string(REGEX REPLACE "(${line})" "\\1@" escaped "${escaped}")
  string(REPLACE "@" "\"\n    \"" escaped "${escaped}")
  string(APPEND literals "// ${name}\nconstexpr char kFile${index}[] =\n    \"${escaped}\";\n\n")
  string(APPEND entries
         "    {\"${name}\", {kFile${index}, sizeof kFile${index} - 1}, \"\\\"${etag}\\\"\"},\n")
  math(EXPR index "${index} + 1")
endforeach()
if(index EQUAL 0)
  message(FATAL_ERROR "no files found in ${DIR}")
endif()
set(text "// Generated from web/ by src/server/embed_web_files.cmake; do not edit.
#include \"${HEADER}\"

namespace tengen::server {

namespace {

${literals}constexpr EmbeddedFile kFiles[] = {
${entries}};

}  // namespace

std::span<const EmbeddedFile> ${FUNCTION}() { return kFiles; }

}  // namespace tengen::server
")
# Rewrite only on change so the library does not rebuild needlessly.
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT "${old}" STREQUAL "${text}")
  file(WRITE ${OUTPUT} "${text}")
endif()
