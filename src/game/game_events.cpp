#include "game/game_events.h"

namespace tengen::game {

std::string_view channelName(ChatChannel channel) {
  return channel == ChatChannel::Players ? "players" : "spectators";
}

std::string_view confirmEndReasonName(ConfirmEndReason reason) {
  switch (reason) {
    case ConfirmEndReason::Agreed:
      return "agreed";
    case ConfirmEndReason::Moves:
      return "moves";
    case ConfirmEndReason::Time:
      return "time";
  }
  return "agreed";
}

std::string_view claimOutcomeName(ClaimOutcome outcome) {
  return outcome == ClaimOutcome::Win ? "win" : "annul";
}

std::string_view eventKind(const Event& event) {
  return std::visit([](const auto& e) { return std::decay_t<decltype(e)>::kKind; }, event);
}

}  // namespace tengen::game
