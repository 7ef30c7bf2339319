# Writes OUTPUT, a header holding the weights file INPUT (src/bot/move_weights.txt) as the raw
# string literal kBuiltInMoveWeights, so tengen carries its weights without a data directory.
file(READ ${INPUT} text)
string(FIND "${text}" ")tengen_weights" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} contains the raw-string delimiter )tengen_weights")
endif()
set(header "// Generated from src/bot/move_weights.txt by embed_move_weights.cmake; do not edit.
#pragma once

namespace tengen::bot {

inline constexpr const char* kBuiltInMoveWeights = R\"tengen_weights(${text})tengen_weights\";

}  // namespace tengen::bot
")
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT "${old}" STREQUAL "${header}")
  file(WRITE ${OUTPUT} "${header}")
endif()
