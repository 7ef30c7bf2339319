#include "sgf/game_record.h"

#include <string>
#include <utility>

#include "go/board.h"
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

// The main line split into what the game needs: setup before the first move, then moves.
struct MainLine {
  std::vector<FileMove> moves;
  std::optional<go::Color> firstMove() const {
    return moves.empty() ? std::nullopt : std::optional(moves.front().move.color);
  }
};

constexpr std::string_view kSetupIds[] = {"AB", "AW", "AE"};

Result<MainLine> readMainLine(const GameTree& tree, const go::Geometry& geometry, Setup& setup) {
  MainLine line;
  for (int index : tree.mainLine()) {
    const Node& node = tree.node(index);
    for (std::string_view id : kSetupIds) {
      const Property* p = node.find(id);
      if (p != nullptr && !line.moves.empty()) {
        return fail(std::string(id) + " after move " + std::to_string(line.moves.size()) +
                        " is not supported: expected setup only before the first move",
                    p->position.toString());
      }
    }
    // PL after the first move says nothing the moves do not: it is ignored.
    if (line.moves.empty()) {
      if (auto ok = setup.add(node); !ok) return std::unexpected(ok.error());
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

Result<void> playMoves(const MainLine& line, int moveLimit, LoadedGame& loaded) {
  go::Game& game = loaded.game;
  const std::size_t count =
      moveLimit < 0 ? line.moves.size() : std::min(line.moves.size(), std::size_t(moveLimit));
  bool anyTime = false;
  for (std::size_t i = 0; i < count; ++i) {
    const FileMove& m = line.moves[i];
    const go::MoveVerdict v = game.play(m.move);
    if (v != go::MoveVerdict::Legal) {
      return fail("illegal move " + std::to_string(i + 1) + " (" +
                      std::string(1, go::colorLetter(m.move.color)) + " " +
                      game.geometry().toGtp(m.move.point) + "): " + verdictReason(v),
                  m.position.toString());
    }
    anyTime = anyTime || m.time != MoveTime{};
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
  if (auto ok = playMoves(*line, moveLimit, loaded); !ok) return std::unexpected(ok.error());
  return loaded;
}

Result<LoadedGame> loadGame(std::string_view sgfText, std::optional<go::Rules> rulesOverride,
                            int moveLimit) {
  auto tree = parseFirstGame(sgfText);
  if (!tree) return std::unexpected(tree.error());
  return loadGame(*tree, std::move(rulesOverride), moveLimit);
}

}  // namespace tengen::sgf
