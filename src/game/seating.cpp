// Seating: the second player sits down (colours fixed or drawn) or the owner cancels.
#include "game/game_machine_steps.h"

#include "go/handicap.h"

namespace tengen::game::machine {

namespace {

// The joiner's colour: fixed by the owner's choice, or by the nigiri the room drew.
std::expected<go::Color, CommandError> joinerColour(const MachineState& s, const JoinArgs& join) {
  if (s.settings.colourChoice == ColourChoice::Black) return go::Color::White;
  if (s.settings.colourChoice == ColourChoice::White) return go::Color::Black;
  if (join.coin) return *join.coin == 0 ? go::Color::Black : go::Color::White;
  if (join.nigiri) return *join.nigiri;
  return refuse("bad_request", "a nigiri table needs the drawn \"coin\" (0 or 1) to seat players");
}

}  // namespace

Decided decideJoin(const MachineState& s, const Actor& actor, const Command& c) {
  if (s.phase != Phase::Open) return refuse("not_open", "the game has already started or ended");
  if (actor.userId == s.owner.id) return refuse("own_table", "you cannot join your own table");
  if (auto bad = malformed(c)) return *bad;
  const JoinArgs& join = std::get<JoinArgs>(c.args);
  const auto colour = joinerColour(s, join);
  if (!colour) return std::unexpected(colour.error());
  const Player joiner{actor.userId, actor.name, join.joinerBot};
  return std::vector<Event>{StartEvent{*colour == go::Color::Black ? joiner : s.owner,
                                       *colour == go::Color::White ? joiner : s.owner,
                                       s.settings.colourChoice == ColourChoice::Nigiri}};
}

Decided decideCancel(const MachineState& s, const Actor& actor) {
  if (actor.userId != s.owner.id) return refuse("not_owner", "only the owner can cancel a table");
  if (s.phase != Phase::Open) return refuse("not_open", "the game has already started or ended");
  return std::vector<Event>{CancelEvent{}};
}

Result<void> applyStart(Applying& a, const StartEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Open}); !ok) return ok;
  if (e.black.id <= 0 || e.white.id <= 0) return fail("a player without an id");
  if (e.black.id == e.white.id) return fail("black and white are the same user");
  if (e.black.id != s.owner.id && e.white.id != s.owner.id) {
    return fail("the owner does not sit at the table");
  }
  s.black = e.black;
  s.white = e.white;
  // A bot that owns its table (a bot match) is known as a bot only from the start event.
  if (e.black.id == s.owner.id) s.owner.bot = e.black.bot;
  if (e.white.id == s.owner.id) s.owner.bot = e.white.bot;
  s.nigiri = e.nigiri;
  s.settings.blackUserId = e.black.id;
  s.settings.whiteUserId = e.white.id;
  s.settings.status = GameStatus::Playing;
  s.startMs = a.timeMs;
  if (s.settings.handicap > 0 && s.settings.freeHandicap) {
    s.phase = Phase::Handicap;
    s.clock.start(go::Color::Black, a.timeMs);
    return {};
  }
  if (s.settings.handicap > 0) {
    s.handicapStones = *go::fixedHandicap(s.settings.size, s.settings.handicap);
    s.game = machine::freshGame(s);
  }
  s.phase = Phase::Play;
  s.clock.start(s.game.toMove(), a.timeMs);
  return {};
}

Result<void> applyCancel(Applying& a, const CancelEvent&) {
  if (auto ok = inPhase(a.s, {Phase::Open}); !ok) return ok;
  a.s.phase = Phase::Cancelled;
  a.s.settings.status = GameStatus::Cancelled;
  return {};
}

}  // namespace tengen::game::machine
