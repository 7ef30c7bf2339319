// Undo: a request and its answer, decided and applied.
#include "game/game_machine_steps.h"

namespace tengen::game::machine {

Decided decideUndoRequest(const MachineState& s, const Actor& actor) {
  const auto colour = playerIn(s, actor, {Phase::Play}, "ask for an undo");
  if (!colour) return std::unexpected(colour.error());
  if (s.undoRequest) {
    return refuse("bad_request", std::string(colourName(*s.undoRequest)) +
                                     " has already asked for an undo; it must be answered first");
  }
  if (!machine::undoableMove(s, *colour)) {
    return refuse("nothing_to_undo", "you have no move to take back");
  }
  return std::vector<Event>{UndoRequestEvent{*colour}};
}

Decided decideUndoReply(const MachineState& s, const Actor& actor, const Command& c) {
  const auto colour = playerIn(s, actor, {Phase::Play}, "answer an undo request");
  if (!colour) return std::unexpected(colour.error());
  if (!s.undoRequest) return refuse("no_undo_request", "nobody has asked for an undo");
  if (*s.undoRequest == *colour) {
    return refuse("no_undo_request", "only your opponent can answer your undo request");
  }
  if (auto bad = malformed(c)) return *bad;
  UndoReplyEvent reply{*colour, std::get<UndoReplyArgs>(c.args).accept, 0};
  if (reply.accept) {
    const size_t first = *machine::undoableMove(s, *s.undoRequest);
    reply.undone = static_cast<int>(s.moves.size() - first);
  }
  return std::vector<Event>{reply};
}

Result<void> applyUndoRequest(Applying& a, const UndoRequestEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Play}); !ok) return ok;
  if (s.undoRequest) return fail("an undo request is already open");
  if (!machine::undoableMove(s, e.colour)) return fail("the player has nothing to undo");
  s.undoRequest = e.colour;
  return {};
}

Result<void> applyUndoReply(Applying& a, const UndoReplyEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Play}); !ok) return ok;
  if (!s.undoRequest || *s.undoRequest == e.colour) return fail("no undo request to answer");
  const go::Color requester = *s.undoRequest;
  s.undoRequest.reset();
  if (!e.accept) return {};
  const size_t first = *machine::undoableMove(s, requester);
  if (static_cast<size_t>(e.undone) != s.moves.size() - first) {
    return fail("\"undone\" does not match the moves since the requester's last one");
  }
  s.moves.resize(first);
  if (!machine::rebuildGame(s)) return fail("the moves no longer replay after the undo");
  // The requester plays again on their own clock; the time spent is not refunded (clocks
  // count thinking time, and an undo is thinking done).
  s.clock.start(requester, a.timeMs);
  return {};
}

}  // namespace tengen::game::machine
