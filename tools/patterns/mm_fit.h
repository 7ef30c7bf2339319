#pragma once

// Minorization-maximization for the generalized Bradley-Terry model (Hunter 2004; Coulom 2007,
// section 3): each choice's played team wins against the position's other teams, a team's
// strength is the product of its features' gammas, and one feature group at a time is set
// to the maximum of the minorizing function, which never lowers the likelihood:
//   gamma_i = (W_i + 1) / (C_i + 2 / (1 + gamma_i))
// W_i: the choices whose played team has feature i; C_i: the sum over choices of the
// strength of the teams with feature i, divided by gamma_i, over the strength of all teams.
// The 1 and 2/(1 + gamma_i) are Coulom's prior: one virtual win and one virtual loss against
// a virtual opponent of gamma 1, which keeps rare features near 1.

#include <vector>

#include "move_corpus.h"

namespace tengen::patterns {

// One pass over the groups; `gammas` (kFeatureCount) is updated in place.
void mmIteration(const MoveCorpus& corpus, const std::vector<int>& trainChoices,
                 std::vector<double>& gammas);

// How well the gammas predict the choices: the mean log-likelihood of the played move (each
// move of a team, e.g. ln(strength / total)) and the share of choices where the played move
// is ranked first (ties shared), in top 5 (ties counted against).
struct Prediction {
  double meanLogLikelihood = 0;
  double top1 = 0;
  double top5 = 0;
};
Prediction predict(const MoveCorpus& corpus, const std::vector<int>& choices,
                   const std::vector<double>& gammas);

}  // namespace tengen::patterns
