#include "site/bots/bot_roster.h"

#include <boost/json/parse.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>

#include "go/rules.h"
#include "rating/rank.h"

namespace tengen::site {

namespace json = boost::json;

namespace {

constexpr int kMinSize = 5;  // the smallest board a table has (table_settings.cpp)
constexpr int kMaxSize = 25;

std::vector<std::string> allRules() {
  std::vector<std::string> names;
  for (go::Preset preset : go::kPresets) names.emplace_back(go::presetName(preset));
  return names;
}

std::vector<game::TimeKind> allTimeKinds() {
  return {game::TimeKind::None, game::TimeKind::Absolute, game::TimeKind::Byoyomi,
          game::TimeKind::Canadian, game::TimeKind::Fischer};
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) {
    text.remove_prefix(1);
  }
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) {
    text.remove_suffix(1);
  }
  return text;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  while (true) {
    const std::size_t at = text.find(separator);
    parts.push_back(trim(text.substr(0, at)));
    if (at == std::string_view::npos) return parts;
    text.remove_prefix(at + 1);
  }
}

std::optional<int> parseInt(std::string_view text) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// "a, b and c"
std::string listed(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? " and " : ", ";
    out += items[i];
  }
  return out;
}

std::string sizesText(const std::vector<int>& sizes) {
  const bool contiguous =
      sizes.size() > 3 && sizes.back() - sizes.front() + 1 == static_cast<int>(sizes.size());
  if (contiguous) {
    return "every size from " + std::to_string(sizes.front()) + "x" +
           std::to_string(sizes.front()) + " to " + std::to_string(sizes.back()) + "x" +
           std::to_string(sizes.back());
  }
  std::vector<std::string> items;
  for (int size : sizes) items.push_back(std::to_string(size) + "x" + std::to_string(size));
  return listed(items);
}

Result<void> parseDeclaration(BotSpec& spec, std::string_view key, std::string_view value,
                              const std::string& where) {
  const auto bad = [&](const std::string& what) { return fail(where + ": " + what); };
  if (key == "sizes") {
    spec.sizes.clear();
    for (std::string_view item : split(value, ',')) {
      const auto size = parseInt(item);
      if (!size || *size < kMinSize || *size > kMaxSize) {
        return bad("size \"" + std::string(item) + "\" is not a board size in 5..25");
      }
      spec.sizes.push_back(*size);
    }
    std::sort(spec.sizes.begin(), spec.sizes.end());
    spec.sizes.erase(std::unique(spec.sizes.begin(), spec.sizes.end()), spec.sizes.end());
  } else if (key == "rules") {
    spec.rules.clear();
    for (std::string_view item : split(value, ',')) {
      auto rules = go::Rules::parse(item);
      if (!rules || item.find(' ') != std::string_view::npos) {
        return bad("\"" + std::string(item) + "\" is not a rules preset (" + listed(allRules()) +
                   ")");
      }
      const std::string name(go::presetName(rules->preset));
      if (std::find(spec.rules.begin(), spec.rules.end(), name) == spec.rules.end()) {
        spec.rules.push_back(name);
      }
    }
  } else if (key == "time") {
    spec.time.clear();
    for (std::string_view item : split(value, ',')) {
      std::optional<game::TimeKind> found;
      for (game::TimeKind kind : allTimeKinds()) {
        if (lower(item) == game::timeKindName(kind)) found = kind;
      }
      if (!found) {
        return bad("\"" + std::string(item) +
                   "\" is not a time system (none, absolute, byoyomi, canadian, fischer)");
      }
      if (std::find(spec.time.begin(), spec.time.end(), *found) == spec.time.end()) {
        spec.time.push_back(*found);
      }
    }
  } else if (key == "maxHandicap" || key == "maxGames" || key == "moveSeconds") {
    const auto number = parseInt(value);
    const int low = key == "maxHandicap" ? 0 : 1;
    const int high = key == "maxHandicap" ? 9 : key == "maxGames" ? 1000 : 86400;
    if (!number || *number < low || *number > high) {
      return bad(std::string(key) + " \"" + std::string(value) + "\" is not an integer in " +
                 std::to_string(low) + ".." + std::to_string(high));
    }
    (key == "maxHandicap" ? spec.maxHandicap
     : key == "maxGames"  ? spec.maxGames
                          : spec.moveSeconds) = *number;
  } else {
    return bad("unknown declaration \"" + std::string(key) +
               "\" (sizes, rules, time, maxHandicap, maxGames, moveSeconds)");
  }
  return {};
}

