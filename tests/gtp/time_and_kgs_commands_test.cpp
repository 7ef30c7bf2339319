// time_settings, time_left (GTP v2 6.3.7) and the KGS extensions.
#include <gtest/gtest.h>

#include "engine_fixture.h"

namespace tengen::gtp {
namespace {

class Time : public EngineTest {
 protected:
  const TimeState& time() { return engine_.state().time; }
};

TEST_F(Time, CanadianAbsoluteAndUnlimited) {
  ok("time_settings 600 300 25");
  EXPECT_EQ(time().settings.system, TimeSystem::Canadian);
  EXPECT_EQ(time().settings.mainSeconds, 600);
  EXPECT_EQ(time().settings.periodSeconds, 300);
  EXPECT_EQ(time().settings.periodStones, 25);
  ok("time_settings 900 0 0");
  EXPECT_EQ(time().settings.system, TimeSystem::Absolute);
  EXPECT_EQ(time().settings.mainSeconds, 900);
  ok("time_settings 0 1 0");  // byo-yomi time without stones: no limit (GTP v2 6.3.7)
  EXPECT_EQ(time().settings.system, TimeSystem::None);
}

TEST_F(Time, TimeSettingsErrors) {
  EXPECT_EQ(error("time_settings 600 300"), "syntax error");
  EXPECT_EQ(error("time_settings 600 -1 25"), "syntax error");
  EXPECT_EQ(error("time_settings ten 30 1"), "syntax error");
}

TEST_F(Time, TimeLeftIsRecordedPerColour) {
  ok("time_settings 600 30 5");
  ok("time_left white 12.5 3");
  ok("time_left B 540 0");
  ASSERT_TRUE(time().left[1].has_value());
  EXPECT_EQ(time().left[1]->seconds, 12.5);
  EXPECT_EQ(time().left[1]->stones, 3);
  EXPECT_EQ(time().left[0]->seconds, 540);
  EXPECT_EQ(error("time_left w 10"), "syntax error");
  EXPECT_EQ(error("time_left x 10 0"), "syntax error");
  EXPECT_EQ(error("time_left w 10 -2"), "syntax error");
  ok("time_settings 600 30 5");  // new settings forget what was left
  EXPECT_FALSE(time().left[0].has_value());
}

TEST_F(Time, ClockViewForTheBot) {
  // No time limit: the bot spends its own limits.
  EXPECT_FALSE(clockView(time(), go::Color::Black).has_value());
  ok("time_settings 600 300 25");
  auto view = clockView(time(), go::Color::Black);
  ASSERT_TRUE(view.has_value());
  EXPECT_EQ(view->system, bot::ClockView::System::Canadian);
  EXPECT_EQ(view->mainSeconds, 600);
  EXPECT_EQ(view->periodSeconds, 300);
  EXPECT_EQ(view->periodStones, 25);
  // In overtime time_left reports the period's seconds and stones.
  ok("time_left b 120 7");
  view = clockView(time(), go::Color::Black);
  EXPECT_EQ(view->mainSeconds, 0);
  EXPECT_EQ(view->periodSeconds, 120);
  EXPECT_EQ(view->periodStones, 7);
  // White's clock was never reported: as set.
  EXPECT_EQ(clockView(time(), go::Color::White)->mainSeconds, 600);
  ok("time_left w 42.5 0");
  EXPECT_EQ(clockView(time(), go::Color::White)->mainSeconds, 42.5);

  // KGS byo-yomi: in overtime the stones field carries the periods left.
  ok("kgs-time_settings byoyomi 60 30 5");
  view = clockView(time(), go::Color::Black);
  EXPECT_EQ(view->system, bot::ClockView::System::Byoyomi);
  EXPECT_EQ(view->mainSeconds, 60);
  EXPECT_EQ(view->periods, 5);
  ok("time_left b 25 3");
  view = clockView(time(), go::Color::Black);
  EXPECT_EQ(view->mainSeconds, 0);
  EXPECT_EQ(view->periodSeconds, 25);
  EXPECT_EQ(view->periods, 3);

  ok("kgs-time_settings absolute 300");
  EXPECT_EQ(clockView(time(), go::Color::Black)->system, bot::ClockView::System::Absolute);
}

TEST_F(Time, GenmoveUnderAClockPlays) {
  // One second of absolute time left: the budget is small, the move still legal.
  run("boardsize 9\ntime_settings 1 0 0\ntime_left b 1 0");
  const std::string vertex = ok("genmove b");
  EXPECT_NE(vertex, "resign");
  EXPECT_EQ(engine_.state().game.moves().size(), 1u);
}

TEST_F(Time, KgsTimeSettings) {
  ok("kgs-time_settings byoyomi 1200 30 5");
  EXPECT_EQ(time().settings.system, TimeSystem::Byoyomi);
  EXPECT_EQ(time().settings.periods, 5);
  EXPECT_EQ(time().settings.periodSeconds, 30);
  ok("kgs-time_settings canadian 600 300 20");
  EXPECT_EQ(time().settings.system, TimeSystem::Canadian);
  EXPECT_EQ(time().settings.periodStones, 20);
  ok("kgs-time_settings absolute 300");
  EXPECT_EQ(time().settings.system, TimeSystem::Absolute);
  ok("kgs-time_settings none");
  EXPECT_EQ(time().settings.system, TimeSystem::None);
  EXPECT_EQ(error("kgs-time_settings fischer 300 10"), "syntax error");
  EXPECT_EQ(error("kgs-time_settings absolute"), "syntax error");
  EXPECT_EQ(error("kgs-time_settings none 5"), "syntax error");
  EXPECT_EQ(error("kgs-time_settings byoyomi 1200 30"), "syntax error");
}

class Kgs : public EngineTest {};

TEST_F(Kgs, RulesMapToPresetsAndKeepKomi) {
  ok("komi 0.5");
  ok("kgs-rules japanese");
  EXPECT_EQ(ok("tengen-get_rules"), "japanese komi=0.5");
  ok("kgs-rules aga");
  EXPECT_EQ(ok("tengen-get_rules"), "aga komi=0.5");
  ok("kgs-rules new_zealand");
  EXPECT_EQ(ok("tengen-get_rules"), "new-zealand komi=0.5");
  ok("kgs-rules chinese");
  EXPECT_EQ(ok("tengen-get_rules"), "chinese komi=0.5");
  EXPECT_NE(error("kgs-rules ing").find("unknown rules"), std::string::npos);
  EXPECT_EQ(error("kgs-rules"), "syntax error");
}

TEST_F(Kgs, GenmoveCleanupPlays) {
  ok("boardsize 5");
  const std::string vertex = ok("kgs-genmove_cleanup w");
  EXPECT_NE(vertex, "pass");
  EXPECT_EQ(engine_.state().game.moves().size(), 1u);
  EXPECT_EQ(engine_.state().game.moves()[0].color, go::Color::White);
}

}  // namespace
}  // namespace tengen::gtp
