#include "site/ratings/sgf_ranks.h"

#include <limits>
#include <optional>
#include <string>

#include "rating/rank.h"

namespace tengen::site {
namespace {

// "" for a guest or an unknown account; else the overall rank at startMs.
Result<std::string> rankAt(store::Store& store, const std::optional<game::Player>& seat,
                           int64_t startMs) {
  if (!seat) return std::string();
  auto user = store.findUserById(seat->id);
  if (!user) return std::unexpected(user.error());
  if (!*user || (*user)->guest) return std::string();
  auto point = store.ratingAt(seat->id, "overall", startMs);
  if (!point) return std::unexpected(point.error());
  store::CategoryRating newcomer;  // before the first rated game
  rating::Rating r{newcomer.rating, newcomer.deviation, newcomer.volatility};
  if (*point) r = {(*point)->rating, (*point)->deviation, newcomer.volatility};
  return rating::displayRank(r);
}

}  // namespace

Result<game::SgfRanks> sgfRanksOf(store::Store& store, const game::GameMachine& machine) {
  // A table that has not started yet shows the ranks as they are now.
  const int64_t startMs =
      machine.startMs() > 0 ? machine.startMs() : std::numeric_limits<int64_t>::max();
  auto black = rankAt(store, machine.black(), startMs);
  if (!black) return std::unexpected(black.error());
  auto white = rankAt(store, machine.white(), startMs);
  if (!white) return std::unexpected(white.error());
  return game::SgfRanks{std::move(*black), std::move(*white)};
}

}  // namespace tengen::site
