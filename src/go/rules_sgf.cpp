// Rules as SGF's RU property names them: the names other programs write and read, KataGo's
// rule strings, and tengen's own spec for everything else.
#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string>

#include "base/quote_input.h"
#include "go/rule_choices.h"
#include "go/rules.h"

namespace tengen::go {

namespace {

// Lower case, without spaces, hyphens and underscores: "Tromp Taylor", "tromp-taylor" and
// "TROMP_TAYLOR" are one name.
std::string nameKey(std::string_view text) {
  std::string key;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isspace(c) || ch == '-' || ch == '_') continue;
    key += static_cast<char>(std::tolower(c));
  }
  return key;
}

struct Alias {
  std::string_view key;  // as nameKey writes it
  Preset preset;
};
// The names SGF files in the wild use for the presets (FF[4]'s own, CGoban's, Sabaki's,
// KataGo's, OGS's, and short forms).
constexpr std::array kAliases = {
    Alias{"japanese", Preset::Japanese},
    Alias{"jp", Preset::Japanese},
    Alias{"ja", Preset::Japanese},
    Alias{"chinese", Preset::Chinese},
    Alias{"cn", Preset::Chinese},
    Alias{"zh", Preset::Chinese},
    Alias{"chineseogs", Preset::Chinese},
    Alias{"chinesekgs", Preset::Chinese},
    Alias{"korean", Preset::Korean},
    Alias{"kr", Preset::Korean},
    Alias{"aga", Preset::Aga},
    Alias{"american", Preset::Aga},
    Alias{"bga", Preset::Bga},
    Alias{"british", Preset::Bga},
    Alias{"nz", Preset::NewZealand},
    Alias{"newzealand", Preset::NewZealand},
    Alias{"goe", Preset::Ing},
    Alias{"ing", Preset::Ing},
    Alias{"tromptaylor", Preset::TrompTaylor},
    Alias{"tt", Preset::TrompTaylor},
    Alias{"stonescoring", Preset::StoneScoring},
};

// KataGo's rule strings: keys in lower case, each followed by its value in upper case or
// digits, e.g. "koPOSITIONALscoreAREAtaxNONEsui1whbNfpok1" (komi may follow as komi7.5).
bool looksLikeKataGo(std::string_view text) {
  return text.starts_with("ko") && text.size() > 2 &&
         std::isupper(static_cast<unsigned char>(text[2])) &&
         text.find("score") != std::string_view::npos;
}

struct KataGoRules {
  std::optional<KoRule> ko;
  std::optional<ScoringRule> scoring;
  std::optional<TaxRule> tax;
  std::optional<SuicideRule> suicide;
  bool button = false;
  std::optional<HandicapBonus> handicapBonus;
  std::optional<double> komi;
};

constexpr std::array kKoValues = {Choice<KoRule>{"SIMPLE", KoRule::Simple},
                                  Choice<KoRule>{"POSITIONAL", KoRule::Positional},
                                  Choice<KoRule>{"SITUATIONAL", KoRule::Situational}};
constexpr std::array kScoreValues = {Choice<ScoringRule>{"AREA", ScoringRule::Area},
                                     Choice<ScoringRule>{"TERRITORY", ScoringRule::Territory}};
constexpr std::array kTaxValues = {Choice<TaxRule>{"NONE", TaxRule::None},
                                   Choice<TaxRule>{"SEKI", TaxRule::Seki},
                                   Choice<TaxRule>{"ALL", TaxRule::All}};
constexpr std::array kSuicideValues = {Choice<SuicideRule>{"0", SuicideRule::Forbidden},
                                       Choice<SuicideRule>{"1", SuicideRule::Allowed}};
constexpr std::array kFlagValues = {Choice<bool>{"0", false}, Choice<bool>{"1", true}};
constexpr std::array kBonusValues = {Choice<HandicapBonus>{"0", HandicapBonus::None},
                                     Choice<HandicapBonus>{"N", HandicapBonus::N},
                                     Choice<HandicapBonus>{"N-1", HandicapBonus::NMinusOne}};

