#include "site/tournaments/tournament_config.h"

#include <boost/json/array.hpp>
#include <boost/json/serialize.hpp>

#include <optional>
#include <string_view>

#include "game/game_clock.h"
#include "go/rules.h"

namespace tengen::site {

namespace json = boost::json;

namespace {

constexpr std::size_t kMaxTournamentName = 80;
constexpr std::size_t kMaxTournamentDescription = 2000;
constexpr int kMaxTournamentRounds = 15;
constexpr int64_t kLatestRoundStartMs = 4'102'444'800'000;  // 2100-01-01

std::unexpected<Error> configError(std::string_view field, std::string message) {
  return fail(std::string(field) + " " + message, std::string(field));
}

Result<std::string> configText(const json::object& m, std::string_view field, std::size_t low,
                               std::size_t high, std::string fallback) {
  const json::value* v = m.if_contains(field);
  if (!v || v->is_null()) {
    if (low > 0) return configError(field, "is required");
    return fallback;
  }
  if (!v->is_string() || v->get_string().size() < low || v->get_string().size() > high) {
    return configError(
        field, "must be text of " + std::to_string(low) + ".." + std::to_string(high) + " bytes");
  }
  return std::string(v->get_string());
}

Result<int> configInt(const json::object& m, std::string_view field, int fallback, int low,
                      int high) {
  const json::value* v = m.if_contains(field);
  if (!v || v->is_null()) return fallback;
  if (!v->is_int64() || v->as_int64() < low || v->as_int64() > high) {
    return configError(
        field, "must be a whole number in " + std::to_string(low) + ".." + std::to_string(high));
  }
  return static_cast<int>(v->as_int64());
}

Result<bool> configBool(const json::object& m, std::string_view field, bool fallback) {
  const json::value* v = m.if_contains(field);
  if (!v || v->is_null()) return fallback;
  if (!v->is_bool()) return configError(field, "must be true or false");
  return v->as_bool();
}

Result<tournament::Rank> configRank(const json::object& m, std::string_view field,
                                    tournament::Rank fallback) {
  const json::value* v = m.if_contains(field);
  if (!v || v->is_null()) return fallback;
  if (!v->is_string() || v->get_string().size() > 20) {
    return configError(field, "must be a rank such as \"3k\" or \"2d\"");
  }
  auto rank = tournament::parseRank(std::string_view(v->get_string()));
  if (!rank) return configError(field, "is not a rank: " + rank.error().message);
  return *rank;
}

}  // namespace

const char* systemName(tournament::PairingSystem system) {
  switch (system) {
    case tournament::PairingSystem::McMahon:
      return "mcmahon";
    case tournament::PairingSystem::Swiss:
      return "swiss";
    case tournament::PairingSystem::RoundRobin:
      return "roundrobin";
    case tournament::PairingSystem::SingleElimination:
      return "knockout";
  }
  return "mcmahon";
}

Result<TournamentConfig> tournamentConfigFromJson(const json::object& m) {
  TournamentConfig c;
  auto name = configText(m, "name", 1, kMaxTournamentName, "");
  if (!name) return std::unexpected(name.error());
  c.name = *name;
  auto description = configText(m, "description", 0, kMaxTournamentDescription, "");
  if (!description) return std::unexpected(description.error());
  c.description = *description;

  auto system = configText(m, "system", 0, 20, "mcmahon");
  if (!system) return std::unexpected(system.error());
  using tournament::PairingSystem;
  bool known = false;
  for (PairingSystem s : {PairingSystem::McMahon, PairingSystem::Swiss, PairingSystem::RoundRobin,
                          PairingSystem::SingleElimination}) {
    if (*system == systemName(s)) c.engine.system = s, known = true;
  }
  if (!known) return configError("system", "must be mcmahon, swiss, roundrobin or knockout");

  auto rounds = configInt(m, "rounds", 5, 1, kMaxTournamentRounds);
  if (!rounds) return std::unexpected(rounds.error());
  c.engine.rounds = *rounds;
  auto size = configInt(m, "size", 19, 5, 25);
  if (!size) return std::unexpected(size.error());
  c.size = *size;

  auto rules = configText(m, "rules", 0, 200, "japanese");
  if (!rules) return std::unexpected(rules.error());
  auto parsed = go::Rules::parse(std::string_view(*rules));
  if (!parsed) return configError("rules", "is not valid: " + parsed.error().toString());
  c.rules = *rules;

  if (const json::value* komi = m.if_contains("komi"); komi && !komi->is_null()) {
    if (!komi->is_number()) return configError("komi", "must be a number");
    const double value = komi->to_number<double>();
    if (!go::checkKomi(value)) return configError("komi", "must be a whole or half number");
    c.engine.komi = value;
  }

  auto handicap = configBool(m, "handicap", false);
  if (!handicap) return std::unexpected(handicap.error());
  c.engine.handicap.enabled = *handicap;
  auto reduction = configInt(m, "handicapReduction", 1, 0, 9);
  if (!reduction) return std::unexpected(reduction.error());
  c.engine.handicap.reduction = *reduction;
  auto bar = configRank(m, "bar", tournament::Rank::dan(9));
  if (!bar) return std::unexpected(bar.error());
  c.engine.bar = *bar;
  auto floor = configRank(m, "floor", tournament::Rank::kyu(30));
  if (!floor) return std::unexpected(floor.error());
  c.engine.floor = *floor;
  if (c.engine.floor > c.engine.bar) return configError("floor", "must not be above the bar");

  if (const json::value* time = m.if_contains("time"); time && !time->is_null()) {
    auto control = game::TimeControl::fromJson(*time);
    if (!control) return fail(control.error().message, "time");
    c.time = control->toJson();
  }
  auto rated = configBool(m, "rated", true);
  if (!rated) return std::unexpected(rated.error());
  c.rated = *rated;
  if (const json::value* starts = m.if_contains("roundStarts"); starts && !starts->is_null()) {
    if (!starts->is_array() ||
        starts->get_array().size() > static_cast<std::size_t>(c.engine.rounds)) {
      return configError("roundStarts", "must be a list of at most " +
                                            std::to_string(c.engine.rounds) +
                                            " start times, one per round");
    }
    for (const json::value& at : starts->get_array()) {
      if (at.is_null()) {
        c.roundStartsMs.push_back(0);
        continue;
      }
      if (!at.is_int64() || at.as_int64() < 0 || at.as_int64() > kLatestRoundStartMs) {
        return configError("roundStarts", "round " + std::to_string(c.roundStartsMs.size() + 1) +
                                              ": must be null or milliseconds since 1970 "
                                              "(UTC), before the year 2100");
      }
      c.roundStartsMs.push_back(at.as_int64());
    }
  }
  auto seed = configInt(m, "seed", 1, 0, 1'000'000'000);
  if (!seed) return std::unexpected(seed.error());
  c.engine.seed = static_cast<std::uint64_t>(*seed);
  return c;
}

json::object toJson(const TournamentConfig& c) {
  json::object o{{"name", c.name},
                 {"description", c.description},
                 {"system", systemName(c.engine.system)},
                 {"rounds", c.engine.rounds},
                 {"size", c.size},
                 {"rules", c.rules},
                 {"komi", c.engine.komi},
                 {"handicap", c.engine.handicap.enabled},
                 {"handicapReduction", c.engine.handicap.reduction},
                 {"bar", tournament::toString(c.engine.bar)},
                 {"floor", tournament::toString(c.engine.floor)},
                 {"rated", c.rated},
                 {"seed", static_cast<int64_t>(c.engine.seed)}};
  if (!c.time.empty()) o["time"] = c.time;
  if (!c.roundStartsMs.empty()) {
    json::array starts;
    for (int64_t at : c.roundStartsMs)
      starts.push_back(at == 0 ? json::value(nullptr) : json::value(at));
    o["roundStarts"] = std::move(starts);
  }
  return o;
}

}  // namespace tengen::site
