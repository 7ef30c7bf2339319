// Rules as a value of dimensions with named presets, parsed from "NAME [key=value ...]"
// case-insensitively, with SGF RU both ways (issue #2 "Rules", the preset table).
#include "go/rules.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tengen::go {
namespace {

struct PresetRow {
  const char* name;
  Preset preset;
  ScoringRule scoring;
  KoRule ko;
  SuicideRule suicide;
  TaxRule tax;
  HandicapBonus bonus;
  bool button;
  bool passStones;
  bool whitePassesLast;
  CycleRule cycles;
  int endPasses;
  int moveLimit;
  bool confirmation;
  double komi;
};
constexpr int kBoard = kMoveLimitPerBoard;

using enum ScoringRule;
using enum KoRule;
using enum SuicideRule;
using enum TaxRule;
constexpr auto kBonus0 = HandicapBonus::None;
constexpr auto kBonusN = HandicapBonus::N;
constexpr auto kBonusN1 = HandicapBonus::NMinusOne;

// The table of issue #2, one row per accepted name.
// clang-format off
const std::vector<PresetRow> kPresetTable = {
    {"tromp-taylor", Preset::TrompTaylor, Area, Positional, Allowed, None, kBonus0, false, false, false, CycleRule::Allowed, 2, 0, false, 7.5},
    {"tromptaylor", Preset::TrompTaylor, Area, Positional, Allowed, None, kBonus0, false, false, false, CycleRule::Allowed, 2, 0, false, 7.5},
    {"chinese", Preset::Chinese, Area, Positional, Forbidden, None, kBonusN, false, false, false, CycleRule::Allowed, 2, 0, false, 7.5},
    {"japanese", Preset::Japanese, Territory, Simple, Forbidden, Seki, kBonus0, false, false, false, CycleRule::Void, 2, 0, true, 6.5},
    {"korean", Preset::Korean, Territory, Simple, Forbidden, Seki, kBonus0, false, false, false, CycleRule::Void, 2, 0, true, 6.5},
    {"aga", Preset::Aga, Area, Situational, Forbidden, None, kBonusN1, false, true, true, CycleRule::Allowed, 2, 0, false, 7.5},
    {"bga", Preset::Bga, Area, Situational, Forbidden, None, kBonusN1, false, true, true, CycleRule::Allowed, 2, 0, false, 7.5},
    {"new-zealand", Preset::NewZealand, Area, Situational, Allowed, None, kBonus0, false, false, false, CycleRule::Allowed, 2, 0, false, 7},
    {"nz", Preset::NewZealand, Area, Situational, Allowed, None, kBonus0, false, false, false, CycleRule::Allowed, 2, 0, false, 7},
    {"ing", Preset::Ing, Area, Ing, Allowed, None, kBonus0, false, false, false, CycleRule::Allowed, 4, 0, false, 7.5},
    {"goe", Preset::Ing, Area, Ing, Allowed, None, kBonus0, false, false, false, CycleRule::Allowed, 4, 0, false, 7.5},
    {"wmsg", Preset::Wmsg, Area, Positional, Forbidden, None, kBonus0, true, false, false, CycleRule::Allowed, 2, 0, false, 7},
    {"igs", Preset::Igs, Territory, Simple, Forbidden, None, kBonus0, false, false, false, CycleRule::Allowed, 2, kBoard, false, 6.5},
    {"stone-scoring", Preset::StoneScoring, Area, Simple, Forbidden, All, kBonus0, false, false, false, CycleRule::Allowed, 2, 0, false, 7.5},
};
// clang-format on

Rules parsed(std::string_view spec) {
  auto rules = Rules::parse(spec);
  EXPECT_TRUE(rules.has_value()) << spec << ": " << (rules ? "" : rules.error().toString());
  return rules.value_or(Rules{});
}

std::string parseError(std::string_view spec) {
  auto rules = Rules::parse(spec);
  return rules ? "(parsed)" : rules.error().toString();
}

TEST(Presets, EveryNameHasExactlyTheDimensionsOfTheTable) {
  for (const PresetRow& row : kPresetTable) {
    const Rules r = parsed(row.name);
    EXPECT_EQ(r.preset, row.preset) << row.name;
    EXPECT_EQ(r.scoring, row.scoring) << row.name;
    EXPECT_EQ(r.ko, row.ko) << row.name;
    EXPECT_EQ(r.suicide, row.suicide) << row.name;
    EXPECT_EQ(r.tax, row.tax) << row.name;
    EXPECT_EQ(r.handicapBonus, row.bonus) << row.name;
    EXPECT_EQ(r.button, row.button) << row.name;
    EXPECT_EQ(r.passStones, row.passStones) << row.name;
    EXPECT_EQ(r.whitePassesLast, row.whitePassesLast) << row.name;
    EXPECT_EQ(r.cycles, row.cycles) << row.name;
    EXPECT_EQ(r.endPasses, row.endPasses) << row.name;
    EXPECT_EQ(r.moveLimit, row.moveLimit) << row.name;
    EXPECT_EQ(r.confirmation, row.confirmation) << row.name;
    EXPECT_EQ(r.komi, row.komi) << row.name;
    EXPECT_EQ(r, Rules::fromPreset(row.preset)) << row.name;
  }
}

TEST(Presets, DefaultRulesAreTrompTaylor) {
  EXPECT_EQ(Rules{}, Rules::fromPreset(Preset::TrompTaylor));
}

TEST(Presets, CanonicalNames) {
  EXPECT_EQ(presetName(Preset::TrompTaylor), "tromp-taylor");
  EXPECT_EQ(presetName(Preset::NewZealand), "new-zealand");
  EXPECT_EQ(presetName(Preset::Ing), "ing");
  EXPECT_EQ(presetName(Preset::StoneScoring), "stone-scoring");
}

TEST(RulesParse, OverridesChangeOneDimension) {
  const Rules r = parsed("japanese tax=none");
  Rules expected = Rules::fromPreset(Preset::Japanese);
  expected.tax = TaxRule::None;
  EXPECT_EQ(r, expected);
  EXPECT_EQ(parsed("tromp-taylor suicide=forbidden").suicide, SuicideRule::Forbidden);
}

TEST(RulesParse, EveryKeyAndValue) {
  const Rules r = parsed(
      "chinese ko=situational suicide=allowed scoring=territory tax=all button=1 "
      "handicap_bonus=n-1 pass_stones=1 white_passes_last=1 cycles=void end_passes=4 "
      "move_limit=300 confirmation=1 komi=-3.5");
  EXPECT_EQ(r.preset, Preset::Chinese);
  EXPECT_EQ(r.ko, KoRule::Situational);
  EXPECT_EQ(r.suicide, SuicideRule::Allowed);
  EXPECT_EQ(r.scoring, ScoringRule::Territory);
  EXPECT_EQ(r.tax, TaxRule::All);
  EXPECT_TRUE(r.button);
  EXPECT_EQ(r.handicapBonus, HandicapBonus::NMinusOne);
  EXPECT_TRUE(r.passStones);
  EXPECT_TRUE(r.whitePassesLast);
  EXPECT_EQ(r.cycles, CycleRule::Void);
  EXPECT_EQ(r.endPasses, 4);
  EXPECT_EQ(r.moveLimit, 300);
  EXPECT_TRUE(r.confirmation);
  EXPECT_EQ(r.komi, -3.5);
  const Rules back = parsed(
      "japanese ko=simple suicide=forbidden scoring=area tax=none button=0 "
      "handicap_bonus=0 pass_stones=0 white_passes_last=0 cycles=allowed end_passes=2 "
      "move_limit=board confirmation=0 komi=0");
  EXPECT_EQ(back.handicapBonus, HandicapBonus::None);
  EXPECT_EQ(back.endPasses, 2);
  EXPECT_EQ(back.moveLimit, kMoveLimitPerBoard);
  EXPECT_FALSE(back.confirmation);
  EXPECT_EQ(back.cycles, CycleRule::Allowed);
  EXPECT_EQ(back.komi, 0);
}

TEST(RulesParse, IsCaseInsensitiveAndIgnoresExtraSpace) {
  EXPECT_EQ(parsed("JAPANESE TAX=NONE"), parsed("japanese tax=none"));
  EXPECT_EQ(parsed("Tromp-Taylor"), Rules::fromPreset(Preset::TrompTaylor));
  EXPECT_EQ(parsed("  AGA\tKo=Positional  "), parsed("aga ko=positional"));
  EXPECT_EQ(parsed("NZ Handicap_Bonus=N").handicapBonus, HandicapBonus::N);
}

TEST(RulesParse, LaterOverridesWin) {
  EXPECT_EQ(parsed("japanese tax=none tax=all").tax, TaxRule::All);
}

TEST(RulesParse, ErrorsSayWhatWasWrongAndWhatWasExpected) {
  const std::string presets =
      "tromp-taylor, chinese, japanese, korean, aga, bga, new-zealand, ing, wmsg, igs, "
      "stone-scoring";
  EXPECT_EQ(parseError(""), "empty rules, expected a preset: " + presets);
  EXPECT_EQ(parseError("   "), "empty rules, expected a preset: " + presets);
  EXPECT_EQ(parseError("go"), "unknown ruleset 'go', expected one of " + presets);
  EXPECT_EQ(parseError("tax=none"), "unknown ruleset 'tax=none', expected one of " + presets);
  EXPECT_EQ(parseError("japanese tax"), "expected key=value, got 'tax'");
  EXPECT_EQ(parseError("japanese =none"), "expected key=value, got '=none'");
  EXPECT_EQ(parseError("japanese tax="), "expected key=value, got 'tax='");
  EXPECT_EQ(parseError("japanese tax=maybe"),
            "bad value 'maybe' for tax, expected none | seki | all");
  EXPECT_EQ(parseError("japanese Ko=Super"),
            "bad value 'Super' for ko, expected simple | positional | situational | ing");
  EXPECT_EQ(parseError("japanese suicide=yes"),
            "bad value 'yes' for suicide, expected forbidden | allowed");
  EXPECT_EQ(parseError("japanese scoring=stones"),
            "bad value 'stones' for scoring, expected area | territory");
  EXPECT_EQ(parseError("chinese button=yes"), "bad value 'yes' for button, expected 0 | 1");
  EXPECT_EQ(parseError("chinese handicap_bonus=2"),
            "bad value '2' for handicap_bonus, expected 0 | n | n-1");
  EXPECT_EQ(parseError("chinese cycles=never"),
            "bad value 'never' for cycles, expected allowed | void");
  EXPECT_EQ(
      parseError("japanese colour=red"),
      "unknown rule 'colour', expected one of ko, suicide, scoring, tax, button, handicap_bonus, "
      "pass_stones, white_passes_last, cycles, end_passes, move_limit, confirmation, komi");
  EXPECT_EQ(parseError("ing end_passes=3"), "bad value '3' for end_passes, expected 2 | 4");
  EXPECT_EQ(parseError("igs move_limit=-5"),
            "bad value '-5' for move_limit, expected 0 (none), 1..10000 or board");
  EXPECT_EQ(parseError("igs move_limit=10001"),
            "bad value '10001' for move_limit, expected 0 (none), 1..10000 or board");
  EXPECT_EQ(parseError("igs move_limit=lots"),
            "bad value 'lots' for move_limit, expected 0 (none), 1..10000 or board");
  EXPECT_EQ(parseError("japanese confirmation=yes"),
            "bad value 'yes' for confirmation, expected 0 | 1");
  EXPECT_EQ(parseError("chinese komi=7.3"),
            "komi '7.3' must be a whole or half number within +-150");
  EXPECT_EQ(parseError("chinese komi=seven"), "komi 'seven' is not a number");
  EXPECT_EQ(parseError("chinese komi=nan"), "komi 'nan' is not a number");
}

TEST(Komi, WholeAndHalfNumbersOnly) {
  EXPECT_EQ(parseKomi("7.5").value_or(0), 7.5);
  EXPECT_EQ(parseKomi("-3.5").value_or(0), -3.5);
  EXPECT_EQ(parseKomi("0").value_or(1), 0);
  EXPECT_EQ(parseKomi("150").value_or(0), 150);
  EXPECT_EQ(parseKomi("-150").value_or(0), -150);
  EXPECT_FALSE(parseKomi("150.5"));
  EXPECT_FALSE(parseKomi("1000"));
  EXPECT_FALSE(parseKomi("6.25"));
  EXPECT_FALSE(parseKomi(""));
  EXPECT_FALSE(parseKomi("7.5pts"));
}

TEST(Komi, FormatsAsRulesTextsWriteIt) {
  EXPECT_EQ(formatKomi(7.5), "7.5");
  EXPECT_EQ(formatKomi(7), "7");
  EXPECT_EQ(formatKomi(0), "0");
  EXPECT_EQ(formatKomi(-3.5), "-3.5");
  EXPECT_EQ(formatKomi(-0.5), "-0.5");
}

TEST(RulesToString, NamesThePresetAndOnlyTheDifferences) {
  EXPECT_EQ(Rules::fromPreset(Preset::Japanese).toString(), "japanese");
  EXPECT_EQ(parsed("japanese tax=none").toString(), "japanese tax=none");
  EXPECT_EQ(parsed("japanese tax=seki").toString(), "japanese");
  EXPECT_EQ(parsed("nz").toString(), "new-zealand");
  EXPECT_EQ(parsed("aga white_passes_last=0 ko=positional").toString(),
            "aga ko=positional white_passes_last=0");
  EXPECT_EQ(parsed("chinese komi=6").toString(), "chinese");
  EXPECT_EQ(parsed("chinese komi=6").toString(true), "chinese komi=6");
  EXPECT_EQ(parsed("chinese komi=7.5").toString(true), "chinese");
  EXPECT_EQ(parsed("ing end_passes=2").toString(), "ing end_passes=2");
  EXPECT_EQ(parsed("chinese move_limit=board").toString(), "chinese move_limit=board");
  EXPECT_EQ(parsed("igs move_limit=400").toString(), "igs move_limit=400");
  EXPECT_EQ(parsed("japanese confirmation=0").toString(), "japanese confirmation=0");
}

TEST(MoveLimit, PerBoardIsThreeMovesAPoint) {
  const Rules igs = Rules::fromPreset(Preset::Igs);
  EXPECT_EQ(igs.moveLimitOn(19), 1083);
  EXPECT_EQ(igs.moveLimitOn(9), 243);
  EXPECT_EQ(igs.moveLimitOn(2), 12);
  EXPECT_EQ(parsed("igs move_limit=400").moveLimitOn(19), 400);
  EXPECT_EQ(parsed("igs move_limit=0").moveLimitOn(19), 0);
  EXPECT_EQ(Rules::fromPreset(Preset::Japanese).moveLimitOn(19), 0);
}

TEST(RulesToString, ParsesBackToTheSameRules) {
  const std::vector<std::string> overrides = {
      "",
      "ko=simple",
      "ko=situational",
      "suicide=allowed",
      "suicide=forbidden",
      "scoring=territory",
      "scoring=area",
      "tax=seki",
      "tax=all",
      "button=1",
      "handicap_bonus=n",
      "handicap_bonus=n-1",
      "pass_stones=1",
      "white_passes_last=1",
      "cycles=void",
      "end_passes=4",
      "end_passes=2",
      "move_limit=0",
      "move_limit=250",
      "move_limit=board",
      "confirmation=1",
      "confirmation=0",
      "komi=-2.5",
      "komi=0",
      "ko=positional tax=all komi=5.5 button=1",
  };
  for (const PresetRow& row : kPresetTable) {
    for (const std::string& extra : overrides) {
      const Rules r = parsed(std::string(row.name) + " " + extra);
      EXPECT_EQ(parsed(r.toString(true)), r)
          << row.name << " " << extra << " -> " << r.toString(true);
      EXPECT_TRUE(parsed(r.toString()).sameDimensions(r)) << row.name << " " << extra;
    }
  }
}

TEST(HandicapBonus, PointsForNStones) {
  const Rules chinese = Rules::fromPreset(Preset::Chinese);
  const Rules aga = Rules::fromPreset(Preset::Aga);
  const Rules japanese = Rules::fromPreset(Preset::Japanese);
  // An n of 0 or 1 is an even game: no bonus (N-1 clamps to 0).
  for (int n : {0, 1}) {
    EXPECT_EQ(chinese.handicapPoints(n), 0);
    EXPECT_EQ(aga.handicapPoints(n), 0);
  }
  for (int n = 2; n <= 9; ++n) {
    EXPECT_EQ(chinese.handicapPoints(n), n);
    EXPECT_EQ(aga.handicapPoints(n), n - 1);
    EXPECT_EQ(japanese.handicapPoints(n), 0);
  }
}

// SGF FF[4] RU: the SGF names AGA, GOE, Japanese, NZ, plus Chinese and Korean seen in
// practice.
TEST(SgfRules, ReadsTheSgfNames) {
  struct Case {
    const char* ru;
    Preset preset;
  };
  for (const Case& c : {Case{"AGA", Preset::Aga},
                        Case{"GOE", Preset::Ing},
                        Case{"Japanese", Preset::Japanese},
                        Case{"NZ", Preset::NewZealand},
                        Case{"Chinese", Preset::Chinese},
                        Case{"Korean", Preset::Korean},
                        Case{"japanese", Preset::Japanese},
                        Case{"Japanese ", Preset::Japanese},
                        Case{"tromp-taylor", Preset::TrompTaylor},
                        Case{"Tromp Taylor", Preset::TrompTaylor},
                        Case{"New Zealand", Preset::NewZealand},
                        Case{"Ing", Preset::Ing},
                        Case{"wmsg", Preset::Wmsg},
                        Case{"jp", Preset::Japanese},
                        Case{"cn", Preset::Chinese},
                        Case{"KR", Preset::Korean},
                        Case{"tt", Preset::TrompTaylor},
                        Case{"Tromp-Taylor", Preset::TrompTaylor},
                        Case{"TROMP_TAYLOR", Preset::TrompTaylor},
                        Case{"BGA", Preset::Bga},
                        Case{"British", Preset::Bga},
                        Case{"new-zealand", Preset::NewZealand},
                        Case{"chinese-ogs", Preset::Chinese},
                        Case{" goe", Preset::Ing}}) {
    const auto r = Rules::fromSgf(c.ru);
    ASSERT_TRUE(r.has_value()) << c.ru;
    EXPECT_EQ(*r, Rules::fromPreset(c.preset)) << c.ru;
  }
}

TEST(SgfRules, ReadsOurOwnSpecs) {
  const auto r = Rules::fromSgf("japanese tax=none");
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->tax, TaxRule::None);
  const auto bad = Rules::fromSgf("Foo");
  ASSERT_FALSE(bad.has_value());
  EXPECT_NE(bad.error().toString().find("unknown ruleset 'Foo'"), std::string::npos);
}