void fillDefaults(BotSpec& spec) {
  spec.sizes = {9, 13, 19};
  spec.rules = allRules();
  spec.time = allTimeKinds();
}

}  // namespace

Result<BotSpec> parseBotSpec(std::string_view text) {
  const std::string where = "--bot \"" + std::string(text) + "\"";
  BotSpec spec;
  fillDefaults(spec);
  const std::size_t bracket = text.find('[');
  const std::size_t equals = text.find('=');
  if (equals == std::string_view::npos) return fail(where + ": expected NAME=COMMAND");
  std::string_view rest;
  if (bracket != std::string_view::npos && bracket < equals) {
    const std::size_t close = text.find(']', bracket);
    if (close == std::string_view::npos) return fail(where + ": a '[' without its ']'");
    spec.name = std::string(trim(text.substr(0, bracket)));
    std::string_view declarations = text.substr(bracket + 1, close - bracket - 1);
    rest = trim(text.substr(close + 1));
    if (rest.empty() || rest.front() != '=') {
      return fail(where + ": expected '=' and the command after the declarations");
    }
    rest.remove_prefix(1);
    for (std::string_view declaration : split(declarations, ';')) {
      if (declaration.empty()) continue;
      const std::size_t at = declaration.find('=');
      if (at == std::string_view::npos) {
        return fail(where + ": declaration \"" + std::string(declaration) + "\" is not key=value");
      }
      auto ok = parseDeclaration(spec, trim(declaration.substr(0, at)),
                                 trim(declaration.substr(at + 1)), where);
      if (!ok) return std::unexpected(ok.error());
    }
  } else {
    spec.name = std::string(trim(text.substr(0, equals)));
    rest = text.substr(equals + 1);
  }
  spec.command = std::string(trim(rest));
  if (spec.name.empty()) return fail(where + ": the bot has no name");
  if (spec.name.size() > 40) return fail(where + ": the name is longer than 40 bytes");
  if (spec.command.empty()) return fail(where + ": the command is empty");
  return spec;
}

std::vector<BotSpec> builtinBots() {
  std::vector<BotSpec> bots;
  const auto make = [&](std::string name, int playouts, double seconds, int kyu) {
    BotSpec spec;
    spec.name = std::move(name);
    spec.kind = BotKind::Builtin;
    for (int size = kMinSize; size <= kMaxSize; ++size) spec.sizes.push_back(size);
    spec.rules = allRules();
    spec.time = allTimeKinds();
    spec.maxHandicap = 9;
    spec.maxGames = 8;
    spec.playouts = playouts;
    spec.seconds = seconds;
    spec.rank = 30 - kyu + 0.5;  // the middle of the rank: "12k" is any number in [18, 19)
    bots.push_back(std::move(spec));
  };
  // Ranks on 19x19 from tools/strength/calibrate_levels.sh (docs/strength.md, "Levels"),
  // which plays each level at the playouts `tengen levels` prints from this list; the test
  // tests/strength/level_ranks_check.sh holds these ranks to the recorded link results.
  make("Tengen Beginner", 10, 0, 30);
  make("Tengen Easy", 100, 0, 27);
  make("Tengen Casual", 300, 0, 19);
  make("Tengen Medium", 1000, 0, 13);
  make("Tengen Advanced", 3000, 0, 10);
  make("Tengen Strong", 0, 1.0, 8);
  return bots;
}

