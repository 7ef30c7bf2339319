// Review boards on the real site (docs/protocol.md "Reviews"): a teacher opens a review of a
// finished game, students follow it and see each edit pushed; only controllers edit; the owner
// hands control over and takes it back; the chat honours mutes; the tree survives a restart;
// the SGF download and the library work with their refusals.
#include <gtest/gtest.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "sgf/parser.h"
#include "site/moderation_state.h"
#include "site/review/review_tree.h"
#include "site/site_context.h"
#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;
using server::test::Headers;

class SiteReview : public SiteFixture {
 protected:
  int64_t finishedGame(SiteClient& black, SiteClient& white) {
    const int64_t game = startGame(black, white, liveTable());
    play(black, white, game, "B E5 W C3 B G7");
    EXPECT_EQ(verdict(command(white, game, "resign")), "ok");
    return game;
  }
  json::object edit(SiteClient& client, int64_t review, json::object fields) {
    fields["type"] = "review_edit";
    fields["reviewId"] = review;
    return client.request(std::move(fields));
  }
  json::object follow(SiteClient& client, int64_t review) {
    return client.request({{"type", "review_follow"}, {"reviewId", review}});
  }
  // The next review_state push for `review` whose node is `node`.
  std::optional<json::object> stateAt(SiteClient& client, int64_t review, int64_t node) {
    return client.waitFor([&](const json::object& m) {
      return text(m, "type") == "review_state" && integer(m, "reviewId") == review &&
             integer(m, "node") == node;
    });
  }
  int64_t create(SiteClient& client, json::object fields) {
    fields["type"] = "review_create";
    const json::object reply = client.request(std::move(fields));
    EXPECT_EQ(text(reply, "type"), "review_created") << json::serialize(reply);
    return text(reply, "type") == "review_created" ? integer(reply, "reviewId") : 0;
  }
};

TEST_F(SiteReview, FollowersSeeEachEditAndOnlyControllersMakeThem) {
  const TestUser teacherUser = registered("teacher");
  auto teacher = connect(teacherUser);
  auto other = connect(registered("other"));
  const int64_t game = finishedGame(*teacher, *other);
  const TestUser s1 = registered("student1");
  auto student1 = connect(s1);
  auto student2 = connect(registered("student2"));
  const int64_t review = create(*teacher, {{"source", "game"}, {"gameId", game}});
  ASSERT_GT(review, 0);

  const json::object first = follow(*teacher, review);
  ASSERT_EQ(text(first, "type"), "review_state") << json::serialize(first);
  EXPECT_EQ(first.at("nodes").as_array().size(), 4u);  // the root and the game's three moves
  EXPECT_EQ(integer(first, "gameId"), game);
  ASSERT_EQ(text(follow(*student1, review), "type"), "review_state");
  ASSERT_EQ(text(follow(*student2, review), "type"), "review_state");

  // The teacher goes to move 1 and plays a variation there, marks and comments it.
  ASSERT_EQ(verdict(edit(*teacher, review, {{"op", "goto"}, {"node", 1}})), "ok");
  ASSERT_EQ(verdict(edit(*teacher, review, {{"op", "play"}, {"vertex", "G3"}})), "ok");
  ASSERT_EQ(verdict(edit(*teacher, review, {{"op", "mark"}, {"vertex", "E5"}, {"mark", "TR"}})),
            "ok");
  ASSERT_EQ(verdict(edit(*teacher, review, {{"op", "comment"}, {"text", "better: G3"}})), "ok");
  for (SiteClient* student : {student1.get(), student2.get()}) {
    auto state = student->waitFor([&](const json::object& m) {
      return text(m, "type") == "review_state" && text(m, "comment") == "better: G3";
    });
    ASSERT_TRUE(state) << "a student did not see the comment";
    EXPECT_GT(integer(*state, "version"), integer(first, "version"))
        << "each change counts: a follower drops a push older than one it has";
    EXPECT_EQ(integer(*state, "node"), 4);
    EXPECT_EQ(json::serialize(state->at("marks")), R"([{"vertex":"E5","mark":"TR"}])");
    EXPECT_EQ(json::serialize(state->at("nodes").as_array()[4]), R"([1,"W","G3",1])");
  }

  // A student cannot edit until given control.
  const json::object refused = edit(*student2, review, {{"op", "goto"}, {"node", 0}});
  EXPECT_EQ(text(refused, "code"), "not_controller") << json::serialize(refused);
  EXPECT_EQ(text(student1->request({{"type", "review_control"},
                                    {"reviewId", review},
                                    {"userId", s1.id},
                                    {"grant", true}}),
                 "code"),
            "not_owner");
  ASSERT_EQ(
      verdict(teacher->request(
          {{"type", "review_control"}, {"reviewId", review}, {"userId", s1.id}, {"grant", true}})),
      "ok");
  ASSERT_EQ(verdict(edit(*student1, review, {{"op", "play"}, {"vertex", "D4"}})), "ok");
  ASSERT_TRUE(stateAt(*student2, review, 5)) << "student 2 did not see student 1's move";
  ASSERT_EQ(
      verdict(teacher->request(
          {{"type", "review_control"}, {"reviewId", review}, {"userId", s1.id}, {"grant", false}})),
      "ok");
  EXPECT_EQ(text(edit(*student1, review, {{"op", "goto"}, {"node", 0}}), "code"), "not_controller");
  // An illegal move is refused with its reason and changes nothing.
  const json::object illegal = edit(*teacher, review, {{"op", "play"}, {"vertex", "D4"}});
  EXPECT_EQ(text(illegal, "code"), "illegal_move") << json::serialize(illegal);
}

