#include "sgf/game_record.h"

#include <string>
#include <utility>

#include "go/board.h"
#include "sgf/charset.h"
#include "sgf/coordinates.h"
#include "sgf/parser.h"
#include "sgf/root_properties.h"
#include "sgf/setup.h"
#include "sgf/sgf_tree.h"

namespace tengen::sgf {

namespace {

struct FileMove {
  go::Move move;
  SourcePos position;  // the B or W identifier
  MoveTime time;
};

// Setup in a node after the first move: applied to the game between two moves.
struct FileSetup {
  std::size_t afterMoves;
  std::vector<go::SetupChange> changes;
  SourcePos position;  // the node's ';'
};

// The main line split into what the game needs: setup before the first move, then moves
// with the setup made between them.
struct MainLine {
  std::vector<FileMove> moves;
  std::vector<FileSetup> setups;  // in file order
  std::optional<go::Color> firstMove() const {
    return moves.empty() ? std::nullopt : std::optional(moves.front().move.color);
  }
};

Result<MainLine> readMainLine(const GameTree& tree, const go::Geometry& geometry, Setup& setup) {
  MainLine line;
  for (int index : tree.mainLine()) {
    const Node& node = tree.node(index);
    // PL after the first move says nothing the moves do not: it is ignored.
    if (line.moves.empty()) {
      if (auto ok = setup.add(node); !ok) return std::unexpected(ok.error());
    } else {
      auto changes = readSetupChanges(node, geometry);
      if (!changes) return std::unexpected(changes.error());
      if (!changes->empty()) {
        line.setups.push_back({line.moves.size(), std::move(*changes), node.position});
      }
    }
    const Property* black = node.find("B");
    const Property* white = node.find("W");
    if (black != nullptr && white != nullptr) {
      return fail("a node with both B and W: expected one move per node",
                  white->position.toString());
    }
    const Property* move = black != nullptr ? black : white;
    if (move == nullptr) continue;
    const go::Color color = black != nullptr ? go::Color::Black : go::Color::White;
    auto point = parseMove(move->values.front(), geometry);
    if (!point) {
      return fail("move " + std::to_string(line.moves.size() + 1) + ": " + point.error().message,
                  move->valuePositions.front().toString());
    }
    FileMove fileMove{{color, *point}, move->position, {}};
    if (const std::string* left = node.value(color == go::Color::Black ? "BL" : "WL")) {
      fileMove.time.secondsLeft = parseSeconds(*left);
    }
    if (const std::string* left = node.value(color == go::Color::Black ? "OB" : "OW")) {
      fileMove.time.overtimeLeft = parseCount(*left);
    }
    line.moves.push_back(fileMove);
  }
  return line;
}

std::string verdictReason(go::MoveVerdict v) {
  switch (v) {
    case go::MoveVerdict::Occupied:
      return "the point is occupied";
    case go::MoveVerdict::Suicide:
      return "it is suicide, which the rules forbid";
    case go::MoveVerdict::Ko:
      return "it retakes a ko before a play elsewhere or a pass";
    case go::MoveVerdict::Superko:
      return "it repeats an earlier position (superko)";
    default:
      return go::verdictName(v);
  }
}

std::string describeMove(const go::Game& game, std::size_t index, const go::Move& move) {
  return "move " + std::to_string(index + 1) + " (" + std::string(1, go::colorLetter(move.color)) +
         " " + game.geometry().toGtp(move.point) + ")";
}

// A file that names no rules tengen reads is no evidence that its game was played under
// superko: a repetition there (a triple ko, say) is read under simple ko from the start,
// with a warning naming the move, so that the record opens (and reads back the same once
// written, its RU then saying ko=simple).
go::MoveVerdict playRepetition(const FileMove& m, std::size_t index, LoadedGame& loaded) {
  go::Game& game = loaded.game;
  go::Rules simpleKo = game.rules();
  simpleKo.ko = go::KoRule::Simple;
  game.setRules(simpleKo);
  const go::MoveVerdict v = game.play(m.move);
  if (v == go::MoveVerdict::Legal) {
    loaded.warnings.push_back(m.position.toString() + ": " + describeMove(game, index, m.move) +
                              " repeats an earlier position, which superko forbids; as the "
                              "file names no rules, the game is read with simple ko");
  }
  return v;
}

Result<void> applySetup(const FileSetup& setup, go::Game& game) {
  if (game.addSetup(setup.changes)) return {};
  return fail("setup after move " + std::to_string(setup.afterMoves) +
                  " leaves a chain without liberties: expected a position where every chain "
                  "has one",
              setup.position.toString());
}

Result<void> playMoves(const MainLine& line, int moveLimit, bool rulesStated, LoadedGame& loaded) {
  go::Game& game = loaded.game;
  const std::size_t count =
      moveLimit < 0 ? line.moves.size() : std::min(line.moves.size(), std::size_t(moveLimit));
  bool anyTime = false;
  auto setup = line.setups.begin();
  for (std::size_t i = 0; i < count; ++i) {
    for (; setup != line.setups.end() && setup->afterMoves == i; ++setup) {
      if (auto ok = applySetup(*setup, game); !ok) return ok;
    }
    const FileMove& m = line.moves[i];
    go::MoveVerdict v = game.play(m.move);
    if (v == go::MoveVerdict::Superko && !rulesStated) v = playRepetition(m, i, loaded);
    if (v != go::MoveVerdict::Legal) {
      return fail("illegal " + describeMove(game, i, m.move) + ": " + verdictReason(v),
                  m.position.toString());
    }
    anyTime = anyTime || m.time != MoveTime{};
  }
  // Setup after the last move played belongs to the position it leaves.
  for (; setup != line.setups.end() && setup->afterMoves == count; ++setup) {
    if (auto ok = applySetup(*setup, game); !ok) return ok;
  }
  if (anyTime) {
    for (std::size_t i = 0; i < count; ++i) loaded.moveTimes.push_back(line.moves[i].time);
  }
  return {};
}

}  // namespace

Result<LoadedGame> loadGame(const GameTree& tree, std::optional<go::Rules> rulesOverride,
                            int moveLimit) {
  if (tree.empty()) return fail("empty game tree: expected at least a root node");
  const Node& root = tree.root();
  if (auto ok = checkGameType(root); !ok) return std::unexpected(ok.error());
  auto size = readBoardSize(root);
  if (!size) return std::unexpected(size.error());
  RulesRead rules = readRules(root, rulesOverride);
  auto komi = readKomi(root);
  if (!komi) return std::unexpected(komi.error());
  auto handicap = readHandicap(root, *size);
  if (!handicap) return std::unexpected(handicap.error());
  if (*komi) rules.rules.komi = **komi;

  const go::Geometry geometry(*size);
  Setup setup(geometry);
  auto line = readMainLine(tree, geometry, setup);
  if (!line) return std::unexpected(line.error());
  if (auto ok = setup.checkLiberties(); !ok) return std::unexpected(ok.error());

  LoadedGame loaded{go::Game(*size, rules.rules),
                    readGameInfo(root),
                    static_cast<int>(line->moves.size()),
                    {},
                    rules.fromFile,
                    {}};
  if (!rules.warning.empty()) loaded.warnings.push_back(std::move(rules.warning));
  setup.applyTo(loaded.game, *handicap, line->firstMove());
  if (auto ok = playMoves(*line, moveLimit, rules.stated, loaded); !ok) {
    return std::unexpected(ok.error());
  }
  return loaded;
}

Result<LoadedGame> loadGame(std::string_view sgfText, std::optional<go::Rules> rulesOverride,
                            int moveLimit) {
  auto text = decodeSgfBytes(sgfText);
  if (!text) return std::unexpected(text.error());
  auto tree = parseFirstGame(text->utf8);
  if (!tree) return std::unexpected(tree.error());
  auto loaded = loadGame(*tree, std::move(rulesOverride), moveLimit);
  if (loaded && !text->warning.empty()) {
    loaded->warnings.insert(loaded->warnings.begin(), std::move(text->warning));
  }
  return loaded;
}

}  // namespace tengen::sgf
