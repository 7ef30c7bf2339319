// A review board followed on two nodes (docs/protocol.md, "Reviews on several nodes"): an edit
// on one node reaches the followers on the other, chat goes both ways, and two edits made at
// once on both nodes both stay: the store is the arbiter, and a node whose copy is stale
// applies its edit again over the newer tree instead of overwriting it.
#include <boost/json/serialize.hpp>

#include <functional>
#include <optional>
#include <thread>

#include "cluster_fixture.h"
#include "support/test_client.h"

namespace tengen::cluster::test {
namespace {

namespace json = boost::json;

// A registered account's session cookie, from POST /api/register.
std::string registeredCookie(std::uint16_t port, const std::string& name) {
  const auto reply = server::test::httpRequest(
      port, "POST", "/api/register", {{"Content-Type", "application/json"}},
      json::serialize(json::object{{"name", name}, {"password", "review-pass-123"}}));
  EXPECT_EQ(reply.status, 201) << reply.body << reply.error;
  const std::string setCookie = reply.header("set-cookie");
  return setCookie.substr(0, setCookie.find(';'));
}

// The first push (kept or still to come) that `wanted` accepts, within `patience`.
std::optional<json::object> pushWhere(Client& client,
                                      const std::function<bool(const json::object&)>& wanted,
                                      std::chrono::milliseconds patience = 10s) {
  const auto until = std::chrono::steady_clock::now() + patience;
  for (size_t seen = 0;;) {
    for (; seen < client.pushes.size(); ++seen) {
      if (wanted(client.pushes[seen])) return client.pushes[seen];
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        until - std::chrono::steady_clock::now());
    if (left <= 0ms) return std::nullopt;
    auto text = client.socket->receive(left);
    if (!text) return std::nullopt;
    client.pushes.push_back(json::parse(*text).as_object());
  }
}

// Whether a review_state shows a move at `vertex` anywhere in its tree.
bool treeHasMove(const json::object& state, std::string_view vertex) {
  if (state.at("type") != "review_state") return false;
  const std::string nodes = json::serialize(state.at("nodes"));
  return nodes.find("\"" + std::string(vertex) + "\"") != std::string::npos;
}

std::string reviewSgf(std::uint16_t port, int64_t reviewId) {
  return server::test::httpRequest(port, "GET", "/api/reviews/" + std::to_string(reviewId) + ".sgf")
      .body;
}

class ClusterReview : public ClusterTest {};

TEST_F(ClusterReview, FollowersOnTwoNodesShareEditsAndChatAndNeitherNodeOverwritesTheOther) {
  auto& one = startNode("n1");
  auto& two = startNode("n2");
  ASSERT_NE(one.port(), 0);
  ASSERT_NE(two.port(), 0);
  // The teacher has a page open on each node; a student follows on node 2.
  Client teacherOne;
  teacherOne.cookie = registeredCookie(one.port(), "teacher");
  teacherOne.socket = server::test::connectWithCookie(one.port(), teacherOne.cookie);
  Client teacherTwo;
  teacherTwo.cookie = teacherOne.cookie;
  teacherTwo.socket = server::test::connectWithCookie(two.port(), teacherTwo.cookie);
  Client student;
  student.cookie = registeredCookie(two.port(), "student");
  student.socket = server::test::connectWithCookie(two.port(), student.cookie);

  const json::object created =
      send(teacherOne, {{"type", "review_create"}, {"source", "empty"}, {"size", 9}});
  ASSERT_EQ(created.at("type"), "review_created") << json::serialize(created);
  const int64_t review = created.at("reviewId").as_int64();
  for (Client* client : {&teacherOne, &teacherTwo, &student}) {
    const json::object state = send(*client, {{"type", "review_follow"}, {"reviewId", review}});
    ASSERT_EQ(state.at("type"), "review_state") << json::serialize(state);
  }

  // An edit on node 1 reaches the student on node 2.
  const json::object played =
      send(teacherOne,
           {{"type", "review_edit"}, {"reviewId", review}, {"op", "play"}, {"vertex", "E5"}});
  ASSERT_EQ(verdict(played), "ok") << json::serialize(played);
  EXPECT_TRUE(pushWhere(student, [](const json::object& m) { return treeHasMove(m, "E5"); }))
      << "node 2's follower never saw node 1's move";

  // Chat from node 2 reaches node 1, once.
  ASSERT_EQ(
      verdict(send(student, {{"type", "review_chat"}, {"reviewId", review}, {"text", "why E5?"}})),
      "ok");
  const auto line = pushWhere(teacherOne, [](const json::object& m) {
    return m.at("type") == "review_chat" && m.at("text") == "why E5?";
  });
  ASSERT_TRUE(line) << "node 1 never heard node 2's chat";
  EXPECT_EQ(line->at("from").at("name"), "student");

  // Two edits at once, one on each node: whichever copy is stale when it saves applies its
  // edit again over the other's tree. Both moves end up in the tree, on both nodes and in
  // the store.
  ASSERT_EQ(verdict(send(
                teacherOne,
                {{"type", "review_edit"}, {"reviewId", review}, {"op", "play"}, {"vertex", "C3"}})),
            "ok");
  ASSERT_EQ(verdict(send(
                teacherTwo,
                {{"type", "review_edit"}, {"reviewId", review}, {"op", "play"}, {"vertex", "G7"}})),
            "ok");
  for (Client* client : {&teacherOne, &student}) {
    EXPECT_TRUE(pushWhere(*client, [](const json::object& m) {
      return treeHasMove(m, "C3") && treeHasMove(m, "G7");
    })) << "a follower never saw both moves";
  }
  // Node 1's and node 2's trees agree (each serves its own open copy).
  std::string first, second;
  for (int attempt = 0; attempt < 100; ++attempt) {
    first = reviewSgf(one.port(), review);
    second = reviewSgf(two.port(), review);
    if (first == second && first.find("[cg]") != std::string::npos &&
        first.find("[gc]") != std::string::npos) {
      break;
    }
    std::this_thread::sleep_for(100ms);
  }
  EXPECT_EQ(first, second);
  EXPECT_NE(first.find("[ee]"), std::string::npos) << first;
  EXPECT_NE(first.find("[cg]"), std::string::npos) << first;  // C3
  EXPECT_NE(first.find("[gc]"), std::string::npos) << first;  // G7
}

}  // namespace
}  // namespace tengen::cluster::test
