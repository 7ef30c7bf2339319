#include "mm_fit.h"

#include <cmath>

namespace tengen::patterns {

namespace {

double strengthOf(const Team& team, const std::vector<double>& gammas) {
  double s = 1;
  for (int f = 0; f < team.size; ++f) s *= gammas[team.features[f]];
  return s;
}

}  // namespace

void mmIteration(const MoveCorpus& corpus, const std::vector<int>& trainChoices,
                 std::vector<double>& gammas) {
  std::vector<double> wins(kFeatureCount);
  for (const int c : trainChoices) {
    const Choice& choice = corpus.choices[c];
    const Team& played = corpus.teams[choice.firstTeam + choice.played];
    for (int f = 0; f < played.size; ++f) wins[played.features[f]] += 1;
  }
  std::vector<double> cSum(kFeatureCount);
  for (int g = 0; g < bot::kFeatureGroups; ++g) {
    const std::uint32_t begin = kFeatureOffset[g];
    const std::uint32_t end = kFeatureOffset[g + 1];
    std::fill(cSum.begin() + begin, cSum.begin() + end, 0.0);
    for (const int c : trainChoices) {
      const Choice& choice = corpus.choices[c];
      double total = 0;
      for (std::uint32_t t = 0; t < choice.teams; ++t) {
        const Team& team = corpus.teams[choice.firstTeam + t];
        total += team.count * strengthOf(team, gammas);
      }
      for (std::uint32_t t = 0; t < choice.teams; ++t) {
        const Team& team = corpus.teams[choice.firstTeam + t];
        for (int f = 0; f < team.size; ++f) {
          const std::uint32_t i = team.features[f];
          if (i < begin || i >= end) continue;
          cSum[i] += team.count * strengthOf(team, gammas) / gammas[i] / total;
        }
      }
    }
    for (std::uint32_t i = begin; i < end; ++i) {
      if (cSum[i] == 0) continue;  // never a candidate: keeps gamma 1
      gammas[i] = (wins[i] + 1) / (cSum[i] + 2 / (1 + gammas[i]));
    }
  }
}

Prediction predict(const MoveCorpus& corpus, const std::vector<int>& choices,
                   const std::vector<double>& gammas) {
  Prediction p;
  if (choices.empty()) return p;
  for (const int c : choices) {
    const Choice& choice = corpus.choices[c];
    const double played = strengthOf(corpus.teams[choice.firstTeam + choice.played], gammas);
    double total = 0;
    double stronger = 0;  // moves stronger than the played one
    double equal = 0;     // other moves as strong
    for (std::uint32_t t = 0; t < choice.teams; ++t) {
      const Team& team = corpus.teams[choice.firstTeam + t];
      const double s = strengthOf(team, gammas);
      total += team.count * s;
      if (s > played) stronger += team.count;
      if (s == played) equal += team.count - (t == choice.played ? 1 : 0);
    }
    p.meanLogLikelihood += std::log(played / total);
    if (stronger == 0) p.top1 += 1 / (1 + equal);
    if (stronger + equal < 5) p.top5 += 1;
  }
  const double n = static_cast<double>(choices.size());
  p.meanLogLikelihood /= n;
  p.top1 /= n;
  p.top5 /= n;
  return p;
}

}  // namespace tengen::patterns
