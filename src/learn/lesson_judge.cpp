#include "learn/lesson_judge.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <string>

#include "go/scoring.h"
#include "learn/life_solver.h"
#include "learn/opponent_policy.h"

namespace tengen::learn {

namespace {

std::string vertexText(const go::Game& game, go::Point p) {
  return p == go::kPass ? "pass" : game.geometry().toGtp(p);
}

std::string movesKey(const go::Game& game, const std::vector<go::Point>& moves) {
  std::string key;
  for (go::Point p : moves) {
    if (!key.empty()) key += ' ';
    key += vertexText(game, p);
  }
  return key;
}

Judgement verdict(Judgement judgement, Status status, Reason reason) {
  judgement.status = status;
  judgement.reason = std::move(reason);
  return judgement;
}

// Plays a move already checked legal and records what it captured.
Step playStep(go::Game& game, go::Color color, go::Point p) {
  const go::Board before = game.board();
  game.play(color, p);
  Step step{{color, p}, {}, game};
  const go::Geometry& g = game.geometry();
  for (go::Point q = g.first(); q <= g.last(); ++q) {
    if (g.onBoard(q) && before.at(q) == go::opponent(color) &&
        game.board().at(q) == go::Color::Empty) {
      step.captured.push_back(q);
    }
  }
  return step;
}

bool anyGone(const go::Board& board, const std::vector<go::Point>& targets, go::Color owner) {
  return std::any_of(targets.begin(), targets.end(),
                     [&](go::Point t) { return board.at(t) != owner; });
}

bool allGone(const go::Board& board, const std::vector<go::Point>& targets) {
  return std::all_of(targets.begin(), targets.end(),
                     [&](go::Point t) { return board.at(t) == go::Color::Empty; });
}

bool oneChain(const go::Board& board, const std::vector<go::Point>& targets, go::Color owner) {
  if (anyGone(board, targets, owner)) return false;
  const go::Point head = board.chainHead(targets.front());
  return std::all_of(targets.begin(), targets.end(),
                     [&](go::Point t) { return board.chainHead(t) == head; });
}

// An empty point where the owner of `targets` (to move in `game`) joins them in one chain,
// or kNoPoint when no single move does.
go::Point joiningMove(const go::Game& game, const std::vector<go::Point>& targets) {
  const go::Color owner = game.toMove();
  const go::Geometry& g = game.geometry();
  for (go::Point q = g.first(); q <= g.last(); ++q) {
    if (!g.onBoard(q) || game.check(owner, q) != go::MoveVerdict::Legal) continue;
    go::Board next(game.board());
    next.play(q, owner);
    if (oneChain(next, targets, owner)) return q;
  }
  return go::kNoPoint;
}

LifeProblem lifeProblem(const LessonBoard& board, const go::Game& game, go::Color defender) {
  LifeProblem problem;
  problem.targets = board.goal.targets;
  problem.defender = defender;
  problem.allowSuicide = game.rules().allowsSuicide();
  if (board.goal.area) {
    problem.area = *board.goal.area;
  } else {
    const go::Geometry& g = game.geometry();
    for (go::Point q = g.first(); q <= g.last(); ++q) {
      if (g.onBoard(q) && game.board().at(q) == go::Color::Empty) problem.area.insert(q);
    }
  }
  return problem;
}

Result<LifeVerdict> solve(const LessonBoard& board, const go::Game& game, go::Color defender) {
  const LifeVerdict verdict =
      solveLife(game.board(), lifeProblem(board, game, defender), game.toMove());
  if (!verdict.proven) return fail("lesson error: the life-and-death search ran out of budget");
  return verdict;
}

bool isSolutionPrefix(const LessonBoard& board, const std::vector<go::Point>& moves) {
  return moves.size() <= board.solution.size() &&
         std::equal(moves.begin(), moves.end(), board.solution.begin());
}

// The end goal once the game has ended by passes: the count must be the lesson's.
Judgement endVerdict(Judgement judgement, const LessonBoard& board, const go::Game& game) {
  const std::string result = go::scoreGame(game, board.dead).result;
  if (result == board.goal.result) {
    return verdict(std::move(judgement), Status::Solved, {"score", {{"result", result}}});
  }
  return verdict(std::move(judgement), Status::Wrong,
                 {"result", {{"result", result}, {"expected", board.goal.result}}});
}

// The player's last move of `moves` on `game` (which holds the earlier ones), the goal tests
// of docs/lessons.md, and the opponent's answer.
Result<Judgement> judgeStep(const LessonBoard& board, go::Game& game,
                            const std::vector<go::Point>& moves) {
  const Goal& goal = board.goal;
  const go::Color player = board.player;
  const go::Color them = go::opponent(player);
  const go::Point p = moves.back();
  const std::string where = vertexText(game, p);
  Judgement judgement;
  if (static_cast<int>(moves.size()) > board.maxMoves) {
    return verdict(std::move(judgement), Status::Wrong,
                   {"tooLong", {{"count", std::to_string(board.maxMoves)}}});
  }
  const go::MoveVerdict legality = game.check(player, p, go::PlayMode::Strict);
  if (legality != go::MoveVerdict::Legal) {
    return verdict(std::move(judgement), Status::Wrong,
                   {go::verdictName(legality), {{"vertex", where}}});
  }
  judgement.steps.push_back(playStep(game, player, p));
  const go::Board& now = game.board();
  const bool selfAtari = p != go::kPass && now.at(p) == player && now.libertyCount(p) == 1;
  // Save: safe once the move gives the targets enough liberties; the answer is still shown.
  const bool saved =
      goal.kind == GoalKind::Save && fewestLiberties(now, goal.targets, player) >= goal.liberties;

  // Goals the player's move decides alone.
  std::optional<go::Point> answer;
  switch (goal.kind) {
    case GoalKind::Capture:
      if (allGone(now, goal.targets)) return verdict(std::move(judgement), Status::Solved, {});
      break;
    case GoalKind::Atari: {
      const int liberties = fewestLiberties(now, goal.targets, them);
      if (liberties == 1) return verdict(std::move(judgement), Status::Solved, {});
      return verdict(std::move(judgement), Status::Wrong,
                     {"notAtari", {{"liberties", std::to_string(liberties)}}});
    }
    case GoalKind::Connect:
      if (oneChain(now, goal.targets, player)) {
        return verdict(std::move(judgement), Status::Solved, {});
      }
      return verdict(std::move(judgement), Status::Wrong, {"notConnected", {}});
    case GoalKind::Cut: {
      const go::Point join = oneChain(now, goal.targets, them) ? goal.targets.front()
                                                               : joiningMove(game, goal.targets);
      if (join == go::kNoPoint) return verdict(std::move(judgement), Status::Solved, {});
      return verdict(std::move(judgement), Status::Wrong,
                     {"notCut", {{"vertex", vertexText(game, join)}}});
    }
    case GoalKind::Live: {
      auto life = solve(board, game, player);
      if (!life) return std::unexpected(life.error());
      if (life->fate == Fate::Lives) return verdict(std::move(judgement), Status::Solved, {});
      answer = life->best;
      break;
    }
    case GoalKind::Kill: {
      if (anyGone(now, goal.targets, them))
        return verdict(std::move(judgement), Status::Solved, {});
      auto life = solve(board, game, them);
      if (!life) return std::unexpected(life.error());
      if (life->fate == Fate::Dies) return verdict(std::move(judgement), Status::Solved, {});
      answer = life->best;
      break;
    }
    case GoalKind::End:
      if (game.isOver()) return endVerdict(std::move(judgement), board, game);
      break;
    default:
      break;
  }

  // The opponent's answer: the lesson's table first, else the goal's policy.
  if (auto entry = board.replies.find(movesKey(game, moves)); entry != board.replies.end()) {
    answer = entry->second;
  } else if (!answer) {
    answer = goal.kind == GoalKind::Capture ? escapeMove(game, goal.targets)
             : goal.kind == GoalKind::Save  ? attackMove(game, goal.targets)
                                            : go::kPass;
  }
  const go::MoveVerdict answerLegality = game.check(them, *answer, go::PlayMode::Strict);
  if (answerLegality != go::MoveVerdict::Legal) {
    return fail("lesson error: the answer " + vertexText(game, *answer) + " to " +
                movesKey(game, moves) + " is illegal (" + go::verdictName(answerLegality) + ")");
  }
  judgement.steps.push_back(playStep(game, them, *answer));
  const Step& reply = judgement.steps.back();
  const std::string answerText = vertexText(game, *answer);

  if (goal.kind == GoalKind::Live)
    return verdict(std::move(judgement), Status::Wrong, {"dies", {{"vertex", answerText}}});
  if (goal.kind == GoalKind::Kill)
    return verdict(std::move(judgement), Status::Wrong, {"lives", {{"vertex", answerText}}});
  if (goal.kind == GoalKind::Save && anyGone(game.board(), goal.targets, player)) {
    return verdict(std::move(judgement), Status::Wrong, {"lost", {{"vertex", answerText}}});
  }
  // A sacrifice on the solution's line (a snapback's throw-in) is meant to be taken.
  if (!reply.captured.empty() && !isSolutionPrefix(board, moves)) {
    if (selfAtari) {
      return verdict(std::move(judgement), Status::Wrong, {"selfAtari", {{"vertex", where}}});
    }
    return verdict(
        std::move(judgement), Status::Wrong,
        {"captured", {{"vertex", answerText}, {"count", std::to_string(reply.captured.size())}}});
  }
  switch (goal.kind) {
    case GoalKind::Capture: {
      const int liberties = fewestLiberties(game.board(), goal.targets, them);
      if (liberties >= 3) {
        return verdict(std::move(judgement), Status::Wrong,
                       {"escaped", {{"liberties", std::to_string(liberties)}}});
      }
      break;
    }
    case GoalKind::Save:
      if (saved) return verdict(std::move(judgement), Status::Solved, {});
      break;
    case GoalKind::End:
      if (game.isOver()) return endVerdict(std::move(judgement), board, game);
      break;
    default:
      break;
  }
  if (static_cast<int>(moves.size()) == board.maxMoves) {
    return verdict(std::move(judgement), Status::Wrong,
                   {"tooLong", {{"count", std::to_string(board.maxMoves)}}});
  }
  return judgement;
}

std::string lowered(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (!std::isspace(static_cast<unsigned char>(c))) {
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  return out;
}

// "B+5.5", "w+0,5", "0" as Black's margin; nullopt for anything else.
std::optional<double> parseResult(std::string_view text) {
  const std::string s = lowered(text);
  if (s == "0" || s == "draw") return 0.0;
  if (s.size() < 3 || (s[0] != 'b' && s[0] != 'w') || s[1] != '+') return std::nullopt;
  std::string number = s.substr(2);
  std::replace(number.begin(), number.end(), ',', '.');
  double margin = 0;
  auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), margin);
  if (ec != std::errc{} || end != number.data() + number.size() || margin <= 0 || margin > 1000) {
    return std::nullopt;
  }
  return s[0] == 'b' ? margin : -margin;
}

}  // namespace

