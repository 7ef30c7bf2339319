#include "sgf/root_properties.h"

#include <charconv>
#include <cmath>
#include <string>

#include "go/point.h"
#include "sgf/text.h"

namespace tengen::sgf {

namespace {

// The value of `id` as SimpleText with surrounding spaces trimmed, or nullopt if the
// property is absent or empty.
std::optional<std::string> simple(const Node& root, std::string_view id) {
  const std::string* raw = root.value(id);
  if (raw == nullptr) return std::nullopt;
  std::string text = decodeSimpleText(*raw);
  const auto first = text.find_first_not_of(' ');
  if (first == std::string::npos) return std::nullopt;
  return text.substr(first, text.find_last_not_of(' ') - first + 1);
}

std::string where(const Node& root, std::string_view id) {
  const Property* p = root.find(id);
  return p == nullptr ? std::string() : p->valuePositions.front().toString();
}

std::optional<int> parseInt(std::string_view text) {
  int value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end) return std::nullopt;
  return value;
}

std::optional<double> parseReal(std::string_view text) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  double value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || !std::isfinite(value)) return std::nullopt;
  return value;
}

}  // namespace

std::optional<double> parseSeconds(std::string_view raw) {
  const std::string text = decodeSimpleText(raw);
  const auto first = text.find_first_not_of(' ');
  if (first == std::string::npos) return std::nullopt;
  return parseReal(std::string_view(text).substr(first, text.find_last_not_of(' ') - first + 1));
}

std::optional<int> parseCount(std::string_view raw) {
  const std::string text = decodeSimpleText(raw);
  const auto first = text.find_first_not_of(' ');
  if (first == std::string::npos) return std::nullopt;
  const std::string_view digits =
      std::string_view(text).substr(first, text.find_last_not_of(' ') - first + 1);
  int value = -1;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec != std::errc() || end != digits.data() + digits.size() || value < 0 || value > 10000) {
    return std::nullopt;
  }
  return value;
}

Result<void> checkGameType(const Node& root) {
  const auto gm = simple(root, "GM");
  if (gm && *gm != "1") {
    return fail("GM[" + *gm + "] is not a Go game: expected GM[1]", where(root, "GM"));
  }
  return {};
}

Result<int> readBoardSize(const Node& root) {
  const auto sz = simple(root, "SZ");
  if (!sz) return 19;
  const auto colon = sz->find(':');
  const auto columns = parseInt(sz->substr(0, colon));
  const auto rows = colon == std::string::npos ? columns : parseInt(sz->substr(colon + 1));
  if (!columns || !rows) {
    return fail("bad board size SZ[" + *sz + "]: expected a number such as 19, or 19:19",
                where(root, "SZ"));
  }
  if (*columns != *rows) {
    return fail("non-square board " + std::to_string(*columns) + "x" + std::to_string(*rows) +
                    " is not supported: expected a square board such as SZ[19]",
                where(root, "SZ"));
  }
  if (*columns < go::kMinSize || *columns > go::kMaxSize) {
    return fail("board size " + std::to_string(*columns) + " is not supported: expected " +
                    std::to_string(go::kMinSize) + " to " + std::to_string(go::kMaxSize),
                where(root, "SZ"));
  }
  return *columns;
}

RulesRead readRules(const Node& root, const std::optional<go::Rules>& rulesOverride) {
  const go::Rules fallback = go::Rules::fromPreset(go::Preset::Chinese);
  const auto ru = simple(root, "RU");
  auto rules = ru ? go::Rules::fromSgf(*ru) : Result<go::Rules>(std::unexpected(Error{}));
  const bool stated = ru && rules;
  if (rulesOverride) return {*rulesOverride, false, stated, ""};
  if (!ru) return {fallback, false, false, ""};
  if (!rules) {
    return {fallback, false, false,
            where(root, "RU") + ": unknown rules RU[" + *ru + "]: " + rules.error().message +
                "; the game is read under " + std::string(go::presetName(fallback.preset))};
  }
  return {*rules, true, true, ""};
}

Result<std::optional<double>> readKomi(const Node& root) {
  const auto km = simple(root, "KM");
  if (!km) return std::optional<double>();
  std::string text = *km;
  for (char& c : text) {
    if (c == ',') c = '.';  // decimal comma, as some Asian clients write it
  }
  auto komi = parseReal(text);
  if (!komi)
    return fail("bad komi KM[" + *km + "]: expected a number such as 6.5", where(root, "KM"));
  double value = *komi;
  if (std::fabs(value) >= 100 && value == std::floor(value)) value /= 100;
  if (value * 2 != std::floor(value * 2) && value * 4 == std::floor(value * 4)) value *= 2;
  // Whole values from 100 up were taken as Fox's; keeping the rest below 100 too means a
  // komi read here reads back the same once written.
  if (std::fabs(value) >= 100) {
    return fail("komi KM[" + *km + "] is out of range: expected a komi between -100 and 100",
                where(root, "KM"));
  }
  // As go::parseKomi insists for every other way komi comes in (GTP, rules specs).
  if (value * 2 != std::floor(value * 2)) {
    return fail("bad komi KM[" + *km + "]: expected a whole or half number such as 6.5",
                where(root, "KM"));
  }
  return std::optional<double>(value);
}

Result<std::optional<int>> readHandicap(const Node& root, int boardSize) {
  const auto ha = simple(root, "HA");
  if (!ha) return std::optional<int>();
  const auto n = parseInt(*ha);
  if (!n || *n < 0 || *n > boardSize * boardSize) {
    return fail("bad handicap HA[" + *ha + "]: expected a number of stones from 0 to " +
                    std::to_string(boardSize * boardSize),
                where(root, "HA"));
  }
  return std::optional<int>(*n);
}

GameInfo readGameInfo(const Node& root) {
  GameInfo info;
  const auto text = [&](std::string_view id) {
    const std::string* raw = root.value(id);
    return raw == nullptr ? std::string() : decodeSimpleText(*raw);
  };
  info.blackName = text("PB");
  info.whiteName = text("PW");
  info.blackRank = text("BR");
  info.whiteRank = text("WR");
  info.date = text("DT");
  info.event = text("EV");
  info.result = text("RE");
  info.overtime = text("OT");
  info.rulesText = text("RU");
  if (const std::string* c = root.value("C")) info.comment = decodeText(*c);
  if (const std::string* tm = root.value("TM")) info.timeSeconds = parseSeconds(*tm);
  return info;
}

}  // namespace tengen::sgf
