#include "store/game_row_text.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "base/quote_input.h"

namespace tengen::store {

namespace json = boost::json;

GameRowText gameRowText(const game::GameSettings& s) {
  return GameRowText{s.rules.toString(),
                     s.rules.komi,
                     json::serialize(s.timeControl.toJson()),
                     std::string(game::colourChoiceName(s.colourChoice)),
                     std::string(game::gameStatusName(s.status)),
                     resultText(s.result)};
}

std::string resultText(const std::optional<game::GameResult>& result) {
  return result ? result->toSgf() : std::string();
}

Result<void> readGameRowText(const GameRowText& text, game::GameSettings& s) {
  const auto bad = [&s](std::string_view column, const std::string& why) {
    return fail(why, "game " + std::to_string(s.id) + " column " + std::string(column));
  };
  auto rules = go::Rules::parse(text.rules);
  if (!rules) return bad("rules", rules.error().toString());
  auto komi = go::checkKomi(text.komi);
  if (!komi) return bad("komi", komi.error().message);
  s.rules = *rules;
  s.rules.komi = *komi;

  // "{}" is how rows written before the typed settings said "no clock".
  if (text.timeControl.empty() || text.timeControl == "{}") {
    s.timeControl = game::TimeControl{};
  } else {
    boost::system::error_code ec;
    const json::value value = json::parse(text.timeControl, ec);
    if (ec) return bad("time_control", "not JSON: " + ec.message());
    auto control = game::TimeControl::fromJson(value);
    if (!control) return bad("time_control", control.error().toString());
    s.timeControl = *control;
  }

  auto colour = game::parseColourChoice(text.colourChoice);
  if (!colour) {
    return bad("colour_choice", quoteInput(text.colourChoice) + " is not nigiri, black or white");
  }
  s.colourChoice = *colour;
  auto status = game::parseGameStatus(text.status);
  if (!status) {
    return bad("status", quoteInput(text.status) + " is not open, playing, finished or cancelled");
  }
  s.status = *status;
  s.result.reset();
  if (!text.result.empty()) {
    auto result = game::GameResult::parse(text.result);
    if (!result) return bad("result", result.error().toString());
    s.result = *result;
  }
  return {};
}

}  // namespace tengen::store