// KataGo writes RU as its rule string. Each maps to the preset with those dimensions, keeping
// what the string cannot say (AGA's pass stones); others are overrides of the nearest.
TEST(SgfRules, ReadsKataGoRuleStrings) {
  const auto read = [](std::string_view ru) {
    auto r = Rules::fromSgf(ru);
    EXPECT_TRUE(r.has_value()) << ru << ": " << (r ? "" : r.error().toString());
    return r.value_or(Rules{});
  };
  EXPECT_EQ(read("koPOSITIONALscoreAREAtaxNONEsui1"), Rules::fromPreset(Preset::TrompTaylor));
  EXPECT_EQ(read("koSIMPLEscoreTERRITORYtaxSEKIsui0"), Rules::fromPreset(Preset::Japanese));
  const Rules aga = read("koSITUATIONALscoreAREAtaxNONEsui0whbN-1fpok1");
  EXPECT_EQ(aga.preset, Preset::Aga);
  EXPECT_TRUE(aga.passStones);
  const Rules withKomi = read("koPOSITIONALscoreAREAtaxNONEsui1komi6.5");
  EXPECT_EQ(withKomi.preset, Preset::TrompTaylor);
  EXPECT_EQ(withKomi.komi, 6.5);
  // No preset has these: the nearest by scoring, with the string's dimensions.
  const Rules odd = read("koSITUATIONALscoreTERRITORYtaxALLsui1button1whbN");
  EXPECT_EQ(odd.ko, KoRule::Situational);
  EXPECT_EQ(odd.scoring, ScoringRule::Territory);
  EXPECT_EQ(odd.tax, TaxRule::All);
  EXPECT_EQ(odd.suicide, SuicideRule::Allowed);
  EXPECT_TRUE(odd.button);
  EXPECT_EQ(odd.handicapBonus, HandicapBonus::N);
  const auto back = Rules::fromSgf(odd.toSgf());
  ASSERT_TRUE(back.has_value()) << odd.toSgf();
  EXPECT_TRUE(back->sameDimensions(odd)) << odd.toSgf();
}

