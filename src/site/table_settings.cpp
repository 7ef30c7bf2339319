#include "site/table_settings.h"

#include <boost/json/serialize.hpp>

#include <cmath>
#include <string>

#include "go/handicap.h"
#include "go/rules.h"
#include "site/game_clock.h"

namespace tengen::site {

namespace json = boost::json;

namespace {

std::unexpected<Error> badField(std::string_view field, std::string message) {
  return fail("\"" + std::string(field) + "\" " + message, std::string(field));
}

Result<int> readInteger(const json::object& message, std::string_view field, int fallback, int min,
                        int max) {
  const json::value* value = message.if_contains(field);
  if (!value || value->is_null()) return fallback;
  const std::string range = std::to_string(min) + ".." + std::to_string(max);
  double number = 0;
  if (value->is_int64()) {
    number = static_cast<double>(value->get_int64());
  } else if (value->is_uint64()) {
    number = static_cast<double>(value->get_uint64());
  } else if (value->is_double()) {
    number = value->get_double();
  } else {
    return badField(field, "must be an integer in " + range);
  }
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

  std::string spec = kDefaultRules;
  if (const json::value* rules = message.if_contains("rules"); rules && !rules->is_null()) {
    if (!rules->is_string() || rules->get_string().empty() || rules->get_string().size() > 200) {
      return badField("rules", "must be a rules spec such as \"japanese\" (at most 200 bytes)");
    }
    spec = std::string(rules->get_string());
  }
  auto parsed = go::Rules::parse(spec);
  if (!parsed) return badField("rules", "is not valid: " + parsed.error().toString());
  settings.rules = parsed->toString();

  settings.komi = parsed->komi;
  if (const json::value* komi = message.if_contains("komi"); komi && !komi->is_null()) {
    double value = 0;
    if (komi->is_int64()) {
      value = static_cast<double>(komi->get_int64());
    } else if (komi->is_uint64()) {
      value = static_cast<double>(komi->get_uint64());
    } else if (komi->is_double()) {
      value = komi->get_double();
    } else {
      return badField("komi", "must be a number");
    }
    if (!std::isfinite(value) || value * 2 != std::floor(value * 2) || value < -150 ||
        value > 150) {
      return badField("komi", "must be a multiple of 0.5 in -150..150");
    }
    settings.komi = value;
  }

  auto placement = readChoice(message, "handicapPlacement", "fixed", {"fixed", "free"});
  if (!placement) return std::unexpected(placement.error());
  settings.freeHandicap = *placement == "free";
  if (settings.freeHandicap &&
      (parsed->preset == go::Preset::Japanese || parsed->preset == go::Preset::Korean)) {
    return badField("handicapPlacement", "\"free\" is not allowed under " +
                                             std::string(go::presetName(parsed->preset)) +
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

  auto colour = readChoice(message, "colour", "nigiri", {"black", "white", "nigiri"});
  if (!colour) return std::unexpected(colour.error());
  settings.colourChoice = *colour;
  if (*colour == "black") settings.blackUserId = ownerUserId;
  if (*colour == "white") settings.whiteUserId = ownerUserId;
  settings.ownerUserId = ownerUserId;

  TimeControl time;
  if (const json::value* value = message.if_contains("time"); value && !value->is_null()) {
    auto control = TimeControl::fromJson(*value);
    // Its message already names the field ("time.periods: expected ..."): pass it on as is.
    if (!control) return fail(control.error().message, "time");
    time = *control;
  }
  settings.timeControl = json::serialize(time.toJson());
  settings.status = "open";
  return settings;
}

}  // namespace tengen::site
