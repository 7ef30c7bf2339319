// The value selection ranks a child by (search.h's selectionValue): the mean with its prior,
// Silver's RAVE blend, the UCB term, and SearchConfig::amafPrior.
#include <gtest/gtest.h>

#include <cmath>

#include "bot/search.h"

namespace tengen::bot {
namespace {

// A child with a prior of `priorVisits` / `priorWins`, `wins` of `visits` real playouts and
// `amafWins` of `amafVisits` AMAF updates.
void setChild(Node& child, float priorVisits, float priorWins, int visits, int wins, int amafVisits,
              int amafWins) {
  child.reset(go::Point{40});
  child.priorVisits = priorVisits;
  child.priorWins = priorWins;
  child.visits.store(visits);
  child.winsX2.store(2 * wins);
  child.amafVisits.store(amafVisits);
  child.amafWinsX2.store(2 * amafWins);
}

TEST(SelectionValue, AnUnvisitedChildWithoutPriorIsEven) {
  Node child;
  setChild(child, 0, 0, 0, 0, 0, 0);
  EXPECT_DOUBLE_EQ(selectionValue(child, 0, SearchConfig{}), 0.5);
}

TEST(SelectionValue, BlendsTheMeanAndTheAmafResultBySilversBeta) {
  // A learned favourite (prior 35 of 40) that won 4 of 10 real playouts and 40 of 100 AMAF
  // ones: n = 50, mean = 39 / 50, beta = 100 / (100 + 50 + 50 * 100 / 3000).
  Node child;
  setChild(child, 40, 35, 10, 4, 100, 40);
  const double beta = 100.0 / (150.0 + 5000.0 / 3000.0);
  EXPECT_NEAR(selectionValue(child, 0, SearchConfig{}), beta * 0.4 + (1 - beta) * 0.78, 1e-12);
  EXPECT_NEAR(selectionValue(child, 0, SearchConfig{}), 0.529451, 1e-6);
}

TEST(SelectionValue, TheAmafPriorSeedsTheAmafResultWithThePrior) {
  SearchConfig config;
  config.amafPrior = 1;
  // The favourite above: AMAF (40 + 35) / (100 + 40), beta = 140 / (140 + 50 + 50 * 140 /
  // 3000); it rises from 0.529 to 0.602.
  Node favourite;
  setChild(favourite, 40, 35, 10, 4, 100, 40);
  EXPECT_NEAR(selectionValue(favourite, 0, config), 0.602184, 1e-6);
  // An own-eye fill (penalised: prior 5 of 110) with the same AMAF record falls from 0.211
  // to 0.154.
  Node eyeFill;
  setChild(eyeFill, 110, 5, 0, 0, 100, 40);
  EXPECT_NEAR(selectionValue(eyeFill, 0, SearchConfig{}), 0.211388, 1e-6);
  EXPECT_NEAR(selectionValue(eyeFill, 0, config), 0.153647, 1e-6);
  // Before any AMAF update the prior alone decides, as it does without the option.
  Node fresh;
  setChild(fresh, 40, 35, 0, 0, 0, 0);
  EXPECT_NEAR(selectionValue(fresh, 0, config), 35.0 / 40.0, 1e-12);
}

TEST(SelectionValue, AddsTheUcbTermWhenExploring) {
  SearchConfig config;
  config.exploration = 0.5;
  Node child;
  setChild(child, 40, 35, 10, 4, 100, 40);
  const double logParent = std::log(101.0);
  EXPECT_NEAR(selectionValue(child, logParent, config),
              selectionValue(child, 0, SearchConfig{}) + 0.5 * std::sqrt(logParent / 51.0), 1e-12);
}

}  // namespace
}  // namespace tengen::bot
