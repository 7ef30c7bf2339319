#include "tournament/standings.h"

#include <algorithm>
#include <span>

namespace tengen::tournament {

namespace {

HalfPoints criterion(const StandingRow& row, TieBreak t) {
  switch (t) {
    case TieBreak::MainScore:
      return row.mainScore;
    case TieBreak::Sos:
      return row.sos;
    case TieBreak::Sosos:
      return row.sosos;
    case TieBreak::Sodos:
      return row.sodos;
  }
  return {};
}

// The opponent's score as it enters this player's SOS: corrected by the handicap when the
// policy says so (the stones are points the stronger player gave away).
HalfPoints opponentScore(const TieBreakPolicy& policy, const RoundEntry& e, HalfPoints score) {
  if (!policy.correctSosForHandicap || e.handicap <= 0) return score;
  const HalfPoints stones = HalfPoints::points(e.handicap);
  return e.black ? score - stones : score + stones;
}

}  // namespace

std::vector<HalfPoints> mainScoresAfter(const Tournament& t, int roundCount) {
  roundCount = std::clamp(roundCount, 0, static_cast<int>(t.rounds.size()));
  const int n = static_cast<int>(t.players.size());
  const auto entries = roundEntries(
      n, std::span<const Round>(t.rounds.data(), static_cast<std::size_t>(roundCount)));
  std::vector<HalfPoints> scores(n);
  for (int p = 0; p < n; ++p) scores[p] = mainScore(t.settings, t.players[p].rank, entries[p]);
  return scores;
}

std::vector<StandingRow> computeStandings(const Tournament& t) {
  const int n = static_cast<int>(t.players.size());
  const TieBreakPolicy& policy = t.settings.tieBreaks;
  const int roundCount = static_cast<int>(t.rounds.size());
  const auto entries = roundEntries(n, t.rounds);

  std::vector<StandingRow> rows(n);
  for (int p = 0; p < n; ++p) {
    rows[p].player = p;
    rows[p].rounds = entries[p];
    rows[p].mainScore = mainScore(t.settings, t.players[p].rank, entries[p]);
  }
  auto virtualScore = [&](int p) {
    return policy.unplayed == UnplayedOpponent::OwnStartingScore
               ? startingScore(t.settings, t.players[p].rank)
               : rows[p].mainScore;
  };
  for (int p = 0; p < n; ++p) {
    for (const RoundEntry& e : entries[p]) {
      if (e.kind != EntryKind::Game) {
        rows[p].sos += virtualScore(p);
        continue;
      }
      const HalfPoints score = opponentScore(policy, e, rows[e.opponent].mainScore);
      rows[p].sos += score;
      if (e.result == PlayerResult::Win) rows[p].sodos += score;
    }
  }
  for (int p = 0; p < n; ++p) {
    for (const RoundEntry& e : entries[p]) {
      rows[p].sosos += e.kind == EntryKind::Game ? rows[e.opponent].sos
                                                 : HalfPoints{virtualScore(p).value * roundCount};
    }
  }

  auto better = [&](const StandingRow& a, const StandingRow& b) {
    for (TieBreak tb : policy.order) {
      const HalfPoints x = criterion(a, tb), y = criterion(b, tb);
      if (x != y) return x > y;
    }
    return false;
  };
  std::sort(rows.begin(), rows.end(), [&](const StandingRow& a, const StandingRow& b) {
    if (better(a, b)) return true;
    if (better(b, a)) return false;
    const Player& pa = t.players[a.player];
    const Player& pb = t.players[b.player];
    if (pa.rank != pb.rank) return pa.rank > pb.rank;
    if (pa.name != pb.name) return pa.name < pb.name;
    return a.player < b.player;
  });
  for (std::size_t i = 0; i < rows.size(); ++i)
    rows[i].place =
        i > 0 && !better(rows[i - 1], rows[i]) ? rows[i - 1].place : static_cast<int>(i) + 1;
  return rows;
}

}  // namespace tengen::tournament
