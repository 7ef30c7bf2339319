#pragma once

// An SGF file a player uploads (docs/protocol.md, "Reviews", library): read once at the edge
// into what the library lists and what a review opens. Every file the project's SGF reader
// accepts is taken — any charset decodeSgfBytes reads, collections too (each game must load;
// a review opens the one the player picks) — and anything else is refused with the reader's
// own error, its line and column.

#include <cstddef>
#include <string>
#include <string_view>

#include "base/result.h"

namespace tengen::site {

struct UploadLimits {
  // In base64 within the 1 MiB request body (server_options.h) with room for the name.
  std::size_t maxBytes = 750'000;
  std::size_t maxGames = 100;
  int maxNodes = 10'000;  // per game, as a review holds (review_tree.h)
};

struct ReadUpload {
  std::string utf8;          // the file as UTF-8: what is stored and reviewed
  std::string black, white;  // of the first game ("" when the file names none)
  int games = 0;
  std::string warning;  // a guessed charset, an unknown RU; "" when none
};

Result<ReadUpload> readUpload(std::string_view bytes, const UploadLimits& limits = {});

// The `index`-th game (from 0) of an upload read by readUpload, as its own SGF text.
Result<std::string> uploadGame(std::string_view utf8, int index);

}  // namespace tengen::site
