#include "go/rules.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "base/quote_input.h"
#include "go/rule_choices.h"

namespace tengen::go {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    size_t j = i;
    while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

struct PresetName {
  std::string_view name;
  Preset preset;
};
// The first entry for each preset is its canonical name.
constexpr std::array kPresetNames = {
    PresetName{"tromp-taylor", Preset::TrompTaylor},
    PresetName{"tromptaylor", Preset::TrompTaylor},
    PresetName{"chinese", Preset::Chinese},
    PresetName{"japanese", Preset::Japanese},
    PresetName{"korean", Preset::Korean},
    PresetName{"aga", Preset::Aga},
    PresetName{"bga", Preset::Bga},
    PresetName{"new-zealand", Preset::NewZealand},
    PresetName{"nz", Preset::NewZealand},
    PresetName{"new_zealand", Preset::NewZealand},
    PresetName{"ing", Preset::Ing},
    PresetName{"goe", Preset::Ing},
    PresetName{"wmsg", Preset::Wmsg},
    PresetName{"igs", Preset::Igs},
    PresetName{"stone-scoring", Preset::StoneScoring},
};

std::optional<Preset> findPreset(std::string_view name) {
  const std::string key = lower(name);
  for (const auto& entry : kPresetNames) {
    if (entry.name == key) return entry.preset;
  }
  return std::nullopt;
}

std::string presetList() {
  std::string out;
  for (const auto& entry : kPresetNames) {
    if (entry.name != presetName(entry.preset)) continue;
    if (!out.empty()) out += ", ";
    out += entry.name;
  }
  return out;
}

constexpr std::array kKoChoices = {
    Choice<KoRule>{"simple", KoRule::Simple}, Choice<KoRule>{"positional", KoRule::Positional},
    Choice<KoRule>{"situational", KoRule::Situational}, Choice<KoRule>{"ing", KoRule::Ing}};
constexpr std::array kSuicideChoices = {Choice<SuicideRule>{"forbidden", SuicideRule::Forbidden},
                                        Choice<SuicideRule>{"allowed", SuicideRule::Allowed}};
constexpr std::array kScoringChoices = {Choice<ScoringRule>{"area", ScoringRule::Area},
                                        Choice<ScoringRule>{"territory", ScoringRule::Territory}};
constexpr std::array kTaxChoices = {Choice<TaxRule>{"none", TaxRule::None},
                                    Choice<TaxRule>{"seki", TaxRule::Seki},
                                    Choice<TaxRule>{"all", TaxRule::All}};
constexpr std::array kBonusChoices = {Choice<HandicapBonus>{"0", HandicapBonus::None},
                                      Choice<HandicapBonus>{"n", HandicapBonus::N},
                                      Choice<HandicapBonus>{"n-1", HandicapBonus::NMinusOne}};
constexpr std::array kCycleChoices = {Choice<CycleRule>{"allowed", CycleRule::Allowed},
                                      Choice<CycleRule>{"void", CycleRule::Void}};
constexpr std::array kFlagChoices = {Choice<bool>{"0", false}, Choice<bool>{"1", true}};
constexpr std::array kEndPassesChoices = {Choice<int>{"2", 2}, Choice<int>{"4", 4}};

Result<int> parseMoveLimit(std::string_view value) {
  if (lower(value) == "board") return kMoveLimitPerBoard;
  int n = -1;
  const char* end = value.data() + value.size();
  auto [ptr, ec] = std::from_chars(value.data(), end, n);
  if (ec != std::errc() || ptr != end || n < 0 || n > kMaxMoveLimit) {
    return fail("bad value '" + inputPrefix(value) + "' for move_limit, expected 0 (none), 1.." +
                std::to_string(kMaxMoveLimit) + " or board");
  }
  return n;
}

std::string moveLimitText(int limit) {
  return limit == kMoveLimitPerBoard ? "board" : std::to_string(limit);
}

constexpr std::array<std::string_view, 13> kKeys = {
    "ko",          "suicide",           "scoring", "tax",        "button",     "handicap_bonus",
    "pass_stones", "white_passes_last", "cycles",  "end_passes", "move_limit", "confirmation",
    "komi"};

Result<void> applyOverride(Rules& rules, std::string_view key, std::string_view value) {
  const std::string k = lower(key);
  auto set = [](auto& field, auto result) -> Result<void> {
    if (!result) return std::unexpected(result.error());
    field = *result;
    return {};
  };
  // Spec words in any case: "Ko=Simple" is "ko=simple".
  const auto word = [&](const auto& choices) { return choose(k, value, choices, Match::AnyCase); };
  if (k == "ko") return set(rules.ko, word(kKoChoices));
  if (k == "suicide") return set(rules.suicide, word(kSuicideChoices));
  if (k == "scoring") return set(rules.scoring, word(kScoringChoices));
  if (k == "tax") return set(rules.tax, word(kTaxChoices));
  if (k == "button") return set(rules.button, word(kFlagChoices));
  if (k == "handicap_bonus") return set(rules.handicapBonus, word(kBonusChoices));
  if (k == "pass_stones") return set(rules.passStones, word(kFlagChoices));
  if (k == "white_passes_last") return set(rules.whitePassesLast, word(kFlagChoices));
  if (k == "cycles") return set(rules.cycles, word(kCycleChoices));
  if (k == "end_passes") return set(rules.endPasses, word(kEndPassesChoices));
  if (k == "move_limit") return set(rules.moveLimit, parseMoveLimit(value));
  if (k == "confirmation") return set(rules.confirmation, word(kFlagChoices));
  if (k == "komi") return set(rules.komi, parseKomi(value));
  std::string expected;
  for (auto name : kKeys) {
    if (!expected.empty()) expected += ", ";
    expected += name;
  }
  return fail("unknown rule '" + inputPrefix(key) + "', expected one of " + expected);
}

}  // namespace