TEST(SgfRules, KataGoStringErrorsNameTheKeyAndTheValues) {
  const auto error = [](std::string_view ru) {
    auto r = Rules::fromSgf(ru);
    EXPECT_FALSE(r.has_value()) << ru;
    return r ? std::string() : r.error().toString();
  };
  EXPECT_EQ(error("koSPIGHTscoreAREA"),
            "bad value 'SPIGHT' for ko in a KataGo rule string, expected SIMPLE | POSITIONAL | "
            "SITUATIONAL");
  EXPECT_EQ(error("koSIMPLEscoreAREAsui2"),
            "bad value '2' for sui in a KataGo rule string, expected 0 | 1");
  EXPECT_EQ(error("koSIMPLEscoreAREAfoo1"),
            "unknown key 'foo' in a KataGo rule string, expected ko, score, tax, sui, button, "
            "whb, fpok or komi");
  EXPECT_NE(error("koSIMPLEscoreAREAkomi6.3").find("komi '6.3'"), std::string::npos);
}

TEST(SgfRules, WritesTheSgfNameWhenTheRulesAreExactlyAPreset) {
  EXPECT_EQ(Rules::fromPreset(Preset::Aga).toSgf(), "AGA");
  EXPECT_EQ(Rules::fromPreset(Preset::Ing).toSgf(), "GOE");
  EXPECT_EQ(Rules::fromPreset(Preset::Japanese).toSgf(), "Japanese");
  EXPECT_EQ(Rules::fromPreset(Preset::NewZealand).toSgf(), "NZ");
  EXPECT_EQ(Rules::fromPreset(Preset::Chinese).toSgf(), "Chinese");
  EXPECT_EQ(Rules::fromPreset(Preset::Korean).toSgf(), "Korean");
  EXPECT_EQ(Rules::fromPreset(Preset::TrompTaylor).toSgf(), "Tromp-Taylor");
  EXPECT_EQ(Rules::fromPreset(Preset::Bga).toSgf(), "BGA");
  EXPECT_EQ(Rules::fromPreset(Preset::Wmsg).toSgf(), "wmsg");
  EXPECT_EQ(Rules::fromPreset(Preset::Igs).toSgf(), "igs");
  EXPECT_EQ(Rules::fromPreset(Preset::StoneScoring).toSgf(), "stone-scoring");
  EXPECT_EQ(parsed("japanese tax=none").toSgf(), "japanese tax=none");
  // Komi lives in SGF KM, not RU.
  EXPECT_EQ(parsed("aga komi=0.5").toSgf(), "AGA");
}