Result<void> setKataGoValue(KataGoRules& out, std::string_view key, std::string_view value) {
  const auto set = [&](auto& target, const auto& values) -> Result<void> {
    auto picked = choose(key, value, values, Match::Exact, " in a KataGo rule string");
    if (!picked) return std::unexpected(picked.error());
    target = *picked;
    return {};
  };
  // "Friendly pass ok" (fpok): how KataGo treats a pass before the dead stones are captured.
  // The rules here end the game on passes either way, so it is checked and ignored.
  bool ignored = false;
  if (key == "ko") return set(out.ko, kKoValues);
  if (key == "score") return set(out.scoring, kScoreValues);
  if (key == "tax") return set(out.tax, kTaxValues);
  if (key == "sui") return set(out.suicide, kSuicideValues);
  if (key == "button") return set(out.button, kFlagValues);
  if (key == "whb") return set(out.handicapBonus, kBonusValues);
  if (key == "fpok") return set(ignored, kFlagValues);
  if (key == "komi") {
    auto komi = parseKomi(value);
    if (!komi) return std::unexpected(komi.error());
    out.komi = *komi;
    return {};
  }
  return fail("unknown key '" + inputPrefix(key) +
              "' in a KataGo rule string, expected ko, score, tax, sui, button, whb, fpok or "
              "komi");
}

Result<Rules> fromKataGo(std::string_view text) {
  KataGoRules parsed;
  size_t i = 0;
  while (i < text.size()) {
    size_t j = i;
    while (j < text.size() && std::islower(static_cast<unsigned char>(text[j]))) ++j;
    size_t k = j;
    while (k < text.size() && !std::islower(static_cast<unsigned char>(text[k]))) ++k;
    if (j == i || k == j) {
      return fail("cannot read the KataGo rule string '" + inputPrefix(text) + "' at '" +
                  inputPrefix(text.substr(i)) +
                  "': expected a key such as ko followed by its "
                  "value such as POSITIONAL");
    }
    if (auto ok = setKataGoValue(parsed, text.substr(i, j - i), text.substr(j, k - j)); !ok) {
      return std::unexpected(ok.error());
    }
    i = k;
  }
  if (!parsed.ko || !parsed.scoring) {
    return fail("the KataGo rule string '" + inputPrefix(text) + "' lacks its ko or score");
  }
  // The first preset with these dimensions keeps its name and what a rule string cannot say
  // (AGA's pass stones, Japanese repetition); otherwise the closest by scoring, overridden.
  const auto wanted = [&](const Rules& r) {
    return r.ko == *parsed.ko && r.scoring == *parsed.scoring &&
           r.tax == parsed.tax.value_or(r.tax) && r.suicide == parsed.suicide.value_or(r.suicide) &&
           r.button == parsed.button &&
           r.handicapBonus == parsed.handicapBonus.value_or(r.handicapBonus);
  };
  std::optional<Rules> rules;
  for (const Preset preset : kPresets) {
    if (wanted(Rules::fromPreset(preset))) {
      rules = Rules::fromPreset(preset);
      break;
    }
  }
  if (!rules) {
    rules = Rules::fromPreset(*parsed.scoring == ScoringRule::Territory ? Preset::Japanese
                                                                        : Preset::Chinese);
    rules->ko = *parsed.ko;
    rules->tax = parsed.tax.value_or(rules->tax);
    rules->suicide = parsed.suicide.value_or(rules->suicide);
    rules->button = parsed.button;
    rules->handicapBonus = parsed.handicapBonus.value_or(rules->handicapBonus);
  }
  if (parsed.komi) rules->komi = *parsed.komi;
  return *rules;
}

}  // namespace

Result<Rules> Rules::fromSgf(std::string_view ru) {
  const std::string key = nameKey(ru);
  for (const Alias& alias : kAliases) {
    if (alias.key == key) return fromPreset(alias.preset);
  }
  std::string_view trimmed = ru;
  while (!trimmed.empty() && std::isspace(static_cast<unsigned char>(trimmed.front()))) {
    trimmed.remove_prefix(1);
  }
  while (!trimmed.empty() && std::isspace(static_cast<unsigned char>(trimmed.back()))) {
    trimmed.remove_suffix(1);
  }
  if (looksLikeKataGo(trimmed)) return fromKataGo(trimmed);
  return parse(ru);
}

std::string Rules::toSgf() const {
  if (!sameDimensions(fromPreset(preset))) return toString();
  switch (preset) {
    case Preset::TrompTaylor:
      return "Tromp-Taylor";
    case Preset::Chinese:
      return "Chinese";
    case Preset::Japanese:
      return "Japanese";
    case Preset::Korean:
      return "Korean";
    case Preset::Aga:
      return "AGA";
    case Preset::Bga:
      return "BGA";
    case Preset::NewZealand:
      return "NZ";
    case Preset::Ing:
      return "GOE";
    case Preset::Wmsg:
    case Preset::Igs:
    case Preset::StoneScoring:
      // No name other programs share: tengen's own, which reads back the same.
      return std::string(presetName(preset));
  }
  return std::string(presetName(preset));
}

}  // namespace tengen::go
