#include "site/analysis/review_sgf.h"

#include <cstdio>

#include "go/scoring.h"
#include "sgf/parser.h"
#include "sgf/sgf_tree.h"
#include "sgf/text.h"
#include "sgf/writer.h"

namespace tengen::site {

std::string reviewComment(const store::EngineReviewPosition& after, std::string_view preferred) {
  char winRate[16];
  std::snprintf(winRate, sizeof winRate, "%.1f", after.blackWinRate * 100.0);
  return "B win " + std::string(winRate) + "%, " + go::formatResult(after.blackMargin) +
         "; bot: " + std::string(preferred);
}

Result<std::string> withReviewComments(std::string_view sgf,
                                       const std::vector<store::EngineReviewPosition>& positions) {
  auto tree = sgf::parseFirstGame(sgf);
  if (!tree) return std::unexpected(tree.error());
  size_t move = 0;  // moves met along the main line
  for (int index : tree->mainLine()) {
    sgf::Node& node = tree->node(index);
    if (!node.find("B") && !node.find("W")) continue;
    ++move;
    if (move >= positions.size()) break;
    const std::string comment = reviewComment(positions[move], positions[move - 1].bestMove);
    bool had = false;
    for (sgf::Property& property : node.properties) {
      if (property.id != "C" || property.values.empty()) continue;
      property.values.front() += "\n\n" + sgf::encodeText(comment);
      had = true;
    }
    if (!had) tree->addValue(index, "C", sgf::encodeText(comment));
  }
  return sgf::writeTree(*tree);
}

}  // namespace tengen::site