TEST_F(SiteReview, TheTreeAndNodeSurviveARestartAndTheSgfDownloadHoldsThem) {
  auto teacher = connect(registered("teacher"));
  const int64_t review = create(*teacher, {{"source", "empty"}, {"size", 9}});
  ASSERT_EQ(text(follow(*teacher, review), "type"), "review_state");
  ASSERT_EQ(verdict(edit(*teacher, review, {{"op", "play"}, {"vertex", "E5"}})), "ok");
  ASSERT_EQ(verdict(edit(*teacher, review, {{"op", "goto"}, {"node", 0}})), "ok");
  ASSERT_EQ(verdict(edit(*teacher, review, {{"op", "play"}, {"vertex", "C3"}})), "ok");
  ASSERT_EQ(verdict(edit(*teacher, review,
                         {{"op", "mark"}, {"vertex", "C3"}, {"mark", "LB"}, {"label", "1"}})),
            "ok");
  // The download reads the live tree (a write may still be in flight).
  const auto download = get("/api/reviews/" + std::to_string(review) + ".sgf");
  ASSERT_EQ(download.status, 200) << download.body;
  auto tree = ReviewTree::fromSgf(download.body);
  ASSERT_TRUE(tree) << download.body;
  EXPECT_EQ(tree->nodeCount(), 3);
  EXPECT_EQ(tree->tree().root().children.size(), 2u);
  ASSERT_EQ(tree->marksAt(2).size(), 1u);
  EXPECT_EQ(tree->marksAt(2)[0].label, "1");

  teacher.reset();  // the last follower leaves: the board's write completes, then it closes
  restart();
  auto again = connect(registered("teacher2"));
  const json::object state = follow(*again, review);
  ASSERT_EQ(text(state, "type"), "review_state") << json::serialize(state);
  EXPECT_EQ(integer(state, "node"), 2) << "the node everyone was on";
  EXPECT_EQ(state.at("nodes").as_array().size(), 3u);
  EXPECT_EQ(get("/api/reviews/999.sgf").status, 404);
  const auto list = get("/api/reviews?owner=teacher");
  ASSERT_EQ(list.status, 200);
  EXPECT_EQ(json::parse(list.body).at("reviews").as_array().size(), 1u) << list.body;
}

TEST_F(SiteReview, ReviewsOpenOnlyFromFinishedGamesAndTheirChatHonoursMutes) {
  auto alice = connect(registered("alice"));
  const TestUser bobUser = registered("bob");
  auto bob = connect(bobUser);
  const int64_t running = startGame(*alice, *bob, liveTable());
  const json::object early =
      alice->request({{"type", "review_create"}, {"source", "game"}, {"gameId", running}});
  EXPECT_EQ(text(early, "code"), "not_finished") << json::serialize(early);
  EXPECT_EQ(
      text(alice->request({{"type", "review_create"}, {"source", "empty"}, {"size", 26}}), "code"),
      "bad_request");
  auto guest = connect(this->guest());
  EXPECT_EQ(text(guest->request({{"type", "review_create"}, {"source", "empty"}}), "code"),
            "registered_only");

  const int64_t review = create(*alice, {{"source", "empty"}, {"size", 13}});
  ASSERT_EQ(text(follow(*alice, review), "type"), "review_state");
  ASSERT_EQ(text(follow(*bob, review), "type"), "review_state");
  const json::object said =
      bob->request({{"type", "review_chat"}, {"reviewId", review}, {"text", "hello"}});
  ASSERT_EQ(verdict(said), "ok") << json::serialize(said);
  auto line = alice->next("review_chat");
  ASSERT_TRUE(line);
  EXPECT_EQ(text(*line, "text"), "hello");
  EXPECT_EQ(
      text(bob->request({{"type", "review_chat"}, {"reviewId", review}, {"text", "  "}}), "code"),
      "bad_request");
  // A muted player cannot chat in reviews either (site/moderation), saying why.
  site_->context().moderation->setMute(bobUser.id, Mute{0, "insults"});
  const json::object muted =
      bob->request({{"type", "review_chat"}, {"reviewId", review}, {"text", "again"}});
  EXPECT_EQ(text(muted, "code"), "muted") << json::serialize(muted);
  EXPECT_NE(text(muted, "message").find("insults"), std::string::npos);
}

