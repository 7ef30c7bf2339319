#pragma once

// The review messages the server pushes (docs/protocol.md, "Reviews"): the whole board as
// `review_state` (after following and after every edit), who follows and controls it as
// `review_followers`, and one chat line as `review_chat`. Serialised once per change and
// sent to every follower alike: nothing in them depends on who reads them.

#include <boost/json/object.hpp>

#include "site/review/review_board.h"

namespace tengen::site {

boost::json::object reviewStateJson(const ReviewBoard& board);
boost::json::object reviewFollowersJson(const ReviewBoard& board);
boost::json::object reviewChatJson(int64_t reviewId, const ReviewChatLine& line);
boost::json::object reviewUserJson(const ReviewUser& user);

}  // namespace tengen::site
