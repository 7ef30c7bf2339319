#include "move_corpus.h"

#include <algorithm>

#include "sgf/game_record.h"

namespace tengen::patterns {

namespace {

Team teamOf(const bot::MoveFeatures& f) {
  Team team;
  for (int g = 0; g < bot::kFeatureGroups; ++g) {
    if (f.level[g] != 0) team.features[team.size++] = kFeatureOffset[g] + f.level[g];
  }
  return team;
}

bool lessFeatures(const bot::MoveFeatures& a, const bot::MoveFeatures& b) {
  return a.level < b.level;
}

}  // namespace

Result<void> addGame(MoveCorpus& corpus, const std::string& sgfText, const std::string& name) {
  auto loaded = sgf::loadGame(sgfText);
  if (!loaded) return fail(loaded.error().toString(), name);
  const go::Game& game = loaded->game;
  go::Board board = game.initialBoard();
  go::Point last = go::kNoPoint;
  go::Point last2 = go::kNoPoint;
  std::vector<bot::MoveFeatures> moves;
  for (const go::Move& move : game.moves()) {
    if (move.point != go::kPass && board.isLegal(move.point, move.color, false)) {
      const bot::MoveFeaturizer featurizer(board, move.color, last, last2);
      moves.clear();
      for (int i = 0; i < board.emptyCount(); ++i) {
        const go::Point p = board.emptyAt(i);
        if (board.isLegal(p, move.color, false)) moves.push_back(featurizer.of(p));
      }
      const bot::MoveFeatures played = featurizer.of(move.point);
      std::sort(moves.begin(), moves.end(), lessFeatures);
      Choice choice;
      choice.firstTeam = static_cast<std::uint32_t>(corpus.teams.size());
      for (std::size_t i = 0; i < moves.size();) {
        std::size_t j = i;
        while (j < moves.size() && moves[j] == moves[i]) ++j;
        if (moves[i] == played) choice.played = choice.teams;
        Team team = teamOf(moves[i]);
        team.count = static_cast<std::uint32_t>(j - i);
        corpus.teams.push_back(team);
        ++choice.teams;
        i = j;
      }
      corpus.choices.push_back(choice);
    } else if (move.point != go::kPass) {
      ++corpus.skippedMoves;
    }
    if (move.point == go::kPass) {
      board.pass();
    } else if (board.isLegal(move.point, move.color, true)) {
      board.play(move.point, move.color);
    }
    last2 = last;
    last = move.point;
  }
  ++corpus.games;
  return {};
}

}  // namespace tengen::patterns