TEST(SgfRules, RoundTripsEveryPresetAndOverride) {
  for (const PresetRow& row : kPresetTable) {
    for (const char* extra : {"", "tax=all", "ko=simple button=1"}) {
      const Rules r = parsed(std::string(row.name) + " " + extra);
      const auto back = Rules::fromSgf(r.toSgf());
      ASSERT_TRUE(back.has_value()) << r.toSgf();
      EXPECT_EQ(back->preset, r.preset) << r.toSgf();
      EXPECT_TRUE(back->sameDimensions(r)) << r.toSgf();
    }
  }
}

// The procedures around the position rules, one fact each.
TEST(RulesProcedures, OnlyTrompTaylorScoresTheBoardAsItStands) {
  for (Preset preset : kPresets) {
    EXPECT_EQ(Rules::fromPreset(preset).hasRemovalPhase(), preset != Preset::TrompTaylor)
        << presetName(preset);
  }
  EXPECT_FALSE(Rules::parse("tromp-taylor suicide=forbidden")->hasRemovalPhase());
}

TEST(RulesProcedures, JapaneseAndKoreanFixTheHandicapPoints) {
  for (Preset preset : kPresets) {
    const bool fixed = preset == Preset::Japanese || preset == Preset::Korean;
    EXPECT_EQ(Rules::fromPreset(preset).allowsFreeHandicap(), !fixed) << presetName(preset);
  }
}

