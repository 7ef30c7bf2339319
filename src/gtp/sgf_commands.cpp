// loadsgf (GTP v2 6.3.9) and printsgf (GNU Go's extension, also in KataGo).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "go/scoring.h"
#include "gtp/arguments.h"
#include "gtp/commands.h"
#include "gtp/engine_state.h"
#include "sgf/game_record.h"

namespace tengen::gtp {

namespace {

// Real game records are a few kilobytes; the limit keeps a wrong path (a huge log file)
// from exhausting memory.
constexpr std::uintmax_t kMaxSgfBytes = 16 << 20;

Result<std::string> readFile(const std::string& path) {
  std::error_code ec;
  // Regular files only: a FIFO or a device such as /dev/stdin would block the engine.
  if (!std::filesystem::is_regular_file(path, ec)) return fail("not a readable file");
  const auto size = std::filesystem::file_size(path, ec);
  if (ec || size > kMaxSgfBytes) return fail("file too large");
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("cannot open");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return text;
}

// `loadsgf FILE [MOVE]`: the position before move MOVE (all moves if MOVE is past the end),
// as GTP v2 says. The file's RU and KM apply when it has them; otherwise (no RU, or one
// that names no rules tengen reads, which is reported on standard error) the engine's
// current rules and komi stay.
Result<std::string> loadSgf(EngineState& state, Args args) {
  int moveLimit = -1;
  if (args.size() == 2) {
    const auto moveNumber = parseInt(args[1]);
    if (!moveNumber || *moveNumber < 1) return fail("syntax error");
    moveLimit = *moveNumber - 1;
  }
  const std::string path(args[0]);
  const auto text = readFile(path);
  if (!text) return fail("cannot load file: " + text.error().message);
  auto loaded = sgf::loadGame(*text, std::nullopt, moveLimit);
  if (loaded && !loaded->rulesFromFile) {
    const std::vector<std::string> first = std::move(loaded->warnings);
    loaded = sgf::loadGame(*text, state.game.rules(), moveLimit);
    // What only the first load said is about RU, which the current rules replace.
    for (const std::string& warning : first) {
      if (loaded && std::ranges::find(loaded->warnings, warning) != loaded->warnings.end()) {
        continue;
      }
      std::cerr << "loadsgf: warning: " << warning << "; keeping the current rules\n";
    }
  }
  if (loaded) {
    for (const std::string& warning : loaded->warnings) {
      std::cerr << "loadsgf: warning: " << warning << "\n";
    }
  }
  if (!loaded) return fail("cannot load file: " + loaded.error().toString());
  // RE describes the whole game: a position before its end has no result yet.
  if (std::ssize(loaded->game.moves()) < loaded->movesInFile) loaded->info.result.clear();
  state.replaceGame(std::move(loaded->game), std::move(loaded->info), std::move(loaded->moveTimes));
  return "";
}

// `printsgf [FILE]`: the game record as SGF, or written to FILE. A loaded record's RE is a
// fact of that game (its players' agreement on dead stones, a resignation) and is written
// back as long as the game is unchanged (EngineState drops it on any move or undo); a
// finished game without one gets its result as tengen-status reports it.
Result<std::string> printSgf(EngineState& state, Args args) {
  sgf::GameInfo info = state.info;
  if (state.game.isOver() && info.result.empty()) {
    info.result = go::gameResult(state.game, state.settled(state.deadMarks));
  }
  std::string text = sgf::writeGame(state.game, info, state.moveTimes);
  if (args.empty()) return text;
  const std::string path(args[0]);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!(out << text) || !out.flush()) return fail("cannot write file");
  return "";
}

}  // namespace

void addSgfCommands(CommandTable& table) {
  table.add("loadsgf", 1, 2, loadSgf);
  table.add("printsgf", 0, 1, printSgf);
}

}  // namespace tengen::gtp