std::string_view presetName(Preset preset) {
  for (const auto& entry : kPresetNames) {
    if (entry.preset == preset) return entry.name;
  }
  return "?";
}

std::string formatKomi(double komi) {
  char buf[32];
  if (komi == std::floor(komi)) {
    std::snprintf(buf, sizeof buf, "%.0f", komi);
  } else {
    std::snprintf(buf, sizeof buf, "%.1f", komi);
  }
  return buf;
}

Result<double> parseKomi(std::string_view text) {
  double value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || !std::isfinite(value)) {
    return fail("komi '" + inputPrefix(text) + "' is not a number");
  }
  if (!checkKomi(value)) {
    return fail("komi '" + inputPrefix(text) + "' must be a whole or half number within +-" +
                formatKomi(kMaxKomi));
  }
  return value;
}

Result<double> checkKomi(double komi) {
  if (!std::isfinite(komi) || komi * 2 != std::floor(komi * 2) || std::fabs(komi) > kMaxKomi) {
    const std::string shown = std::isfinite(komi) ? std::to_string(komi) : "not finite";
    return fail("komi " + shown + " must be a whole or half number within +-" +
                formatKomi(kMaxKomi));
  }
  return komi;
}

Rules Rules::fromPreset(Preset preset) {
  Rules r;
  r.preset = preset;
  switch (preset) {
    case Preset::TrompTaylor:
      break;
    case Preset::Chinese:
      r.suicide = SuicideRule::Forbidden;
      r.handicapBonus = HandicapBonus::N;
      break;
    case Preset::Japanese:
    case Preset::Korean:
      r.scoring = ScoringRule::Territory;
      r.ko = KoRule::Simple;
      r.suicide = SuicideRule::Forbidden;
      r.tax = TaxRule::Seki;
      r.cycles = CycleRule::Void;
      r.confirmation = true;
      r.komi = 6.5;
      break;
    case Preset::Aga:
    case Preset::Bga:
      r.ko = KoRule::Situational;
      r.suicide = SuicideRule::Forbidden;
      r.handicapBonus = HandicapBonus::NMinusOne;
      r.passStones = true;
      r.whitePassesLast = true;
      break;
    case Preset::NewZealand:
      r.ko = KoRule::Situational;
      r.komi = 7;
      break;
    case Preset::Ing:
      // Two passes do not end an Ing game; four consecutive passes do (the SST laws; IGS's
      // goematch reaches scoring after four passes).
      r.endPasses = 4;
      // The SST ko rule as tengen reads it (KataGo and OGS approximate it with positional
      // superko, which stays selectable: `ing ko=positional`).
      r.ko = KoRule::Ing;
      break;
    case Preset::Wmsg:
      r.suicide = SuicideRule::Forbidden;
      r.button = true;
      r.komi = 7;
      break;
    case Preset::Igs:
      r.scoring = ScoringRule::Territory;
      r.ko = KoRule::Simple;
      r.suicide = SuicideRule::Forbidden;
      // IGS allows repetition, so a game that never stops needs a limit. No IGS text gives a
      // figure: three moves per point of the board, about four times the longest games seen
      // on 19x19 (1,083 there, 243 on 9x9).
      r.moveLimit = kMoveLimitPerBoard;
      r.komi = 6.5;
      break;
    case Preset::StoneScoring:
      r.ko = KoRule::Simple;
      r.suicide = SuicideRule::Forbidden;
      r.tax = TaxRule::All;
      break;
  }
  return r;
}

