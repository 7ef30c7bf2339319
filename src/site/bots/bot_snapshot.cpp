#include "site/bots/bot_player.h"

namespace tengen::site {

BotSnapshot BotSnapshot::of(const game::GameMachine& machine, int64_t nowMs) {
  BotSnapshot s;
  s.gameId = machine.settings().id;
  s.version = machine.version();
  s.phase = machine.phase();
  s.game = machine.game();
  s.handicap = machine.settings().handicap;
  s.handicapStones = machine.handicapStones();
  s.dead = machine.deadStones();
  s.accepted[0] = machine.accepted(go::Color::Black);
  s.accepted[1] = machine.accepted(go::Color::White);
  s.confirmationToMove = machine.confirmationToMove();
  s.confirmationFinished[0] = machine.confirmationFinished(go::Color::Black);
  s.confirmationFinished[1] = machine.confirmationFinished(go::Color::White);
  s.undoRequest = machine.undoRequest();
  s.black = machine.black();
  s.white = machine.white();
  s.timeControl = machine.timeControl();
  s.clocks[go::colorIndex(go::Color::Black)] = machine.clockState(go::Color::Black, nowMs);
  s.clocks[go::colorIndex(go::Color::White)] = machine.clockState(go::Color::White, nowMs);
  return s;
}

}  // namespace tengen::site