TEST_F(SiteReview, TheLibraryTakesAnSgfRefusesABrokenOneAndOpensAReviewFromIt) {
  const TestUser alice = registered("alice");
  auto client = connect(alice);
  const Headers headers = {{"Cookie", alice.cookie}, {"Content-Type", "application/json"}};
  const auto upload = [&](std::string name, std::string_view sgf) {
    static const char* kAlphabet =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string b64;
    std::size_t i = 0;
    for (; i + 2 < sgf.size(); i += 3) {
      const unsigned v =
          (unsigned char)sgf[i] << 16 | (unsigned char)sgf[i + 1] << 8 | (unsigned char)sgf[i + 2];
      for (int s = 18; s >= 0; s -= 6) b64 += kAlphabet[(v >> s) & 63];
    }
    if (i < sgf.size()) {
      unsigned v = (unsigned char)sgf[i] << 16;
      if (i + 1 < sgf.size()) v |= (unsigned char)sgf[i + 1] << 8;
      b64 += kAlphabet[(v >> 18) & 63];
      b64 += kAlphabet[(v >> 12) & 63];
      b64 += i + 1 < sgf.size() ? kAlphabet[(v >> 6) & 63] : '=';
      b64 += '=';
    }
    return server::test::httpRequest(port_, "POST", "/api/library", headers,
                                     json::serialize(json::object{{"name", name}, {"data", b64}}));
  };
  const auto ok = upload("two.sgf", "(;SZ[9]PB[Kita]PW[Minami];B[ee])(;SZ[13];B[gg])");
  ASSERT_EQ(ok.status, 201) << ok.body;
  const json::object body = json::parse(ok.body).as_object();
  EXPECT_EQ(integer(body, "games"), 2);
  const int64_t uploadId = integer(body.at("upload").as_object(), "id");

  const auto broken = upload("broken.sgf", "(;SZ[9];B[ee]");
  ASSERT_EQ(broken.status, 400) << broken.body;
  EXPECT_NE(broken.body.find("line 1"), std::string::npos) << broken.body;
  EXPECT_EQ(server::test::httpRequest(port_, "GET", "/api/library").status, 401);
  const auto listed = server::test::httpRequest(port_, "GET", "/api/library", headers);
  ASSERT_EQ(listed.status, 200);
  const json::object library = json::parse(listed.body).as_object();
  ASSERT_EQ(library.at("uploads").as_array().size(), 1u) << listed.body;
  EXPECT_EQ(text(library.at("uploads").as_array()[0].as_object(), "black"), "Kita");

  const int64_t review =
      create(*client, {{"source", "upload"}, {"uploadId", uploadId}, {"game", 2}});
  const json::object state = follow(*client, review);
  EXPECT_EQ(integer(state.at("board").as_object(), "size"), 13) << "the second game";
  auto bob = connect(registered("bob"));
  EXPECT_EQ(
      text(bob->request({{"type", "review_create"}, {"source", "upload"}, {"uploadId", uploadId}}),
           "code"),
      "not_found")
      << "another player's upload";

  const auto gone = server::test::httpRequest(port_, "DELETE",
                                              "/api/library/" + std::to_string(uploadId), headers);
  EXPECT_EQ(gone.status, 200) << gone.body;
  EXPECT_EQ(server::test::httpRequest(port_, "DELETE", "/api/library/" + std::to_string(uploadId),
                                      headers)
                .status,
            404);
}

}  // namespace
}  // namespace tengen::site::test