const char* statusName(Status status) {
  switch (status) {
    case Status::Continue:
      return "continue";
    case Status::Solved:
      return "solved";
    case Status::Wrong:
      return "wrong";
  }
  return "?";
}

go::Game startingGame(const LessonBoard& board) {
  go::Game game = board.start;
  if (game.toMove() != board.player) game.setToMove(board.player);
  return game;
}

Result<Judgement> judgeMoves(const LessonBoard& board, const std::vector<go::Point>& moves) {
  if (isQuestion(board.goal.kind)) return fail("this board asks a question: send an answer");
  if (moves.empty()) return fail("send at least one move");
  if (static_cast<int>(moves.size()) > board.maxMoves + 1) {
    return fail("more moves than the board allows (" + std::to_string(board.maxMoves) + ")");
  }
  go::Game game = startingGame(board);
  std::vector<go::Point> sofar;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (moves[i] != go::kPass && !game.geometry().onBoard(moves[i])) {
      return fail("move " + std::to_string(i + 1) + " is not on the board");
    }
    sofar.push_back(moves[i]);
    auto judgement = judgeStep(board, game, sofar);
    if (!judgement || i + 1 == moves.size()) return judgement;
    if (judgement->status != Status::Continue) {
      return fail("move " + std::to_string(i + 1) + " (" + vertexText(game, moves[i]) +
                  ") already ended the board: start again from its first move");
    }
  }
  return fail("send at least one move");
}

