// The Learn track's routes on the real `tengen serve` process (docs/lessons.md, "API"): the
// track and lessons as the binary embeds them, judging through HTTP, input the page never
// sends refused with a precise message, and progress kept per registered account only.

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <filesystem>
#include <string>

#include "support/serve_process.h"
#include "support/test_client.h"

namespace tengen::site::test {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using server::test::HttpReply;
using server::test::httpRequest;
using server::test::ServeProcess;

class SiteLessons : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("tengen-lessons-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    serve_ = std::make_unique<ServeProcess>(dir_);
    ASSERT_NE(serve_->port(), 0);
  }
  void TearDown() override {
    serve_.reset();
    fs::remove_all(dir_);
  }

  HttpReply get(const std::string& target, const std::string& cookie = "") {
    server::test::Headers headers;
    if (!cookie.empty()) headers.emplace_back("Cookie", cookie);
    return httpRequest(serve_->port(), "GET", target, headers);
  }
  HttpReply post(const std::string& target, const std::string& body,
                 const std::string& cookie = "") {
    server::test::Headers headers{{"Content-Type", "application/json"}};
    if (!cookie.empty()) headers.emplace_back("Cookie", cookie);
    return httpRequest(serve_->port(), "POST", target, headers, body);
  }
  std::string cookieOf(const HttpReply& reply) {
    const std::string setCookie = reply.header("set-cookie");
    return setCookie.substr(0, setCookie.find(';'));
  }
  // The first lesson of the track and its first board as the server describes them.
  json::object firstLesson() {
    const HttpReply track = get("/api/lessons");
    EXPECT_EQ(track.status, 200) << track.body;
    const json::array lessons = json::parse(track.body).at("lessons").as_array();
    EXPECT_FALSE(lessons.empty());
    const std::string id(lessons.at(0).at("id").as_string());
    const HttpReply lesson = get("/api/lessons/" + id);
    EXPECT_EQ(lesson.status, 200) << lesson.body;
    return json::parse(lesson.body).as_object();
  }

  fs::path dir_;
  std::unique_ptr<ServeProcess> serve_;
};

TEST_F(SiteLessons, ServesTheTrackAndLessonsWithoutTheirSolutions) {
  const json::object lesson = firstLesson();
  const json::object& board = lesson.at("boards").at(0).as_object();
  EXPECT_TRUE(board.contains("goal"));
  EXPECT_TRUE(board.at("position").as_object().contains("legal"));
  const std::string text = json::serialize(lesson);
  EXPECT_EQ(text.find("solution"), std::string::npos) << text;
  EXPECT_EQ(text.find("replies"), std::string::npos) << text;
  EXPECT_EQ(get("/api/lessons/no-such-lesson").status, 404);
}

TEST_F(SiteLessons, JudgesEveryKindOfRequestAndRefusesMalformedOnes) {
  const json::object lesson = firstLesson();
  const std::string id(lesson.at("id").as_string());
  const std::string board = "/api/lessons/" + id + "/boards/1";
  const bool question = lesson.at("boards").at(0).at("goal").at("kind") == "legal" ||
                        lesson.at("boards").at(0).at("goal").at("kind") == "liberties" ||
                        lesson.at("boards").at(0).at("goal").at("kind") == "score";
  const HttpReply judged = post(board, question ? R"({"answer": "0"})" : R"({"moves": ["pass"]})");
  ASSERT_EQ(judged.status, 200) << judged.body;
  const json::object verdict = json::parse(judged.body).as_object();
  EXPECT_TRUE(verdict.at("status") == "continue" || verdict.at("status") == "wrong" ||
              verdict.at("status") == "solved");

  const std::pair<std::string, std::string> refused[] = {
      {"[1]", "the body must be a JSON object"},
      {"{", "the body is not JSON: incomplete JSON"},
      {"{}", "send either moves or an answer"},
      {R"({"moves": ["Z99"]})", "moves[0]: 'Z99' is not a move on a"},
      {R"({"moves": "D4"})", "moves must be a list of vertices"},
  };
  for (const auto& [body, message] : refused) {
    const HttpReply reply = post(board, body);
    EXPECT_EQ(reply.status, 400) << body;
    EXPECT_NE(reply.body.find(message), std::string::npos) << body << " -> " << reply.body;
  }
  EXPECT_EQ(post("/api/lessons/" + id + "/boards/99", "{}").status, 404);
  EXPECT_EQ(post("/api/lessons/" + id + "/boards/x", "{}").status, 404);
  EXPECT_EQ(post("/api/lessons/nope/boards/1", "{}").status, 404);
}

