// Catching up after a reconnect is bounded: a room keeps its last GameRoom::kRecentEvents
// events serialised, a watch from further back gets the state alone, and clients that never
// read cannot make the server hold more than its per-socket queue cap (docs/protocol.md,
// "watch").

#include <boost/json/serialize.hpp>

#include <fstream>
#include <sstream>
#include <thread>

#include "site/rooms/game_room.h"
#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class SiteCatchUpTest : public SiteFixture {
 protected:
  // play() in chunks of 100 moves a second apart: each socket may send 50 messages a second
  // (with a burst of 150).
  void playPaced(SiteClient& black, SiteClient& white, int64_t game, const std::string& moves) {
    std::istringstream in(moves);
    std::string colour, point, chunk;
    int count = 0;
    while (in >> colour >> point) {
      chunk += colour + " " + point + " ";
      if (++count % 100 == 0) {
        play(black, white, game, chunk);
        chunk.clear();
        std::this_thread::sleep_for(1s);
      }
    }
    if (!chunk.empty()) play(black, white, game, chunk);
  }
};

// "B A1 W A19 B B1 W B19 …" on a board of `size`: Black fills the bottom rows, White the
// top ones, `moves` in all (fewer than size * (size - 2)). Neither side ever captures: each
// side's stones stay one wall with the empty middle rows as liberties.
std::string fillingMoves(int size, int moves) {
  const std::string columns = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
  std::string out;
  for (int i = 0; i < moves; ++i) {
    const int n = i / 2;
    const int column = n % size;
    const int row = n / size;
    const bool black = i % 2 == 0;
    out += black ? "B " : "W ";
    out += columns[column];
    out += std::to_string(black ? 1 + row : size - row);
    out += ' ';
  }
  return out;
}

int64_t residentKib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stoll(line.substr(6));
  }
  return -1;
}

TEST_F(SiteCatchUpTest, AWatchFromTooFarBackGetsTheStateAlone) {
  auto alice = connect(guest());
  auto bob = connect(guest());
  const int64_t game = startGame(*alice, *bob, {{"size", 19}});
  playPaced(*alice, *bob, game, fillingMoves(19, 2 * static_cast<int>(GameRoom::kRecentEvents)));
  json::object current = stateOf(*alice, game);
  const int64_t version = integer(current, "version");
  ASSERT_GT(version, static_cast<int64_t>(GameRoom::kRecentEvents));

  auto carol = connectAnonymous();
  json::object near =
      carol->request({{"type", "watch"}, {"gameId", game}, {"sinceVersion", version - 3}});
  ASSERT_EQ(text(near, "type"), "game_state") << json::serialize(near);
  ASSERT_EQ(near.at("events").as_array().size(), 3u);
  EXPECT_EQ(integer(near.at("events").as_array()[0].as_object(), "version"), version - 2);

  json::object far = carol->request({{"type", "watch"}, {"gameId", game}, {"sinceVersion", 0}});
  ASSERT_EQ(text(far, "type"), "game_state") << json::serialize(far);
  EXPECT_FALSE(far.contains("events"));
  EXPECT_EQ(integer(far, "version"), version);
  EXPECT_EQ(far.at("moves").as_array().size(), near.at("moves").as_array().size());
}

// A 500-move 25x25 game, then 12 sockets that never read each send 150 watches from version
// 0. Each reply is the state alone (about 18 KB here; replaying the log made it about 1 MB),
// and a socket's queue is capped at 4 MiB besides, so the server grows by about 33 MB, and
// it goes on serving.
TEST_F(SiteCatchUpTest, SocketsThatNeverReadCannotExhaustMemory) {
  auto alice = connect(guest());
  auto bob = connect(guest());
  const int64_t game = startGame(*alice, *bob, {{"size", 25}});
  playPaced(*alice, *bob, game, fillingMoves(25, 500));
  const int64_t before = residentKib();

  std::vector<std::unique_ptr<server::test::WsClient>> hostile;
  for (int i = 0; i < 12; ++i) {
    auto socket = server::test::WsClient::connect(port_, std::nullopt);
    ASSERT_TRUE(socket);
    for (int n = 0; n < 150; ++n) {
      std::ostringstream watch;
      watch << R"({"type":"watch","gameId":)" << game << R"(,"sinceVersion":0,"id":)" << n << "}";
      if (!socket->send(watch.str())) break;  // already cut off
    }
    hostile.push_back(std::move(socket));
  }
  // Give the server the time to answer every watch and to give up on the readers.
  std::this_thread::sleep_for(3s);
  const int64_t after = residentKib();
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  // Sanitizers keep freed memory in quarantine and shadow every byte: resident size says
  // nothing about the server's own memory there. The ordinary build checks it.
  (void)before;
  (void)after;
#else
  EXPECT_LT(after - before, 100 * 1024) << "grew from " << before << " KiB to " << after;
#endif
  // And it still serves everyone else.
  json::object state = stateOf(*alice, game);
  EXPECT_EQ(integer(state.at("state").as_object(), "moveNumber"), 500);
}

}  // namespace
}  // namespace tengen::site::test
