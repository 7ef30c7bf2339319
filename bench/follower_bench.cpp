// What it costs a following node (docs/scaling.md) to show its watchers one more move of a game
// another node runs, at move 10 and at move 300 of a 19x19 game:
//   BM_FollowerAppliesMove: the way a following room takes an announced move now
//     (game_room_following.cpp): the logged row decoded, applied to the room's game and turned
//     into the game_event its watchers get, once.
//   BM_FollowerReplaysGame: the way it took one before: the whole log read and replayed into a
//     new game (loadRoom), then replayed again up to the version its watchers had seen to build
//     their game_event (eventMessagesSince). The store read is left out of both.
// The first should not grow with the move number; the second grows with it.

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "game/event_log_format.h"
#include "game/game_commands.h"
#include "game/game_machine.h"

namespace {

using namespace tengen;

constexpr int64_t kStartMs = 1796000000000;
const game::Player kAlice{1, "alice"};
const game::Actor kAliceActor{1, "alice"};
const game::Actor kBobActor{2, "bob"};

game::GameSettings settings19() {
  game::GameSettings s;
  s.id = 1;
  s.size = 19;
  s.rules = go::Rules::parse("tromp-taylor suicide=forbidden").value();
  s.rules.komi = 7.5;
  s.colourChoice = game::ColourChoice::Black;
  s.ownerUserId = kAlice.id;
  s.createdMs = kStartMs;
  return s;
}

// The log of a 19x19 game `moves` moves long, plus the row of the move after: the owner's
// commands decided and applied as a room does (legal points taken in a fixed scrambled order).
struct GameLog {
  std::vector<game::LoggedEvent> rows;
  game::LoggedEvent next;
};

GameLog gameOf(int moves) {
  game::GameMachine machine = game::GameMachine::create(settings19(), kAlice).value();
  GameLog log;
  int64_t now = kStartMs;
  auto run = [&](const game::Actor& actor, const game::Command& command) {
    auto decided = machine.decide(actor, command, now);
    if (!decided) return false;
    for (const game::Event& event : *decided) {
      game::LoggedEvent row = machine.logged(event, machine.version() + 1, now);
      (void)machine.apply(row);
      log.rows.push_back(std::move(row));
    }
    now += 1000;
    return true;
  };
  run(kBobActor, game::decodeCommand(game::CommandKind::Join, {}));
  int cursor = 0;
  const int played = static_cast<int>(log.rows.size());
  while (static_cast<int>(log.rows.size()) < played + moves + 1) {
    const go::Color colour = machine.game().toMove();
    const game::Actor& actor = (colour == go::Color::Black) == (machine.black()->id == kAlice.id)
                                   ? kAliceActor
                                   : kBobActor;
    for (int tries = 0; tries < 361; ++tries) {
      cursor = (cursor + 97) % 361;  // 97 is prime to 361: every point in turn
      const go::Geometry& geometry = machine.game().geometry();
      const std::string point = geometry.toGtp(geometry.point(cursor % 19, cursor / 19));
      if (run(actor, game::decodeCommand(game::CommandKind::Move, {{"point", point}}))) break;
    }
  }
  log.next = log.rows.back();
  log.rows.pop_back();
  return log;
}

void BM_FollowerAppliesMove(benchmark::State& state) {
  const GameLog log = gameOf(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    state.PauseTiming();
    game::GameMachine machine = game::GameMachine::replay(settings19(), kAlice, log.rows).value();
    state.ResumeTiming();
    auto event = game::fromLogged(log.next, machine.game().geometry());
    (void)machine.apply(*event, log.next.seq, log.next.timeMs);
    benchmark::DoNotOptimize(machine.eventText(*event, log.next.seq, log.next.timeMs,
                                               game::Viewer::Black, log.next.timeMs));
  }
}

void BM_FollowerReplaysGame(benchmark::State& state) {
  const GameLog log = gameOf(static_cast<int>(state.range(0)));
  std::vector<game::LoggedEvent> all = log.rows;
  all.push_back(log.next);
  for (auto _ : state) {
    game::GameMachine loaded = game::GameMachine::replay(settings19(), kAlice, all).value();
    benchmark::DoNotOptimize(loaded.version());
    game::GameMachine before = game::GameMachine::replay(settings19(), kAlice, log.rows).value();
    auto event = game::fromLogged(log.next, before.game().geometry());
    (void)before.apply(*event, log.next.seq, log.next.timeMs);
    benchmark::DoNotOptimize(before.eventText(*event, log.next.seq, log.next.timeMs,
                                              game::Viewer::Black, log.next.timeMs));
  }
}

BENCHMARK(BM_FollowerAppliesMove)->Arg(10)->Arg(100)->Arg(300)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FollowerReplaysGame)->Arg(10)->Arg(100)->Arg(300)->Unit(benchmark::kMicrosecond);

}  // namespace