Result<Judgement> judgeAnswer(const LessonBoard& board, std::string_view answer) {
  const Goal& goal = board.goal;
  if (!isQuestion(goal.kind)) return fail("this board is played with moves, not answered");
  const go::Game game = startingGame(board);
  Judgement judgement;
  bool right = false;
  Reason why;
  switch (goal.kind) {
    case GoalKind::Legal: {
      const std::string said = lowered(answer);
      if (said != "yes" && said != "no") return fail("the answer must be yes or no");
      const go::MoveVerdict v = game.check(goal.color, goal.point, go::PlayMode::Free);
      right = (said == "yes") == (v == go::MoveVerdict::Legal);
      why = {go::verdictName(v), {{"vertex", vertexText(game, goal.point)}}};
      break;
    }
    case GoalKind::Liberties: {
      if (game.board().at(goal.point) == go::Color::Empty) {
        return fail("lesson error: the liberties question points at an empty point");
      }
      const std::string said = lowered(answer);
      int count = -1;
      auto [end, ec] = std::from_chars(said.data(), said.data() + said.size(), count);
      if (ec != std::errc{} || end != said.data() + said.size() || count < 0 || count > 999) {
        return fail("the answer must be a whole number");
      }
      const int liberties = game.board().libertyCount(goal.point);
      right = count == liberties;
      why = {"liberties", {{"count", std::to_string(liberties)}}};
      break;
    }
    case GoalKind::Score: {
      auto margin = parseResult(answer);
      if (!margin) return fail("the answer must be a result like B+5.5, W+0.5 or 0");
      const go::ScoreBreakdown score = go::scoreGame(game, board.dead);
      right = *margin == score.margin;
      why = {"score", {{"result", score.result}}};
      break;
    }
    default:
      break;
  }
  return verdict(std::move(judgement), right ? Status::Solved : Status::Wrong, std::move(why));
}

}  // namespace tengen::learn
