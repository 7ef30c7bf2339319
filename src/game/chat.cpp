// Chat: who writes to which channel, decided and applied.
#include "game/game_machine_steps.h"

namespace tengen::game::machine {

Decided decideChat(const MachineState& s, const Actor& actor, const Command& c) {
  if (auto bad = malformed(c)) return *bad;
  const std::string& text = std::get<ChatArgs>(c.args).text;
  return std::vector<Event>{
      ChatEvent{s.seated(actor.userId) ? ChatChannel::Players : ChatChannel::Spectators,
                Player{actor.userId, actor.name}, std::string(text)}};
}

Result<void> applyChat(Applying& a, const ChatEvent& e) {
  a.s.chat.push_back({0, e.channel, e.from, e.text, a.timeMs});
  return {};
}

}  // namespace tengen::game::machine