std::optional<std::string> shownRank(const BotSpec& bot) {
  if (!bot.rank) return std::nullopt;
  return rating::rankLabel(rating::ratingOf(*bot.rank));
}

std::optional<BotDecline> checkTable(const BotSpec& bot, const store::GameSettings& settings) {
  if (std::find(bot.sizes.begin(), bot.sizes.end(), settings.size) == bot.sizes.end()) {
    return BotDecline{"size", bot.name + " plays " + sizesText(bot.sizes)};
  }
  const std::string preset(go::presetName(settings.rules.preset));
  if (std::find(bot.rules.begin(), bot.rules.end(), preset) == bot.rules.end()) {
    return BotDecline{"rules", bot.name + " plays the rules " + listed(bot.rules)};
  }
  const game::TimeKind kind = settings.timeControl.kind;
  if (std::find(bot.time.begin(), bot.time.end(), kind) == bot.time.end()) {
    std::vector<std::string> names;
    for (game::TimeKind k : bot.time) names.emplace_back(game::timeKindName(k));
    return BotDecline{"time", bot.name + " plays with the time systems " + listed(names)};
  }
  if (settings.handicap > bot.maxHandicap) {
    return BotDecline{"handicap", bot.name + " plays with a handicap of at most " +
                                      std::to_string(bot.maxHandicap) + " stones"};
  }
  return std::nullopt;
}

BotRoster::BotRoster(std::vector<BotSpec> specs)
    : specs_(std::move(specs)), userIds_(specs_.size(), 0), games_(specs_.size(), 0) {}

std::optional<std::size_t> BotRoster::find(std::string_view name) const {
  for (std::size_t i = 0; i < specs_.size(); ++i) {
    if (lower(specs_[i].name) == lower(name)) return i;
  }
  return std::nullopt;
}

std::optional<std::size_t> BotRoster::findUser(int64_t userId) const {
  std::lock_guard lock(mutex_);
  for (std::size_t i = 0; i < specs_.size(); ++i) {
    if (userId != 0 && userIds_[i] == userId) return i;
  }
  return std::nullopt;
}

void BotRoster::setUserId(std::size_t index, int64_t userId) {
  std::lock_guard lock(mutex_);
  userIds_[index] = userId;
}

int64_t BotRoster::userId(std::size_t index) const {
  std::lock_guard lock(mutex_);
  return userIds_[index];
}

bool BotRoster::reserve(std::size_t index) {
  std::lock_guard lock(mutex_);
  if (games_[index] >= specs_[index].maxGames) return false;
  ++games_[index];
  return true;
}

void BotRoster::reserveAlways(std::size_t index) {
  std::lock_guard lock(mutex_);
  ++games_[index];
}

void BotRoster::release(std::size_t index) {
  std::lock_guard lock(mutex_);
  if (games_[index] > 0) --games_[index];
}

json::array BotRoster::toJson() const {
  std::lock_guard lock(mutex_);
  json::array bots;
  for (std::size_t i = 0; i < specs_.size(); ++i) {
    const BotSpec& spec = specs_[i];
    json::object bot;
    bot["id"] = userIds_[i];
    bot["name"] = spec.name;
    bot["kind"] = spec.kind == BotKind::Gtp ? "gtp" : "builtin";
    json::array sizes;
    for (int size : spec.sizes) sizes.push_back(size);
    bot["sizes"] = std::move(sizes);
    json::array rules;
    for (const std::string& name : spec.rules) rules.push_back(json::string(name));
    bot["rules"] = std::move(rules);
    json::array time;
    for (game::TimeKind kind : spec.time) time.push_back(json::string(game::timeKindName(kind)));
    bot["time"] = std::move(time);
    bot["maxHandicap"] = spec.maxHandicap;
    bot["games"] = games_[i];
    bot["maxGames"] = spec.maxGames;
    bot["available"] = games_[i] < spec.maxGames;
    if (auto rank = shownRank(spec)) bot["rank"] = json::string(*rank);
    bots.push_back(std::move(bot));
  }
  return bots;
}

}  // namespace tengen::site
