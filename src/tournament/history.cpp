#include "tournament/history.h"

#include <algorithm>

namespace tengen::tournament {

PlayerResult resultFor(const std::optional<GameResult>& result, bool black) {
  if (!result) return PlayerResult::Pending;
  switch (result->outcome) {
    case Outcome::BlackWins:
      return black ? PlayerResult::Win : PlayerResult::Loss;
    case Outcome::WhiteWins:
      return black ? PlayerResult::Loss : PlayerResult::Win;
    case Outcome::Jigo:
      return PlayerResult::Jigo;
    case Outcome::BothLose:
      return PlayerResult::Loss;
  }
  return PlayerResult::Pending;
}

std::vector<std::vector<RoundEntry>> roundEntries(int playerCount, std::span<const Round> rounds) {
  std::vector<std::vector<RoundEntry>> entries(playerCount, std::vector<RoundEntry>(rounds.size()));
  auto valid = [&](PlayerId p) { return p >= 0 && p < playerCount; };
  for (std::size_t r = 0; r < rounds.size(); ++r) {
    for (const Pairing& game : rounds[r].games) {
      if (!valid(game.black) || !valid(game.white)) continue;
      for (bool black : {true, false}) {
        RoundEntry& e = entries[black ? game.black : game.white][r];
        e.kind = EntryKind::Game;
        e.opponent = black ? game.white : game.black;
        e.black = black;
        e.handicap = game.handicap;
        e.result = resultFor(game.result, black);
        e.source = game.result ? game.result->source : ResultSource::Played;
      }
    }
    for (PlayerId p : rounds[r].byes)
      if (valid(p)) entries[p][r].kind = EntryKind::Bye;
  }
  return entries;
}

HalfPoints startingScore(const TournamentSettings& settings, Rank rank) {
  if (settings.system != PairingSystem::McMahon) return {};
  const int clamped = std::clamp(rank.value(), settings.floor.value(),
                                 std::max(settings.floor, settings.bar).value());
  return HalfPoints::points(clamped);
}

HalfPoints mainScore(const TournamentSettings& settings, Rank rank,
                     std::span<const RoundEntry> entries) {
  HalfPoints played;
  HalfPoints unplayed;
  for (const RoundEntry& e : entries) {
    switch (e.kind) {
      case EntryKind::Game:
        if (e.result == PlayerResult::Win) played += kWinPoints;
        if (e.result == PlayerResult::Jigo) played += kJigoPoints;
        break;
      case EntryKind::Bye:
        unplayed += settings.bye.byePoints;
        break;
      case EntryKind::Absent:
        unplayed += settings.bye.absencePoints;
        break;
    }
  }
  if (settings.bye.roundDownUnplayedPoints) unplayed.value -= unplayed.value % 2;
  return startingScore(settings, rank) + played + unplayed;
}

}  // namespace tengen::tournament
