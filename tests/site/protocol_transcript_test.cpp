// The transcript in docs/protocol.md, "A game from start to end", is what the real server sends:
// this test plays that game against `tengen serve` and compares each code block of the section
// with the block it recorded, all but times and the program's version (timeMs, serverTimeMs,
// sinceMs, createdMs, the SGF's DT and AP). After a deliberate change of the protocol, run it with
// TENGEN_TRANSCRIPT_OUT=FILE to get the blocks to paste into the document.

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>

#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "support/files.h"
#include "support/serve_process.h"
#include "support/test_client.h"

namespace tengen::site::test {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using server::test::HttpReply;
using server::test::ServeProcess;
using server::test::WsClient;
using tengen::test::readFile;
using namespace std::chrono_literals;

constexpr const char* kSection = "## A game from start to end";

// The end of the JSON object or array that starts at `begin`, strings skipped.
size_t endOfValue(std::string_view text, size_t begin) {
  int depth = 0;
  bool inString = false;
  for (size_t i = begin; i < text.size(); ++i) {
    const char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if ((c == '}' || c == ']') && --depth == 0) {
      return i + 1;
    }
  }
  return text.size();
}

// `message` with the object of its first `key` field written as {…}. Textual, so the rest
// stays byte for byte what the server sent.
std::string shorten(std::string message, std::string_view key) {
  const std::string field = "\"" + std::string(key) + "\":{";
  const size_t at = message.find(field);
  if (at == std::string::npos) return message;
  const size_t begin = at + field.size() - 1;
  message.replace(begin, endOfValue(message, begin) - begin, "{…}");
  return message;
}

// The code blocks between the heading `title` and the next heading of its level.
std::vector<std::string> codeBlocks(const std::string& markdown, const std::string& title) {
  std::vector<std::string> blocks;
  const size_t start = markdown.find("\n" + title + "\n");
  if (start == std::string::npos) return blocks;
  const size_t end = markdown.find("\n## ", start + 1);
  std::istringstream in(markdown.substr(start, end - start));
  std::string line;
  std::optional<std::string> block;
  while (std::getline(in, line)) {
    if (line.starts_with("```")) {
      if (block) blocks.push_back(*block);
      block = block ? std::nullopt : std::optional<std::string>("");
    } else if (block) {
      *block += line + "\n";
    }
  }
  return blocks;
}

// Times and the program's version differ from run to run or release to release; everything
// else is the same every time.
std::string comparable(std::string text) {
  static const std::regex times(R"re("(timeMs|serverTimeMs|createdMs|sinceMs)":[0-9]+)re");
  static const std::regex sgfDate(R"(DT\[[^\]]*\])");
  static const std::regex sgfApplication(R"(AP\[tengen:[^\]]*\])");
  text = std::regex_replace(text, times, "\"$1\":…");
  text = std::regex_replace(text, sgfDate, "DT[…]");
  return std::regex_replace(text, sgfApplication, "AP[tengen:…]");
}

// One user of the transcript: its name, session cookie and socket.
struct Peer {
  explicit Peer(std::string peerName) : name(std::move(peerName)) {}
  std::string name;
  std::string cookie;
  std::unique_ptr<WsClient> socket;
  int nextId = 1;
};

// Drives the server and writes down what goes over the wire, one line per message:
// "alice → …" sent, "alice ← …" received. A game_event shows its state in full the first
// time its version is in `fullStates`, otherwise as {…}.
class Transcript {
 public:
  Transcript(std::uint16_t port, std::set<int> fullStates)
      : port_(port), fullStates_(std::move(fullStates)) {}

  // Starts the next code block.
  void block() { blocks_.emplace_back(); }
  // While quiet, nothing is written down (moves the document leaves out).
  void setQuiet(bool quiet) { quiet_ = quiet; }
  const std::vector<std::string>& blocks() const { return blocks_; }

