#include "bot/move_weights.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "bot/move_weights_data.h"

namespace tengen::bot {

namespace {

constexpr char kCellChars[4] = {'.', 'X', 'O', '#'};

Result<FeatureGroup> parseGroup(std::string_view name) {
  for (int g = 0; g < kFeatureGroups; ++g) {
    if (featureGroupName(static_cast<FeatureGroup>(g)) == name) return static_cast<FeatureGroup>(g);
  }
  return fail("unknown feature group '" + std::string(name) +
              "' (expected pattern3, capture, extension, self_atari, atari, distance_last, "
              "distance_last2, line or own_eye)");
}

// The next field of a line, split at spaces and tabs.
std::string_view nextField(std::string_view& line) {
  const std::size_t start = line.find_first_not_of(" \t");
  if (start == std::string_view::npos) {
    line = {};
    return {};
  }
  line.remove_prefix(start);
  const std::size_t end = line.find_first_of(" \t");
  const std::string_view field = line.substr(0, end);
  line.remove_prefix(end == std::string_view::npos ? line.size() : end);
  return field;
}

}  // namespace

MoveWeights::MoveWeights() {
  for (int g = 0; g < kFeatureGroups; ++g) {
    gammas_[g].assign(static_cast<std::size_t>(kFeatureLevels[g]), 1.0f);
  }
}

void MoveWeights::setGamma(FeatureGroup group, std::uint32_t level, float gamma) {
  auto& levels = gammas_[static_cast<int>(group)];
  if (level < levels.size()) levels[level] = gamma;
}

std::string pattern3Text(std::uint32_t level) {
  std::string text(8, '?');
  const std::uint32_t code = level - 1;
  for (int i = 0; i < 8; ++i) text[i] = kCellChars[(code >> (2 * i)) & 3u];
  return text;
}

Result<std::uint32_t> parsePattern3(std::string_view text) {
  if (text.size() != 8) {
    return fail("a 3x3 pattern is 8 characters (NW N NE W E SW S SE), got '" + std::string(text) +
                "'");
  }
  unsigned code = 0;
  for (int i = 0; i < 8; ++i) {
    const char* at = std::find(kCellChars, kCellChars + 4, text[i]);
    if (at == kCellChars + 4) {
      return fail("a 3x3 pattern cell is one of . X O #, got '" + std::string(1, text[i]) + "'");
    }
    code |= static_cast<unsigned>(at - kCellChars) << (2 * i);
  }
  return canonicalPattern3(static_cast<std::uint16_t>(code)) + 1u;
}

Result<MoveWeights> MoveWeights::parse(std::string_view text) {
  MoveWeights weights;
  int lineNumber = 0;
  while (!text.empty()) {
    ++lineNumber;
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) {
      // '#' is also an edge cell in a pattern: a comment starts only at a field's start.
      const std::size_t first = line.find_first_not_of(" \t");
      if (first == hash) continue;
    }
    const std::string where = "line " + std::to_string(lineNumber);
    const std::string_view groupName = nextField(line);
    if (groupName.empty()) continue;
    const auto group = parseGroup(groupName);
    if (!group) return fail(group.error().message, where);
    const std::string_view levelText = nextField(line);
    const std::string_view gammaText = nextField(line);
    if (gammaText.empty() || !nextField(line).empty()) {
      return fail("expected: group level gamma", where);
    }
    std::uint32_t level = 0;
    if (*group == FeatureGroup::Pattern3) {
      const auto parsed = parsePattern3(levelText);
      if (!parsed) return fail(parsed.error().message, where);
      level = *parsed;
    } else {
      const auto [ptr, ec] =
          std::from_chars(levelText.data(), levelText.data() + levelText.size(), level);
      const auto max = static_cast<std::uint32_t>(kFeatureLevels[static_cast<int>(*group)]);
      if (ec != std::errc{} || ptr != levelText.data() + levelText.size() || level == 0 ||
          level >= max) {
        return fail(std::string(groupName) + " has levels 1.." + std::to_string(max - 1) +
                        ", got '" + std::string(levelText) + "'",
                    where);
      }
    }
    float gamma = 0;
    const auto [ptr, ec] =
        std::from_chars(gammaText.data(), gammaText.data() + gammaText.size(), gamma);
    if (ec != std::errc{} || ptr != gammaText.data() + gammaText.size() || !std::isfinite(gamma) ||
        gamma <= 0) {
      return fail("a gamma is a positive number, got '" + std::string(gammaText) + "'", where);
    }
    weights.setGamma(*group, level, gamma);
  }
  return weights;
}

const MoveWeights& MoveWeights::builtIn() {
  static const MoveWeights weights = [] {
    auto parsed = parse(kBuiltInMoveWeights);
    // The build embeds a file the tests parse; a broken one is a build defect, not input.
    if (!parsed) {
      std::fprintf(stderr, "src/bot/move_weights.txt: %s\n", parsed.error().toString().c_str());
      std::abort();
    }
    return *std::move(parsed);
  }();
  return weights;
}

std::string MoveWeights::format(std::string_view header) const {
  std::string out;
  while (!header.empty()) {
    const std::size_t end = header.find('\n');
    out += "# ";
    out += header.substr(0, end);
    out += '\n';
    header.remove_prefix(end == std::string_view::npos ? header.size() : end + 1);
  }
  char number[32];
  for (int g = 0; g < kFeatureGroups; ++g) {
    const auto group = static_cast<FeatureGroup>(g);
    const auto& levels = gammas_[g];
    for (std::uint32_t level = 1; level < levels.size(); ++level) {
      if (levels[level] == 1.0f) continue;
      std::snprintf(number, sizeof number, "%.6g", static_cast<double>(levels[level]));
      out += featureGroupName(group);
      out += ' ';
      out += group == FeatureGroup::Pattern3 ? pattern3Text(level) : std::to_string(level);
      out += ' ';
      out += number;
      out += '\n';
    }
  }
  return out;
}

}  // namespace tengen::bot