// Japanese 1989 art. 9: the opponent of the player who asks to resume moves first.
TEST(RulesProcedures, ResumptionUnderJapaneseRulesGivesTheOpponentTheFirstMove) {
  const Rules japanese = Rules::fromPreset(Preset::Japanese);
  EXPECT_EQ(japanese.toMoveOnResume(Color::Black, Color::Black), Color::White);
  EXPECT_EQ(japanese.toMoveOnResume(Color::White, Color::Black), Color::Black);
  EXPECT_EQ(Rules::fromPreset(Preset::Korean).toMoveOnResume(Color::Black, Color::Black),
            Color::White);
  const Rules chinese = Rules::fromPreset(Preset::Chinese);
  EXPECT_EQ(chinese.toMoveOnResume(Color::Black, Color::Black), Color::Black);
  EXPECT_EQ(chinese.toMoveOnResume(Color::White, Color::Black), Color::Black);
}

TEST(RulesProcedures, AHandicapGameHasHalfAPointOfKomi) {
  const Rules japanese = Rules::fromPreset(Preset::Japanese);
  EXPECT_EQ(japanese.komiFor(0), 6.5);
  EXPECT_EQ(japanese.komiFor(1), 6.5);
  EXPECT_EQ(japanese.komiFor(2), 0.5);
  EXPECT_EQ(Rules::fromPreset(Preset::Chinese).komiFor(9), 0.5);
}

TEST(RulesProcedures, ANewTableIsTrompTaylorWithoutSuicide) {
  EXPECT_EQ(Rules::forNewTable().toString(), "tromp-taylor suicide=forbidden");
  EXPECT_EQ(*Rules::parse(Rules::forNewTable().toString()), Rules::forNewTable());
}

}  // namespace
}  // namespace tengen::go
