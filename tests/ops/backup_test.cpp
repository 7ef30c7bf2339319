// `tengen backup FILE` on the live SQLite file of a running server, while a game is being
// played (docs/operating.md, "Backups"): a fresh server started on the copy has every game
// that was finished and every game in play, with their records, and the games in play go on.

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "command.h"
#include "support/files.h"
#include "support/serve_process.h"
#include "support/site_requests.h"
#include "support/test_client.h"

namespace tengen::ops::test {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using server::test::guestCookie;
using server::test::httpRequest;
using server::test::verdict;
using server::test::request;
using server::test::ServeProcess;
using server::test::WsClient;
using namespace std::chrono_literals;

const auto connect = server::test::connectWithCookie;

class TempFolder {
 public:
  explicit TempFolder(const std::string& name)
      : path_(fs::temp_directory_path() /
              ("tengen-ops-" + name + "-" + std::to_string(::getpid()))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempFolder() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// id -> summary of the games GET /api/games lists with `status`.
std::map<int64_t, json::object> gamesWithStatus(std::uint16_t port, const std::string& status) {
  const auto reply = httpRequest(port, "GET", "/api/games?status=" + status + "&limit=100");
  EXPECT_EQ(reply.status, 200) << reply.body << reply.error;
  std::map<int64_t, json::object> games;
  if (reply.status != 200) return games;
  const json::value parsed = json::parse(reply.body);
  for (const json::value& game : parsed.at("games").as_array()) {
    games[game.at("id").as_int64()] = game.as_object();
  }
  return games;
}

std::string sgf(std::uint16_t port, int64_t game) {
  const auto reply = httpRequest(port, "GET", "/api/games/" + std::to_string(game) + "/sgf");
  EXPECT_EQ(reply.status, 200) << reply.body << reply.error;
  return reply.body;
}

// Two guests and their sockets on one server.
struct Players {
  std::string blackCookie;
  std::string whiteCookie;
  std::unique_ptr<WsClient> black;
  std::unique_ptr<WsClient> white;
  int64_t nextId = 0;

  // A game between them, black to move: `size`x`size`, no clock.
  int64_t newGame(int size) {
    json::object created =
        request(*black, {{"type", "create_table"}, {"size", size}, {"colour", "black"}}, ++nextId);
    EXPECT_EQ(created.at("type"), "table_created") << json::serialize(created);
    if (created.at("type") != "table_created") return 0;
    const int64_t game = created.at("game").at("id").as_int64();
    json::object joined = request(*white, {{"type", "join_table"}, {"gameId", game}}, ++nextId);
    EXPECT_EQ(joined.at("type"), "joined") << json::serialize(joined);
    return game;
  }
  json::object move(WsClient& socket, int64_t game, const std::string& point) {
    return request(socket, {{"type", "move"}, {"gameId", game}, {"point", point}}, ++nextId);
  }
  json::object resign(WsClient& socket, int64_t game) {
    return request(socket, {{"type", "resign"}, {"gameId", game}}, ++nextId);
  }
};

// Moves that never capture and never fill an eye on 19x19: Black along rows 1 to 4, White
// along rows 19 down to 16, each row left to right (no I).
std::string fillerMove(int index) {
  static const std::string kColumns = "ABCDEFGHJKLMNOPQRST";
  const int perColour = index / 2;
  const int row = perColour / 19;
  const char column = kColumns[static_cast<std::size_t>(perColour % 19)];
  const int number = index % 2 == 0 ? 1 + row : 19 - row;
  return std::string(1, column) + std::to_string(number);
}

TEST(Backup, ACopyTakenWhileAGameIsPlayedRestoresEveryGame) {
  TempFolder live("backup-live");
  TempFolder restored("backup-restored");
  const fs::path copy = restored.path() / "copy.db";
  auto server = std::make_unique<ServeProcess>(live.path());
  ASSERT_NE(server->port(), 0);
  const std::uint16_t port = server->port();

  Players players;
  players.blackCookie = guestCookie(port);
  players.whiteCookie = guestCookie(port);
  players.black = connect(port, players.blackCookie);
  players.white = connect(port, players.whiteCookie);
  ASSERT_TRUE(players.black && players.white);
  // Finished: two by resignation, after a few moves.
  for (int i = 0; i < 2; ++i) {
    const int64_t game = players.newGame(9);
    ASSERT_NE(game, 0);
    ASSERT_EQ(verdict(players.move(*players.black, game, "E5")), "ok");
    ASSERT_EQ(verdict(players.move(*players.white, game, i == 0 ? "C3" : "G7")), "ok");
    ASSERT_EQ(verdict(players.resign(*(i == 0 ? players.white : players.black), game)), "ok");
  }
  // In play and left alone during the backup.
  const int64_t quiet = players.newGame(9);
  ASSERT_EQ(verdict(players.move(*players.black, quiet, "D4")), "ok");
  ASSERT_EQ(verdict(players.move(*players.white, quiet, "F6")), "ok");
  ASSERT_EQ(verdict(players.move(*players.black, quiet, "E5")), "ok");
  // In play and moving throughout the backup, on its own sockets (one request in flight).
  const int64_t busy = players.newGame(19);
  ASSERT_NE(busy, 0);
  auto busyBlack = connect(port, players.blackCookie);
  auto busyWhite = connect(port, players.whiteCookie);
  ASSERT_TRUE(busyBlack && busyWhite);
  std::atomic<int> acked{0};
  std::atomic<bool> stop{false};
  std::string writerError;
  std::thread writer([&] {
    int64_t id = 1000;
    for (int i = 0; i < 150 && !stop; ++i) {
      WsClient& socket = i % 2 == 0 ? *busyBlack : *busyWhite;
      json::object reply =
          request(socket, {{"type", "move"}, {"gameId", busy}, {"point", fillerMove(i)}}, ++id);
      if (verdict(reply) != "ok") {
        writerError = fillerMove(i) + ": " + json::serialize(reply);
        return;
      }
      ++acked;
      // Under the socket's 50 messages a second (docs/protocol.md, "Rate limit").
      std::this_thread::sleep_for(25ms);
    }
  });
  while (acked < 10 && writerError.empty()) std::this_thread::sleep_for(10ms);
  const auto finishedBefore = gamesWithStatus(port, "finished");
  const auto playingBefore = gamesWithStatus(port, "playing");
  const int movesBefore = acked;
  const CommandResult backup = runCommand(
      {TENGEN_BINARY, "backup", "--db", (live.path() / "site.db").string(), copy.string()});
  const int movesAfter = acked;
  std::this_thread::sleep_for(200ms);  // the game goes on after the copy
  stop = true;
  writer.join();
  ASSERT_TRUE(writerError.empty()) << writerError;
  ASSERT_EQ(backup.exitCode, 0) << backup.output;
  EXPECT_NE(backup.output.find("tengen backup: copied "), std::string::npos) << backup.output;
  EXPECT_GT(acked.load(), movesAfter) << "the game was not played on after the backup";
  std::map<int64_t, std::string> records;
  for (const auto& [game, summary] : finishedBefore) records[game] = sgf(port, game);
  records[quiet] = sgf(port, quiet);
  ASSERT_EQ(finishedBefore.size(), 2u);
  ASSERT_EQ(playingBefore.size(), 2u);
  // One file in rollback-journal mode (header bytes 18 and 19 are 1; 2 is WAL), nothing beside.
  const std::string header = tengen::test::readFile(copy).substr(0, 20);
  ASSERT_EQ(header.size(), 20u);
  EXPECT_EQ(header[18], 1);
  EXPECT_EQ(header[19], 1);
  EXPECT_FALSE(fs::exists(copy.string() + "-wal"));
  // The live server's last word is not needed: the copy stands alone.
  server.reset();

  ServeProcess fresh(restored.path(), {"--db", copy.string()});
  ASSERT_NE(fresh.port(), 0) << "the server did not start on the copy";
  const auto finishedAfter = gamesWithStatus(fresh.port(), "finished");
  const auto playingAfter = gamesWithStatus(fresh.port(), "playing");
  ASSERT_EQ(finishedAfter.size(), finishedBefore.size());
  for (const auto& [game, summary] : finishedBefore) {
    ASSERT_TRUE(finishedAfter.contains(game)) << "finished game " << game << " is missing";
    EXPECT_EQ(finishedAfter.at(game).at("result"), summary.at("result")) << game;
    EXPECT_EQ(sgf(fresh.port(), game), records[game]) << game;
  }
  ASSERT_EQ(playingAfter.size(), playingBefore.size());
  for (const auto& [game, summary] : playingBefore) {
    ASSERT_TRUE(playingAfter.contains(game)) << "game in play " << game << " is missing";
  }
  EXPECT_EQ(sgf(fresh.port(), quiet), records[quiet]);
  // The copy is one snapshot taken between the backup's start and its end: every move
  // answered before it started, and at most the one in flight when it ended.
  const int64_t busyMoves = playingAfter.at(busy).at("moveNumber").as_int64();
  EXPECT_GE(busyMoves, movesBefore);
  EXPECT_LE(busyMoves, movesAfter + 1);
  // Both games in play go on where the copy left them, with the players' old sessions.
  auto black = connect(fresh.port(), players.blackCookie);
  auto white = connect(fresh.port(), players.whiteCookie);
  ASSERT_TRUE(black && white);
  json::object next = players.move(*white, quiet, "C3");
  EXPECT_EQ(verdict(next), "ok") << json::serialize(next);
  WsClient& toMove = busyMoves % 2 == 0 ? *black : *white;
  next = players.move(toMove, busy, fillerMove(static_cast<int>(busyMoves)));
  EXPECT_EQ(verdict(next), "ok") << json::serialize(next);
}

TEST(Backup, NeverOverwritesAFile) {
  TempFolder folder("backup-exists");
  const fs::path db = folder.path() / "site.db";
  {
    ServeProcess server(folder.path());
    ASSERT_NE(server.port(), 0);
  }
  const fs::path copy = folder.path() / "copy.db";
  { std::ofstream(copy) << "yesterday's backup\n"; }
  const CommandResult backup =
      runCommand({TENGEN_BINARY, "backup", "--db", db.string(), copy.string()});
  EXPECT_EQ(backup.exitCode, 1);
  EXPECT_EQ(backup.output, "tengen backup: " + copy.string() +
                               ": already exists; a backup never overwrites a file (remove it or "
                               "name another)\n");
  std::ifstream kept(copy);
  std::string line;
  std::getline(kept, line);
  EXPECT_EQ(line, "yesterday's backup");
  for (const fs::directory_entry& entry : fs::directory_iterator(folder.path())) {
    EXPECT_EQ(entry.path().filename().string().find(".partial"), std::string::npos)
        << "left behind: " << entry.path();
  }
}

TEST(Backup, RefusesAFileThatIsNotADatabase) {
  TempFolder folder("backup-notdb");
  const fs::path notes = folder.path() / "notes.txt";
  {
    std::ofstream out(notes);
    for (int i = 0; i < 200; ++i) out << "this is a text file, not a database\n";
  }
  const fs::path copy = folder.path() / "copy.db";
  CommandResult backup =
      runCommand({TENGEN_BINARY, "backup", "--db", notes.string(), copy.string()});
  EXPECT_EQ(backup.exitCode, 1);
  EXPECT_EQ(backup.output, "tengen backup: " + notes.string() +
                               ": not an SQLite database (is this the right file?)\n");
  EXPECT_FALSE(fs::exists(copy));
  backup = runCommand(
      {TENGEN_BINARY, "backup", "--db", (folder.path() / "missing.db").string(), copy.string()});
  EXPECT_EQ(backup.exitCode, 1);
  EXPECT_EQ(backup.output, "tengen backup: " + (folder.path() / "missing.db").string() +
                               ": no such database file\n");
  EXPECT_FALSE(fs::exists(folder.path() / "missing.db")) << "a backup must not create its source";
  EXPECT_EQ(std::distance(fs::directory_iterator(folder.path()), fs::directory_iterator()), 1);
}

}  // namespace
}  // namespace tengen::ops::test