TEST_F(SiteLessons, AQuestionsBoardDoesNotGiveItsAnswerAway) {
  // "May Black play at A1?" (eyes) and "May Black take back at C3?" (ko): the answer is "no",
  // which neither the legal points nor a reason for A1 or C3 may tell.
  int questions = 0;
  for (const char* id : {"eyes", "ko"}) {
    const HttpReply reply = get(std::string("/api/lessons/") + id);
    ASSERT_EQ(reply.status, 200) << reply.body;
    const json::value lesson = json::parse(reply.body);
    for (const json::value& board : lesson.at("boards").as_array()) {
      if (board.at("goal").at("kind") != "legal") continue;
      ++questions;
      const json::object& position = board.at("position").as_object();
      EXPECT_TRUE(position.at("legal").is_null()) << json::serialize(position);
      EXPECT_TRUE(position.at("reasons").as_object().empty()) << json::serialize(position);
    }
  }
  EXPECT_GE(questions, 2);
  // A board where the learner plays keeps them: the page draws its crosses from them.
  const json::value koThreat = json::parse(get("/api/lessons/ko-threat").body);
  const json::object& position = koThreat.at("boards").at(0).at("position").as_object();
  EXPECT_EQ(position.at("reasons").at("C2"), "ko") << json::serialize(position);
}

TEST_F(SiteLessons, TheKoThreatIsTheMoveWhiteMustAnswer) {
  const std::string board = "/api/lessons/ko-threat/boards/1";
  const auto judged = [&](const std::string& moves) {
    const HttpReply reply = post(board, R"({"moves": )" + moves + "}");
    EXPECT_EQ(reply.status, 200) << reply.body;
    return json::parse(reply.body).as_object();
  };
  // A5 puts B5 in atari: White answers at B4, and the ko may be taken back.
  const json::object threat = judged(R"(["A5"])");
  EXPECT_EQ(threat.at("status"), "continue") << json::serialize(threat);
  EXPECT_EQ(threat.at("steps").at(1).at("move").at("vertex"), "B4") << json::serialize(threat);
  EXPECT_EQ(judged(R"(["A5", "C2"])").at("status"), "solved");
  // B4 is an atari White need not answer (B5 is lost either way): White connects the ko.
  const json::object noThreat = judged(R"(["B4"])");
  EXPECT_EQ(noThreat.at("status"), "wrong") << json::serialize(noThreat);
  EXPECT_EQ(noThreat.at("reason").at("key"), "escaped");
}

TEST_F(SiteLessons, AHugeVertexOrIdIsNotEchoed) {
  const std::string huge(60'000, 'A');
  const HttpReply move =
      post("/api/lessons/ko-threat/boards/1", R"({"moves": [")" + huge + R"("]})");
  EXPECT_EQ(move.status, 400);
  EXPECT_NE(move.body.find("moves[0]: 'AAAA"), std::string::npos) << move.body.substr(0, 200);
  EXPECT_LT(move.body.size(), 200u) << move.body.substr(0, 200);
  const HttpReply lesson = get("/api/lessons/" + std::string(6'000, 'a'));
  EXPECT_EQ(lesson.status, 404);
  EXPECT_LT(lesson.body.size(), 200u) << lesson.body.substr(0, 200);
}

TEST_F(SiteLessons, ProgressIsKeptForRegisteredAccountsOnly) {
  const std::string id(firstLesson().at("id").as_string());
  const std::string body = R"({"lesson": ")" + id + R"("})";
  EXPECT_EQ(get("/api/lessons/progress").body, R"({"done":[],"stored":"browser"})");
  EXPECT_EQ(post("/api/lessons/progress", body).status, 403);
  const std::string guest = cookieOf(post("/api/guest", ""));
  EXPECT_EQ(get("/api/lessons/progress", guest).body, R"({"done":[],"stored":"browser"})");
  EXPECT_EQ(post("/api/lessons/progress", body, guest).status, 403);

  const HttpReply registered =
      post("/api/register", R"({"name": "learner", "password": "a long password"})");
  ASSERT_EQ(registered.status, 201) << registered.body;
  const std::string learner = cookieOf(registered);
  EXPECT_EQ(get("/api/lessons/progress", learner).body, R"({"done":[],"stored":"account"})");
  EXPECT_EQ(post("/api/lessons/progress", body, learner).status, 204);
  EXPECT_EQ(post("/api/lessons/progress", body, learner).status, 204) << "recording twice is fine";
  const HttpReply unknown = post("/api/lessons/progress", R"({"lesson": "nope"})", learner);
  EXPECT_EQ(unknown.status, 400);
  EXPECT_NE(unknown.body.find("no lesson 'nope'"), std::string::npos) << unknown.body;
  EXPECT_EQ(get("/api/lessons/progress", learner).body,
            R"({"done":[")" + id + R"("],"stored":"account"})");
}

}  // namespace
}  // namespace tengen::site::test