Result<Rules> Rules::parse(std::string_view spec) {
  const auto parts = words(spec);
  if (parts.empty()) return fail("empty rules, expected a preset: " + presetList());
  const auto preset = findPreset(parts[0]);
  if (!preset) {
    return fail("unknown ruleset '" + inputPrefix(parts[0]) + "', expected one of " + presetList());
  }
  Rules rules = fromPreset(*preset);
  for (size_t i = 1; i < parts.size(); ++i) {
    const auto eq = parts[i].find('=');
    if (eq == std::string_view::npos || eq == 0 || eq + 1 == parts[i].size()) {
      return fail("expected key=value, got '" + inputPrefix(parts[i]) + "'");
    }
    if (auto ok = applyOverride(rules, parts[i].substr(0, eq), parts[i].substr(eq + 1)); !ok) {
      return std::unexpected(ok.error());
    }
  }
  return rules;
}

Rules Rules::forNewTable() {
  Rules rules = fromPreset(Preset::TrompTaylor);
  rules.suicide = SuicideRule::Forbidden;
  return rules;
}

bool Rules::allowsFreeHandicap() const {
  // Japanese 1989 art. 4 and the Korean rules place the stones on fixed points.
  return preset != Preset::Japanese && preset != Preset::Korean;
}

Color Rules::toMoveOnResume(Color asker, Color toMoveAtStop) const {
  // Japanese 1989 art. 9: when a player asks to resume, the opponent moves first.
  const bool opponentFirst = preset == Preset::Japanese || preset == Preset::Korean;
  return opponentFirst ? opponent(asker) : toMoveAtStop;
}

int Rules::moveLimitOn(int boardSize) const {
  return moveLimit == kMoveLimitPerBoard ? 3 * boardSize * boardSize : moveLimit;
}

double Rules::komiFor(int handicapStones) const {
  return handicapStones >= 2 ? kHandicapKomi : komi;
}

int Rules::handicapPoints(int handicapStones) const {
  if (handicapStones < 2) return 0;
  switch (handicapBonus) {
    case HandicapBonus::None:
      return 0;
    case HandicapBonus::N:
      return handicapStones;
    case HandicapBonus::NMinusOne:
      return handicapStones - 1;
  }
  return 0;
}

bool Rules::sameDimensions(const Rules& o) const {
  return ko == o.ko && suicide == o.suicide && scoring == o.scoring && tax == o.tax &&
         button == o.button && handicapBonus == o.handicapBonus && passStones == o.passStones &&
         whitePassesLast == o.whitePassesLast && cycles == o.cycles && endPasses == o.endPasses &&
         moveLimit == o.moveLimit && confirmation == o.confirmation;
}

std::string Rules::toString(bool withKomi) const {
  const Rules base = fromPreset(preset);
  std::string out(presetName(preset));
  auto add = [&](std::string_view key, std::string_view value) {
    out += ' ';
    out += key;
    out += '=';
    out += value;
  };
  if (ko != base.ko) add("ko", nameOf(ko, kKoChoices));
  if (suicide != base.suicide) add("suicide", nameOf(suicide, kSuicideChoices));
  if (scoring != base.scoring) add("scoring", nameOf(scoring, kScoringChoices));
  if (tax != base.tax) add("tax", nameOf(tax, kTaxChoices));
  if (button != base.button) add("button", button ? "1" : "0");
  if (handicapBonus != base.handicapBonus)
    add("handicap_bonus", nameOf(handicapBonus, kBonusChoices));
  if (passStones != base.passStones) add("pass_stones", passStones ? "1" : "0");
  if (whitePassesLast != base.whitePassesLast)
    add("white_passes_last", whitePassesLast ? "1" : "0");
  if (cycles != base.cycles) add("cycles", nameOf(cycles, kCycleChoices));
  if (endPasses != base.endPasses) add("end_passes", std::to_string(endPasses));
  if (moveLimit != base.moveLimit) add("move_limit", moveLimitText(moveLimit));
  if (confirmation != base.confirmation) add("confirmation", confirmation ? "1" : "0");
  if (withKomi && komi != base.komi) add("komi", formatKomi(komi));
  return out;
}

}  // namespace tengen::go
