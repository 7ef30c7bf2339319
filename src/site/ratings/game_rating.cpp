#include "site/ratings/game_rating.h"

#include <cmath>

#include "rating/handicap_rating.h"

namespace tengen::site {

namespace {

// A game lost on time or by forfeit (a claim after the opponent left, a bot's failed engine)
// before both players have moved twice is no game: unrated, as OGS and KGS treat an escape
// in the first moves.
constexpr int kMovesBeforeNoShowRates = 4;

bool ratedSize(int size) { return size == 9 || size == 13 || size == 19; }

// 1 when Black won, 0 when White won, 0.5 for a jigo; nullopt without a result or for a void
// game.
std::optional<double> blackScore(const std::optional<game::GameResult>& result) {
  if (!result || result->kind == game::GameResult::Kind::Void) return std::nullopt;
  if (result->kind == game::GameResult::Kind::Jigo) return 0.5;
  return result->winner == go::Color::Black ? 1.0 : 0.0;
}

rating::Rating ratingOf(const store::CategoryRating& r) {
  return {r.rating, r.deviation, r.volatility};
}

store::CategoryRating storedOf(const rating::Rating& r, const store::CategoryRating& before) {
  store::CategoryRating after = before;
  after.rating = r.rating;
  after.deviation = r.deviation;
  after.volatility = r.volatility;
  return after;
}

}  // namespace

std::string_view speedName(Speed speed) {
  switch (speed) {
    case Speed::Blitz:
      return "blitz";
    case Speed::Live:
      return "live";
    case Speed::Correspondence:
      return "correspondence";
  }
  return "live";
}

double secondsPerMove(const game::TimeControl& clock, int boardSize) {
  const double moves = std::round(0.7 * boardSize * boardSize) / 2;
  const double main = clock.mainSeconds / moves;
  switch (clock.kind) {
    case game::TimeKind::None:
      return 0;
    case game::TimeKind::Absolute:
      return main;
    case game::TimeKind::Fischer:
      return main + clock.incrementSeconds;
    case game::TimeKind::Byoyomi:
      return main + clock.periodSeconds;
    case game::TimeKind::Canadian:
      return main + (clock.stones > 0 ? double(clock.periodSeconds) / clock.stones : 0);
  }
  return 0;
}

Speed speedOf(const game::TimeControl& clock, int boardSize) {
  const double perMove = secondsPerMove(clock, boardSize);
  if (perMove <= 0 || perMove > 3600) return Speed::Correspondence;
  return perMove < 10 ? Speed::Blitz : Speed::Live;
}

bool isTimedCorrespondence(const game::GameSettings& settings) {
  return settings.timeControl.kind != game::TimeKind::None &&
         speedOf(settings.timeControl, settings.size) == Speed::Correspondence;
}

std::vector<std::string> ratingCategories(int boardSize, Speed speed) {
  const std::string speedText(speedName(speed));
  std::vector<std::string> categories{"overall", speedText};
  if (ratedSize(boardSize)) {
    const std::string size = std::to_string(boardSize) + "x" + std::to_string(boardSize);
    categories.push_back(size);
    categories.push_back(size + "-" + speedText);
  }
  return categories;
}

std::optional<store::RatedGame> ratedGameOf(const game::GameMachine& machine,
                                            const SeatAccounts& seats) {
  const game::GameSettings& settings = machine.settings();
  const auto black = machine.black();
  const auto white = machine.white();
  if (!settings.rated || !black || !white || seats.blackGuest || seats.whiteGuest) return {};
  if (!ratedSize(settings.size) || machine.timeControl().kind == game::TimeKind::None) return {};
  const std::optional<game::GameResult>& result = settings.result;
  const auto score = blackScore(result);
  if (!score) return {};
  using Kind = game::GameResult::Kind;
  if ((result->kind == Kind::Time || result->kind == Kind::Forfeit) &&
      machine.moveNumber() < kMovesBeforeNoShowRates) {
    return {};
  }

  const go::Game& game = machine.game();
  rating::HandicapTerms terms;
  terms.boardSize = settings.size;
  terms.handicap = game.handicap();
  terms.komi = game.rules().komi;
  terms.areaScoring = game.rules().scoring == go::ScoringRule::Area;
  terms.handicapBonus = game.rules().handicapPoints(game.handicap());
  const double blackPoints = *score;
  return store::RatedGame{
      black->id, white->id,
      ratingCategories(settings.size, speedOf(machine.timeControl(), settings.size)),
      [terms, blackPoints](const store::CategoryRating& b, const store::CategoryRating& w) {
        const rating::GameRatings after =
            rating::rateGame(ratingOf(b), ratingOf(w), blackPoints, terms);
        return std::pair{storedOf(after.black, b), storedOf(after.white, w)};
      }};
}

}  // namespace tengen::site