  HttpReply http(const Peer& peer, std::string_view method, const std::string& target,
                 const std::string& body = {}, const std::vector<std::string>& shownHeaders = {}) {
    server::test::Headers headers;
    std::string request = std::string(method) + " " + target;
    if (method == "POST") {
      headers.emplace_back("Content-Type", "application/json");
      request += "\nContent-Type: application/json";
    }
    if (!body.empty()) request += "\n" + body;
    line(peer, "→", request);
    HttpReply reply = server::test::httpRequest(port_, method, target, headers, body);
    std::string answer = std::to_string(reply.status);
    for (const std::string& name : shownHeaders) {
      std::string value = reply.header(name);
      // The token is random: shown as "…".
      if (name == "set-cookie") value = "tengen_session=…" + value.substr(value.find(';'));
      answer += "\n" + headerName(name) + ": " + value;
    }
    std::string shownBody = reply.body;
    while (shownBody.ends_with('\n')) shownBody.pop_back();
    if (!shownBody.empty()) answer += "\n" + shownBody;
    line(peer, "←", answer);
    return reply;
  }

  // Sends `request` (its "id" must be the peer's next id) and writes down
  // it and everything the peer receives up to the reply with that id.
  void send(Peer& peer, const std::string& request) {
    const int id = peer.nextId++;
    EXPECT_EQ(json::parse(request).at("id"), id) << request;
    line(peer, "→", request);
    EXPECT_TRUE(peer.socket->send(request));
    while (auto text = peer.socket->receive(5s)) {
      received(peer, *text);
      const json::value message = json::parse(*text);
      const json::value* got = message.as_object().if_contains("id");
      if (got && got->is_int64() && got->as_int64() == id) return;
    }
    ADD_FAILURE() << peer.name << ": no reply to " << request << ": " << peer.socket->error();
  }

  // The next message the server pushes to `peer`.
  void push(Peer& peer) {
    auto text = peer.socket->receive(5s);
    EXPECT_TRUE(text) << peer.name << ": " << peer.socket->error();
    if (text) received(peer, *text);
  }

 private:
  static std::string headerName(std::string lower) {
    for (size_t i = 0; i < lower.size(); ++i) {
      if (i == 0 || lower[i - 1] == '-') lower[i] = static_cast<char>(std::toupper(lower[i]));
    }
    return lower;
  }

  void received(const Peer& peer, const std::string& text) {
    const json::object message = json::parse(text).as_object();
    bool full = false;
    if (message.at("type") == "game_event") {
      full = fullStates_.erase(static_cast<int>(message.at("version").as_int64())) > 0;
    }
    // With the state shortened, the first "score" left is the end event's.
    line(peer, "←", full ? text : shorten(shorten(text, "state"), "score"));
  }

  // "alice → text", continuation lines indented under the text.
  void line(const Peer& peer, std::string_view arrow, const std::string& text) {
    if (quiet_) return;
    std::string out = peer.name;
    out.resize(6, ' ');
    out += std::string(arrow) + " ";
    for (char c : text) out += c == '\n' ? std::string("\n        ") : std::string(1, c);
    blocks_.back() += out + "\n";
  }

  std::uint16_t port_;
  std::set<int> fullStates_;
  bool quiet_ = false;
  std::vector<std::string> blocks_;
};

std::string cookieOf(const HttpReply& reply) {
  const std::string setCookie = reply.header("set-cookie");
  return setCookie.substr(0, setCookie.find(';'));
}

std::unique_ptr<WsClient> connect(std::uint16_t port, const Peer& peer) {
  return WsClient::connect(port, std::nullopt, nullptr, nullptr, {{"Cookie", peer.cookie}});
}

std::string gameCommand(Peer& peer, std::string_view type, int expectedVersion,
                        std::string_view fields = {}) {
  return R"({"type":")" + std::string(type) + R"(","id":)" + std::to_string(peer.nextId) +
         R"(,"gameId":1,"expectedVersion":)" + std::to_string(expectedVersion) +
         std::string(fields) + "}";
}

// The first line where `documented` and `actual` differ, for the failure message.
std::string firstDifference(const std::string& documented, const std::string& actual) {
  std::istringstream doc(documented), got(actual);
  std::string docLine, gotLine;
  for (int n = 1;; ++n) {
    const bool moreDoc = static_cast<bool>(std::getline(doc, docLine));
    const bool moreGot = static_cast<bool>(std::getline(got, gotLine));
    if (!moreDoc && !moreGot) return "";
    if (!moreDoc || !moreGot || docLine != gotLine) {
      return "line " + std::to_string(n) + "\n  documented: " + (moreDoc ? docLine : "(none)") +
             "\n  server:     " + (moreGot ? gotLine : "(none)");
    }
  }
}

class ProtocolTranscript : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tengen-transcript-test-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  fs::path dir_;
};

