#pragma once

// An engine review's progress, told by the node running it to the others on the bus channel
// "analysis" (docs/protocol.md, "Engine review"), so that a page open on the game on any node
// follows it: the message for the page as the running node wrote it (passed on unread), the
// game, and whether it ends the review (done or failed). Encoded once here, decoded once.

#include <cstdint>
#include <string>
#include <string_view>

#include "base/result.h"

namespace tengen::site {

inline constexpr std::string_view kEngineReviewChannel = "analysis";

struct EngineReviewNews {
  std::string node;  // the running node; a node ignores its own news
  int64_t gameId = 0;
  bool final = false;   // done or failed: the pages following it stop following
  std::string message;  // engine_review_progress or engine_review, for the pages as it is
  bool operator==(const EngineReviewNews&) const = default;
};

std::string encodeEngineReviewNews(const EngineReviewNews& news);
// Refuses anything but what encodeEngineReviewNews writes, saying which field is wrong.
Result<EngineReviewNews> decodeEngineReviewNews(std::string_view text);

}  // namespace tengen::site
