#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "go/game.h"
#include "go/rules.h"

namespace tengen::sgf {

class GameTree;

// A player's clock after one of its moves (BL/WL and OB/OW): the seconds left, and while in
// overtime the byo-yomi periods left (Canadian: the stones left in the period).
struct MoveTime {
  std::optional<double> secondsLeft;  // BL/WL
  std::optional<int> overtimeLeft;    // OB/OW
  bool operator==(const MoveTime&) const = default;
};

// The root properties tengen reads and writes. Text is UTF-8: loadGame(text) decodes the
// file's charset (charset.h), and writeGame says CA[UTF-8].
struct GameInfo {
  std::string blackName, whiteName, blackRank, whiteRank, date, event, result /*RE as in file*/,
      comment;
  std::optional<double> timeSeconds;  // TM
  std::string overtime;               // OT
  std::string rulesText;              // RU as written in the file ("" if absent)

  bool operator==(const GameInfo&) const = default;
};

struct LoadedGame {
  go::Game game;  // setup applied, main-line moves played up to the limit, rules and komi set
  GameInfo info;
  int movesInFile = 0;              // main-line moves (passes included) in the file
  std::vector<MoveTime> moveTimes;  // BL/WL, OB/OW per move if any move has them (else empty)
  bool rulesFromFile = false;       // the rules came from the file's RU
  // What was read otherwise than written: a guessed charset, an unknown RU, a repetition
  // read under simple ko.
  std::vector<std::string> warnings;
};

// Loads the first game of an SGF collection and plays its main line (the first child at
// each branch) in go::PlayMode::Free, so consecutive moves of one colour are accepted.
//
// rulesOverride: if set, use these rules (komi still from KM if present, else the rules'
// komi); else RU from the file (Rules::fromSgf), else chinese. An RU that cannot be read
// loads under chinese with a warning (never an error: other programs write names we may not
// know). moveLimit: play at most this many main-line moves (-1 = all), with the setup
// that follows the last of them; movesInFile still counts them all, but only the played
// ones are checked for legality.
//
// Setup (AB/AW/AE, PL) before the first move makes the first position. AB/AW/AE in a later
// node edit the position between two moves (go::Game::addSetup; PL there is ignored).
// HA[n] with only Black setup stones places them with
// Game::placeHandicap (then White moves first and handicap() == n); without HA, only Black
// setup stones and White moving first is read as a handicap of that many stones. The side
// to move first is PL, else the colour of the first move, else White after handicap
// stones, else Black. Moves illegal under the rules (occupied, suicide, ko, superko) are
// errors naming the move number, except a superko repetition in a file whose RU is absent
// or unknown: that file is no evidence of superko, so its game is read with ko=simple from
// the start and a warning names the move. Setup that leaves a chain without liberties is
// an error too; every error's `where` names line and column.
//
// sgfText is the file's bytes in any charset decodeSgfBytes (charset.h) reads; its warning,
// if any, comes first in `warnings`.
Result<LoadedGame> loadGame(std::string_view sgfText,
                            std::optional<go::Rules> rulesOverride = std::nullopt,
                            int moveLimit = -1);
// The same for a game tree already parsed (e.g. the n-th game of parseCollection); its text
// is taken as it is, so parse the UTF-8 that decodeSgfBytes gives for the file.
Result<LoadedGame> loadGame(const GameTree& tree,
                            std::optional<go::Rules> rulesOverride = std::nullopt,
                            int moveLimit = -1);

// FF[4] CA[UTF-8] GM[1] AP[tengen:VERSION] SZ KM HA RU (Rules::toSgf) PB PW BR WR DT EV TM
// OT RE C, setup AB/AW (+PL if needed) from game.initialBoard(), then the moves; passes
// written as B[]; moveTimes (optional, the mover's clock after each move) as BL/WL and OB/OW.
// loadGame(writeGame(g, info, times)) gives back the same setup, side to move, handicap,
// rules, komi, moves, times and info (with info.rulesText = game.rules().toSgf()), given
// a whole or half komi strictly between -100 and 100 (as loadGame accepts) and SimpleText
// fields without line breaks or tabs.
//
// variations: lines that are not the game (a confirmation after the stop, say), each written
// as a later child of the main line's node after `after` moves (0: the root; one beyond the
// last move is left out), so the main line, which readers follow by first children, stays
// the game.
struct Variation {
  std::size_t after = 0;        // the main-line moves before the branch
  std::vector<go::Move> moves;  // passes as kPass (B[] / W[])
  std::size_t commentAt = 0;    // the index in `moves` of the node that gets the comment
  std::string comment;          // C, as UTF-8 text; none if empty
};
std::string writeGame(const go::Game& game, const GameInfo& info,
                      const std::vector<MoveTime>& moveTimes = {},
                      const std::vector<Variation>& variations = {});

}  // namespace tengen::sgf