// Alice and Bob register, Alice opens a 5x5 table, Bob finds it and joins, they play two
// walls (C and D files), pass, accept the removal proposal (no dead stones) and Bob downloads
// the SGF. Shown in full: the state after the start (1), when the removal phase opens (14) and
// at the end (17).
TEST_F(ProtocolTranscript, DocumentShowsWhatTheServerSends) {
  ServeProcess server(dir_);
  ASSERT_NE(server.port(), 0);
  Transcript t(server.port(), {1, 14, 17});
  Peer alice("alice");
  Peer bob("bob");

  t.block();
  alice.cookie =
      cookieOf(t.http(alice, "POST", "/api/register",
                      R"({"name":"alice","password":"correct horse battery"})", {"set-cookie"}));
  bob.cookie = cookieOf(t.http(bob, "POST", "/api/register",
                               R"({"name":"bob","password":"staple wind river"})", {"set-cookie"}));

  t.block();
  alice.socket = connect(server.port(), alice);
  ASSERT_TRUE(alice.socket);
  t.send(alice, R"({"type":"hello","id":1})");
  t.send(
      alice,
      R"({"type":"create_table","id":2,"size":5,"rules":"chinese","komi":7.5,"colour":"black","time":{"kind":"none"}})");
  t.send(alice, R"({"type":"watch","id":3,"gameId":1})");

  t.block();
  t.http(bob, "GET", "/api/games?status=open");
  bob.socket = connect(server.port(), bob);
  ASSERT_TRUE(bob.socket);
  t.send(bob, R"({"type":"join_table","id":1,"gameId":1})");
  t.push(alice);
  t.send(bob, R"({"type":"watch","id":2,"gameId":1})");

  t.block();
  int version = 1;
  const char* moves[] = {"C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5"};
  for (int i = 0; i < 10; ++i) {
    Peer& mover = i % 2 == 0 ? alice : bob;
    Peer& other = i % 2 == 0 ? bob : alice;
    t.setQuiet(i >= 2);
    t.send(mover,
           gameCommand(mover, "move", version++, R"(,"point":")" + std::string(moves[i]) + "\""));
    t.push(other);
  }
  t.setQuiet(false);

  t.block();
  t.send(alice, gameCommand(alice, "pass", version++));
  t.push(bob);
  t.send(bob, gameCommand(bob, "pass", version++));
  t.push(alice);
  t.push(alice);
  ++version;  // removal_start

  t.block();
  t.send(alice, gameCommand(alice, "removal_accept", version++));
  t.push(bob);
  t.send(bob, gameCommand(bob, "removal_accept", version++));
  t.push(alice);
  t.push(alice);

  t.block();
  t.http(bob, "GET", "/api/games/1/sgf", {}, {"content-type", "content-disposition"});

  std::string all;
  for (const std::string& block : t.blocks()) all += "```\n" + block + "```\n\n";
  if (const char* out = std::getenv("TENGEN_TRANSCRIPT_OUT")) std::ofstream(out) << all;

  const std::string doc = readFile(fs::path(TENGEN_SOURCE_DIR) / "docs/protocol.md");
  const std::vector<std::string> documented = codeBlocks(doc, kSection);
  const std::string where = std::string("docs/protocol.md, \"") + (kSection + 3) + "\"";
  ASSERT_EQ(documented.size(), t.blocks().size())
      << where << " should have this server's transcript:\n"
      << all;
  for (size_t i = 0; i < documented.size(); ++i) {
    const std::string expected = comparable(documented[i]);
    const std::string actual = comparable(t.blocks()[i]);
    EXPECT_TRUE(expected == actual)
        << where << ", code block " << i + 1 << " differs at " << firstDifference(expected, actual)
        << "\nThe server's transcript (TENGEN_TRANSCRIPT_OUT=FILE writes it):\n"
        << all;
  }
}

}  // namespace
}  // namespace tengen::site::test
