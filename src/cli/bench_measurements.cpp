#include "cli/bench_measurements.h"

#include <algorithm>
#include <chrono>

#include "cli/child_process.h"
#include "go/game.h"
#include "go/playout.h"
#include "go/rules.h"

namespace tengen::cli {

namespace {

using Clock = std::chrono::steady_clock;

// A 250-move 19x19 game of random legal moves under chinese rules (positional superko),
// so every move is also legal for an engine that only knows simple ko.
std::vector<go::Game> sampleGame(int moves) {
  go::Game game(19, go::Rules::fromPreset(go::Preset::Chinese));
  go::Random rng(2026);
  std::vector<go::Game> positions;
  for (int i = 0; i < moves; ++i) {
    const go::Color c = game.toMove();
    const go::PointSet legal = game.legalPoints(c);
    std::vector<go::Point> candidates;
    legal.forEach([&](go::Point p) {
      if (!game.board().isEyeLike(p, c)) candidates.push_back(p);
    });
    if (candidates.empty()) break;
    game.play(c, candidates[rng.below(static_cast<std::uint32_t>(candidates.size()))]);
    positions.push_back(game);
  }
  return positions;
}

}  // namespace

double Rate::median() const {
  if (perSecond.empty()) return 0;
  std::vector<double> sorted = perSecond;
  std::sort(sorted.begin(), sorted.end());
  const size_t mid = sorted.size() / 2;
  return sorted.size() % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

Rate measureRate(int runs, double seconds, const std::function<long()>& step) {
  Rate rate;
  for (int r = 0; r < runs; ++r) {
    long done = 0;
    const auto start = Clock::now();
    double elapsed = 0;
    do {
      done += step();
      elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    } while (elapsed < seconds);
    rate.perSecond.push_back(done / elapsed);
  }
  return rate;
}

Rate randomPlayouts(int size, int runs, double seconds) {
  const go::Board empty(size);
  go::Random rng(42);
  long checksum = 0;
  Rate rate = measureRate(runs, seconds, [&] {
    constexpr int kBatch = 64;
    for (int i = 0; i < kBatch; ++i) {
      go::Board board = empty;
      go::playout(board, go::Color::Black, rng, false, 3 * size * size);
      checksum += go::areaDifference(board);
    }
    return static_cast<long>(kBatch);
  });
  // Keep the area count observable so the optimiser cannot drop it.
  if (checksum == 0x7fffffffffffffffL) rate.perSecond.push_back(0);
  return rate;
}

Rate legalPointMaps(int runs, double seconds) {
  const std::vector<go::Game> positions = sampleGame(250);
  size_t next = 0;
  int total = 0;
  Rate rate = measureRate(runs, seconds, [&] {
    constexpr int kBatch = 256;
    for (int i = 0; i < kBatch; ++i) {
      const go::Game& g = positions[next];
      next = (next + 1) % positions.size();
      total += g.legalPoints(g.toMove()).count();
    }
    return static_cast<long>(kBatch);
  });
  if (total == -1) rate.perSecond.push_back(0);
  return rate;
}

std::string replayScript(int replays, int& playCommands) {
  const std::vector<go::Game> positions = sampleGame(250);
  const go::Game& last = positions.back();
  std::string moves;
  for (const go::Move& m : last.moves()) {
    moves += m.color == go::Color::Black ? "play b " : "play w ";
    moves += last.geometry().toGtp(m.point);
    moves += '\n';
  }
  std::string script = "boardsize 19\nkomi 7.5\n";
  for (int i = 0; i < replays; ++i) {
    script += "clear_board\n";
    script += moves;
  }
  script += "quit\n";
  playCommands = replays * static_cast<int>(last.moves().size());
  return script;
}

Result<Rate> gtpReplay(const std::vector<std::string>& engine, int runs, int replaysPerRun) {
  int plays = 0;
  const std::string script = replayScript(replaysPerRun, plays);
  Rate rate;
  for (int r = 0; r < runs; ++r) {
    auto startup = runChild(engine, "quit\n");
    if (!startup) return std::unexpected(startup.error());
    auto replay = runChild(engine, script);
    if (!replay) return std::unexpected(replay.error());
    // Every command must have succeeded, or a fast refusal would inflate the rate.
    long failures = replay->stdoutText.starts_with("?") ? 1 : 0;
    for (size_t at = replay->stdoutText.find("\n?"); at != std::string::npos;
         at = replay->stdoutText.find("\n?", at + 1)) {
      ++failures;
    }
    if (failures > 0) {
      return fail(engine[0] + " refused " + std::to_string(failures) + " replay commands");
    }
    const double seconds = std::max(replay->seconds - startup->seconds, 1e-6);
    rate.perSecond.push_back(plays / seconds);
  }
  return rate;
}

}  // namespace tengen::cli
