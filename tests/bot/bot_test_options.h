#pragma once

// What the bot tests share: a search bounded by playouts (not time, so results do not depend
// on the machine) and a decision in GTP words.

#include <string>

#include "bot/bot.h"
#include "go/game.h"

namespace tengen::bot::test {

inline BotOptions fixedPlayouts(int playouts, int threads = 1) {
  BotOptions o;
  o.threads = threads;
  o.limits = {.playouts = playouts, .seconds = 0};
  o.resignWinRate = 0;
  return o;
}

inline std::string moveText(const go::Game& game, const Decision& d) {
  if (d.kind == DecisionKind::Resign) return "resign";
  return game.geometry().toGtp(d.kind == DecisionKind::Pass ? go::kPass : d.point);
}

}  // namespace tengen::bot::test
