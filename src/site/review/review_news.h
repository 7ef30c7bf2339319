#pragma once

// What one node tells the others about its review boards, on the bus channel "review"
// (docs/protocol.md, "Reviews on several nodes"): that it saved a review at a new version
// (the others with the board open read it from the store, the arbiter), or a chat line (the
// others hand it to their own followers; chat is not stored). Encoded once here, decoded once
// into this type: the rest of the site never reads the bus's text.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "base/result.h"

namespace tengen::site {

inline constexpr std::string_view kReviewChannel = "review";

struct ReviewNews {
  enum class Kind { Saved, Chat };
  Kind kind = Kind::Saved;
  std::string node;  // the sender; a node ignores its own news
  int64_t reviewId = 0;
  int64_t version = 0;  // Saved: the review's version in the store now
  // Chat: the line.
  int64_t fromId = 0;
  std::string fromName;
  std::string text;
  int64_t atMs = 0;
  bool operator==(const ReviewNews&) const = default;
};

std::string encodeReviewNews(const ReviewNews& news);
// Refuses anything but what encodeReviewNews writes, saying which field is wrong.
Result<ReviewNews> decodeReviewNews(std::string_view text);

}  // namespace tengen::site
