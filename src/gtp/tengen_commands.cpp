// tengen- extensions: rules as a value, the legal-move map, and scoring with dead stones
// chosen by the controller (issue #2, "Front ends").
#include <cctype>
#include <string>

#include "go/rules.h"
#include "go/scoring.h"
#include "gtp/arguments.h"
#include "gtp/commands.h"
#include "gtp/engine_state.h"
#include "gtp/score_text.h"

namespace tengen::gtp {

namespace {

std::string joinArgs(Args args) {
  std::string out;
  for (std::string_view a : args) {
    if (!out.empty()) out += ' ';
    out += a;
  }
  return out;
}

// Komi has its own command; letting the rules spec change it too would give two sources
// of truth, so a `komi=` key is refused rather than silently dropped.
Result<std::string> setRules(EngineState& state, Args args) {
  for (std::string_view a : args.subspan(1)) {
    const std::string key(a.substr(0, a.find('=')));
    std::string lowerKey;
    for (char c : key) lowerKey += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lowerKey == "komi") return fail("komi is not part of the rules here, use the komi command");
  }
  auto rules = go::Rules::parse(joinArgs(args));
  if (!rules) return std::unexpected(rules.error());
  rules->komi = state.game.rules().komi;
  state.game.setRules(*rules);
  return "";
}

Result<std::string> getRules(EngineState& state, Args) {
  const go::Rules& rules = state.game.rules();
  return rules.toString() + " komi=" + go::formatKomi(rules.komi);
}

Result<std::string> legalMoves(EngineState& state, Args args) {
  const auto color = parseColor(args[0]);
  if (!color) {
    return fail("expected a colour (black, b, white, w), got '" + std::string(args[0]) + "'");
  }
  return vertexList(state.game.geometry(), state.game.legalPoints(*color));
}

// All or nothing: one bad vertex leaves the marks as they were.
Result<std::string> markDead(EngineState& state, Args args) {
  if (args.empty()) {
    state.deadMarks.clear();
    return "";
  }
  const go::Board& board = state.game.board();
  go::PointSet marks = state.deadMarks;
  for (std::string_view text : args) {
    const auto p = board.geometry().fromGtp(text);
    if (!p || *p == go::kPass) return fail("bad vertex '" + std::string(text) + "'");
    if (!go::isStone(board.at(*p))) return fail("no stone at " + std::string(text));
    marks |= board.chainStones(*p);
  }
  state.deadMarks = marks;
  return "";
}

Result<std::string> score(EngineState& state, Args) {
  const go::PointSet dead = state.settled(state.deadMarks);
  const go::ScoreBreakdown breakdown = go::scoreGame(state.game, dead);
  return scoreText(go::gameResult(state.game, dead), breakdown);
}

Result<std::string> status(EngineState& state, Args) {
  if (!state.game.isOver()) return "playing";
  return "over " + go::gameResult(state.game, state.settled(state.deadMarks));
}

}  // namespace

void addTengenCommands(CommandTable& table) {
  table.add("tengen-set_rules", 1, kAnyCount, setRules);
  table.add("tengen-get_rules", 0, 0, getRules);
  table.add("tengen-legal_moves", 1, 1, legalMoves);
  table.add("tengen-mark_dead", 0, kAnyCount, markDead);
  table.add("tengen-score", 0, 0, score);
  table.add("tengen-status", 0, 0, status);
}

}  // namespace tengen::gtp
