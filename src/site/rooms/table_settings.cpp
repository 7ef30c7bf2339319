#include "site/rooms/table_settings.h"

#include <cmath>
#include <optional>
#include <string>

#include "game/game_clock.h"
#include "go/handicap.h"
#include "go/rules.h"

namespace tengen::site {

namespace json = boost::json;

namespace {

std::unexpected<Error> badField(std::string_view field, std::string message) {
  return fail("\"" + std::string(field) + "\" " + message, std::string(field));
}

// A JSON number as a double, whichever way Boost.JSON holds it; nullopt for anything else.
std::optional<double> jsonNumber(const json::value& value) {
  if (value.is_int64()) return static_cast<double>(value.get_int64());
  if (value.is_uint64()) return static_cast<double>(value.get_uint64());
  if (value.is_double()) return value.get_double();
  return std::nullopt;
}

Result<int> readInteger(const json::object& message, std::string_view field, int fallback, int min,
                        int max) {
  const json::value* value = message.if_contains(field);
  if (!value || value->is_null()) return fallback;
  const std::string range = std::to_string(min) + ".." + std::to_string(max);
  const std::optional<double> parsed = jsonNumber(*value);
  if (!parsed) return badField(field, "must be an integer in " + range);
  const double number = *parsed;
  if (!std::isfinite(number) || number != std::floor(number) || number < min || number > max) {
    return badField(field, "must be an integer in " + range);
  }
  return static_cast<int>(number);
}

Result<std::string> readChoice(const json::object& message, std::string_view field,
                               std::string fallback,
                               std::initializer_list<std::string_view> allowed) {
  const json::value* value = message.if_contains(field);
  if (!value || value->is_null()) return fallback;
  std::string expected;
  for (std::string_view choice : allowed) {
    if (!expected.empty()) expected += ", ";
    expected += choice;
  }
  if (!value->is_string()) return badField(field, "must be one of " + expected);
  const std::string text(value->get_string());
  for (std::string_view choice : allowed) {
    if (text == choice) return text;
  }
  return badField(field, "must be one of " + expected);
}

}  // namespace

Result<store::GameSettings> tableSettingsFromJson(const json::object& message,
                                                  int64_t ownerUserId) {
  store::GameSettings settings;

  auto size = readInteger(message, "size", 19, 5, 25);
  if (!size) return std::unexpected(size.error());
  settings.size = *size;

  go::Rules rules = go::Rules::forNewTable();
  if (const json::value* value = message.if_contains("rules"); value && !value->is_null()) {
    if (!value->is_string() || value->get_string().empty() || value->get_string().size() > 200) {
      return badField("rules", "must be a rules spec such as \"japanese\" (at most 200 bytes)");
    }
    auto parsed = go::Rules::parse(std::string_view(value->get_string()));
    if (!parsed) return badField("rules", "is not valid: " + parsed.error().toString());
    rules = *parsed;
  }

  auto placement = readChoice(message, "handicapPlacement", "fixed", {"fixed", "free"});
  if (!placement) return std::unexpected(placement.error());
  settings.freeHandicap = *placement == "free";
  if (settings.freeHandicap && !rules.allowsFreeHandicap()) {
    return badField("handicapPlacement", "\"free\" is not allowed under " +
                                             std::string(go::presetName(rules.preset)) +
                                             " rules, which fix the handicap points");
  }

  auto handicap = readInteger(message, "handicap", 0, 0, 9);
  if (!handicap) return std::unexpected(handicap.error());
  if (*handicap == 1) return badField("handicap", "must be 0 or 2..9");
  if (*handicap >= 2) {
    const int most = settings.freeHandicap ? std::min(9, settings.size * settings.size - 1)
                                           : go::maxFixedHandicap(settings.size);
    if (*handicap > most) {
      return badField("handicap", "must be at most " + std::to_string(most) + " on a " +
                                      std::to_string(settings.size) + "x" +
                                      std::to_string(settings.size) + " board with " + *placement +
                                      " placement");
    }
  }
  settings.handicap = *handicap;

  // A komi the rules spec names ("chinese komi=5") is the owner's choice, handicap or not.
  const bool komiInSpec = rules.komi != go::Rules::fromPreset(rules.preset).komi;
  if (!komiInSpec) rules.komi = rules.komiFor(settings.handicap);
  if (const json::value* komi = message.if_contains("komi"); komi && !komi->is_null()) {
    const std::optional<double> value = jsonNumber(*komi);
    if (!value) return badField("komi", "must be a number");
    if (!go::checkKomi(*value)) {
      return badField("komi", "must be a whole or half number in -" + go::formatKomi(go::kMaxKomi) +
                                  ".." + go::formatKomi(go::kMaxKomi));
    }
    rules.komi = *value;
  }
  settings.rules = rules;

  auto colour = readChoice(message, "colour", "nigiri", {"black", "white", "nigiri"});
  if (!colour) return std::unexpected(colour.error());
  settings.colourChoice = game::parseColourChoice(*colour).value_or(game::ColourChoice::Nigiri);
  if (settings.colourChoice == game::ColourChoice::Black) settings.blackUserId = ownerUserId;
  if (settings.colourChoice == game::ColourChoice::White) settings.whiteUserId = ownerUserId;
  settings.ownerUserId = ownerUserId;

  game::TimeControl time;
  if (const json::value* value = message.if_contains("time"); value && !value->is_null()) {
    auto control = game::TimeControl::fromJson(*value);
    // Its message already names the field ("time.periods: expected ..."): pass it on as is.
    if (!control) return fail(control.error().message, "time");
    time = *control;
  }
  settings.timeControl = time;

  // Rated unless the owner says otherwise; whether the game really is depends on its players
  // and clock when it ends (site/ratings/game_rating.h).
  settings.rated = true;
  if (const json::value* rated = message.if_contains("rated"); rated && !rated->is_null()) {
    if (!rated->is_bool()) return badField("rated", "must be true or false");
    settings.rated = rated->as_bool();
  }
  // Score estimates while the game is played: off unless the owner allows them; whoever sits
  // down at the table allows them too (the lobby shows it).
  if (const json::value* estimates = message.if_contains("estimates");
      estimates && !estimates->is_null()) {
    if (!estimates->is_bool()) return badField("estimates", "must be true or false");
    settings.estimates = estimates->as_bool();
  }
  settings.status = game::GameStatus::Open;
  return settings;
}

}  // namespace tengen::site
