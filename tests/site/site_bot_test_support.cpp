#include "site_bot_test_support.h"

#include <algorithm>
#include <numeric>
#include <random>
#include <thread>

#include <boost/json/parse.hpp>

namespace tengen::site::test {

namespace json = boost::json;
using Clock = std::chrono::steady_clock;

namespace {

constexpr std::string_view kColumns = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

// "D4" for index i of the size*size board string (top row first).
std::string pointName(int size, int index) {
  const int row = size - 1 - index / size;
  const int col = index % size;
  return std::string(1, kColumns[col]) + std::to_string(row + 1);
}

bool ownEye(const std::string& board, int size, int index, char own) {
  const int row = index / size;
  const int col = index % size;
  const int steps[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
  for (const auto& step : steps) {
    const int r = row + step[0];
    const int c = col + step[1];
    if (r < 0 || r >= size || c < 0 || c >= size) continue;
    if (board[r * size + c] != own) return false;
  }
  return true;
}

}  // namespace

json::object storedGame(std::uint16_t port, int64_t gameId, const std::string& status) {
  json::object game;
  for (int attempt = 0; attempt < 50; ++attempt) {
    auto reply = server::test::httpRequest(port, "GET", "/api/games/" + std::to_string(gameId));
    EXPECT_EQ(reply.status, 200) << reply.body;
    if (reply.status != 200) break;
    game = json::parse(reply.body).at("game").as_object();
    if (text(game, "status") == status) break;
    std::this_thread::sleep_for(100ms);
  }
  return game;
}

std::optional<json::object> eventOfKind(SiteClient& client, int64_t gameId, const std::string& kind,
                                        std::chrono::milliseconds timeout) {
  return client.waitFor(
      [&](const json::object& m) {
        if (text(m, "type") != "game_event" || integer(m, "gameId") != gameId) return false;
        return text(m.at("event").as_object(), "kind") == kind;
      },
      timeout);
}

PlayedGame playAgainstBot(SiteFixture&, SiteClient& human, int64_t gameId,
                          const std::string& colour, int maxMoves, std::chrono::seconds limit,
                          bool stopAtRemoval) {
  PlayedGame played;
  json::object watched = human.request({{"type", "watch"}, {"gameId", gameId}});
  EXPECT_EQ(text(watched, "type"), "game_state") << json::serialize(watched);
  if (!watched.contains("state")) return played;
  played.state = watched.at("state").as_object();
  std::mt19937 random(static_cast<unsigned>(gameId));
  const auto deadline = Clock::now() + limit;
  const char own = colour == "black" ? 'b' : 'w';
  bool botPassed = false;
  while (Clock::now() < deadline) {
    const json::object& state = played.state;
    const std::string phase = text(state, "phase");
    if (phase == "finished") {
      played.result = text(state, "result");
      return played;
    }
    if (phase == "removal" && stopAtRemoval) return played;
    bool acted = false;
    if (phase == "play" && text(state, "toMove") == colour) {
      const std::string board = text(state, "board");
      const std::string legal = text(state, "legal");
      const int size = static_cast<int>(std::lround(std::sqrt(board.size())));
      std::vector<int> order(board.size());
      std::iota(order.begin(), order.end(), 0);
      std::shuffle(order.begin(), order.end(), random);
      std::optional<int> choice;
      if (!botPassed && played.humanMoves < maxMoves) {
        for (int i : order) {
          if (legal[i] == '1' && !ownEye(board, size, i, own)) {
            choice = i;
            break;
          }
        }
      }
      json::object command{{"gameId", gameId}};
      if (choice) {
        command["type"] = "move";
        command["point"] = pointName(size, *choice);
      } else {
        command["type"] = "pass";
      }
      json::object reply = human.request(command, 10s);
      if (verdict(reply) == "ok") ++played.humanMoves;

      acted = true;
    } else if (phase == "removal") {
      const json::object& accepted = state.at("removal").as_object().at("accepted").as_object();
      if (!accepted.at(colour).as_bool()) {
        human.request({{"type", "removal_accept"}, {"gameId", gameId}}, 10s);
        acted = true;
      }
    }
    (void)acted;
    // The next event, then any already queued behind it: act on the newest state.
    auto next = human.waitFor(
        [&](const json::object& m) {
          return text(m, "type") == "game_event" && integer(m, "gameId") == gameId;
        },
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()));
    while (next) {
      const json::object& event = next->at("event").as_object();
      const std::string kind = text(event, "kind");
      const bool byBot = text(event, "colour") != colour && !text(event, "colour").empty();
      if (byBot && kind == "move") ++played.botMoves;
      if (byBot && kind == "pass") botPassed = true;
      if (kind == "resume") botPassed = false;
      played.events.push_back(event);
      played.state = next->at("state").as_object();
      next = human.queued([&](const json::object& m) {
        return text(m, "type") == "game_event" && integer(m, "gameId") == gameId;
      });
    }
  }
  return played;
}

}  // namespace tengen::site::test
