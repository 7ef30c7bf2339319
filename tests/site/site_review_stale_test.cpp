// A review whose stored tree another node saved behind this node's back (docs/protocol.md,
// "Reviews on several nodes"): this node's next save finds its copy stale, never overwrites the
// newer tree, applies its own edit over it again and pushes the result to its followers. The
// other node is played by the test writing the store directly, so the stale copy is certain
// rather than a race between two processes (tests/cluster/cluster_review_test.cpp has those).
#include <gtest/gtest.h>
#include <boost/json/serialize.hpp>

#include <chrono>
#include <thread>

#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

// Whether a review_state's tree holds a move at `vertex`.
bool holdsMove(const json::object& state, std::string_view vertex) {
  return json::serialize(state.at("nodes")).find("\"" + std::string(vertex) + "\"") !=
         std::string::npos;
}

class SiteReviewStale : public SiteFixture {};

TEST_F(SiteReviewStale, AnEditOnAStaleCopyGoesOverTheNewerTreeAndNeverReplacesIt) {
  auto teacher = connect(registered("teacher"));
  const json::object created =
      teacher->request({{"type", "review_create"}, {"source", "empty"}, {"size", 9}});
  ASSERT_EQ(text(created, "type"), "review_created") << json::serialize(created);
  const int64_t review = integer(created, "reviewId");
  const json::object state = teacher->request({{"type", "review_follow"}, {"reviewId", review}});
  ASSERT_EQ(text(state, "type"), "review_state") << json::serialize(state);

  // "Another node" saves C7 over the version this node read.
  auto row = store_->loadReview(review).value();
  ASSERT_TRUE(row);
  const int64_t read = row->updatedMs;
  const size_t end = row->sgf.rfind(')');
  ASSERT_NE(end, std::string::npos) << row->sgf;
  row->sgf.insert(end, ";B[cc]");
  ASSERT_TRUE(store_->saveReviewOver(*row, read).value());

  // This node still shows the empty board; its teacher plays E5 at the root.
  const json::object played = teacher->request(
      {{"type", "review_edit"}, {"reviewId", review}, {"op", "play"}, {"vertex", "E5"}});
  ASSERT_EQ(text(played, "type"), "ok") << json::serialize(played);
  const auto both = teacher->waitFor([&](const json::object& m) {
    return text(m, "type") == "review_state" && holdsMove(m, "C7") && holdsMove(m, "E5");
  });
  ASSERT_TRUE(both) << "the follower never saw the newer tree with this node's edit on it";
  EXPECT_EQ(integer(*both, "node"), 2);  // E5, the edit, added after C7 (node 1)

  // And the store holds both, at a newer version: the stale copy did not replace C7.
  std::string stored;
  for (int attempt = 0; attempt < 100; ++attempt) {
    auto now = store_->loadReview(review).value();
    stored = now->sgf;
    if (stored.find("[ee]") != std::string::npos) {
      EXPECT_GT(now->updatedMs, read + 1);
      break;
    }
    std::this_thread::sleep_for(50ms);
  }
  EXPECT_NE(stored.find("B[cc]"), std::string::npos) << stored;
  EXPECT_NE(stored.find("B[ee]"), std::string::npos) << stored;
}

}  // namespace
}  // namespace tengen::site::test
