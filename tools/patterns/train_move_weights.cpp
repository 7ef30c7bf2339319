// Fits the move weights of src/bot/move_weights.txt to the moves of SGF games (tools/patterns/
// README.md): reads every game, holds out every Nth for testing, runs minorization-
// maximization and writes the weights file with a header saying how it was made.
//   train_move_weights --out src/bot/move_weights.txt [--iterations 30] [--holdout 10]
//                      [--note TEXT]... SGF-FILE-OR-DIR...
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bot/move_weights.h"
#include "mm_fit.h"
#include "move_corpus.h"

namespace {

using namespace tengen;
namespace fs = std::filesystem;

// The SGF files named or inside the directories named, in an order that does not depend on
// where the corpus lies (file name, then the input's position), so that every 10th game held
// out is the same game on every machine.
std::vector<fs::path> sgfFiles(const std::vector<std::string>& inputs) {
  std::vector<std::pair<std::size_t, fs::path>> files;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    if (fs::is_directory(inputs[i])) {
      for (const auto& entry : fs::recursive_directory_iterator(inputs[i])) {
        if (entry.is_regular_file() && entry.path().extension() == ".sgf") {
          files.emplace_back(i, entry.path());
        }
      }
    } else {
      files.emplace_back(i, inputs[i]);
    }
  }
  std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) {
    const auto an = a.second.filename();
    const auto bn = b.second.filename();
    if (an != bn) return an < bn;
    if (a.first != b.first) return a.first < b.first;
    return a.second < b.second;
  });
  std::vector<fs::path> paths;
  for (auto& [input, path] : files) paths.push_back(std::move(path));
  return paths;
}

bot::MoveWeights toWeights(const std::vector<double>& gammas) {
  bot::MoveWeights weights;
  for (int g = 0; g < bot::kFeatureGroups; ++g) {
    for (int level = 1; level < bot::kFeatureLevels[g]; ++level) {
      const double gamma = gammas[patterns::kFeatureOffset[g] + static_cast<std::uint32_t>(level)];
      // Features no training move had keep exactly 1 and are left out of the file.
      weights.setGamma(static_cast<bot::FeatureGroup>(g), static_cast<std::uint32_t>(level),
                       static_cast<float>(gamma));
    }
  }
  return weights;
}

std::string describe(const patterns::Prediction& p) {
  char text[128];
  std::snprintf(text, sizeof text, "log-likelihood %.4f, top-1 %.1f%%, top-5 %.1f%%",
                p.meanLogLikelihood, 100 * p.top1, 100 * p.top5);
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Fits tengen's learned move weights to SGF games (minorization-maximization)"};
  std::string out;
  int iterations = 30;
  int holdout = 10;
  std::vector<std::string> notes;
  std::vector<std::string> inputs;
  app.add_option("--out", out, "the weights file to write")->required();
  app.add_option("--iterations", iterations, "passes over the feature groups")
      ->check(CLI::Range(1, 1000));
  app.add_option("--holdout", holdout, "every Nth game is held out to measure the fit")
      ->check(CLI::Range(2, 1000));
  app.add_option("--note", notes, "a line for the file's header (repeatable)")
      ->allow_extra_args(false);  // one line per --note: the games follow
  app.add_option("inputs", inputs, "SGF files or directories of them")->required();
  CLI11_PARSE(app, argc, argv);

  patterns::MoveCorpus corpus;
  std::vector<int> train;
  std::vector<int> test;
  const auto files = sgfFiles(inputs);
  for (std::size_t i = 0; i < files.size(); ++i) {
    std::ifstream in(files[i], std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const std::size_t before = corpus.choices.size();
    if (auto added = patterns::addGame(corpus, text.str(), files[i].string()); !added) {
      std::fprintf(stderr, "train_move_weights: %s\n", added.error().toString().c_str());
      return 1;
    }
    auto& into = (i % static_cast<std::size_t>(holdout)) == 0 ? test : train;
    for (std::size_t c = before; c < corpus.choices.size(); ++c)
      into.push_back(static_cast<int>(c));
  }
  std::printf("%d games, %zu moves (%zu for training, %zu held out), %zu teams, %d moves skipped\n",
              corpus.games, corpus.choices.size(), train.size(), test.size(), corpus.teams.size(),
              corpus.skippedMoves);
  std::vector<double> gammas(patterns::kFeatureCount, 1.0);
  std::printf("before: held out %s\n", describe(patterns::predict(corpus, test, gammas)).c_str());
  for (int i = 1; i <= iterations; ++i) {
    patterns::mmIteration(corpus, train, gammas);
    std::printf("iteration %d: training %s; held out %s\n", i,
                describe(patterns::predict(corpus, train, gammas)).c_str(),
                describe(patterns::predict(corpus, test, gammas)).c_str());
    std::fflush(stdout);
  }
  const bot::MoveWeights weights = toWeights(gammas);
  std::string header = "tengen learned move weights (src/bot/move_weights.h explains the format)\n";
  for (const auto& note : notes) header += note + "\n";
  header += "corpus: " + std::to_string(corpus.games) + " games, " + std::to_string(train.size()) +
            " training moves, " + std::to_string(test.size()) + " held-out moves (every " +
            std::to_string(holdout) + "th game)\n";
  header += std::to_string(iterations) +
            " iterations; held out: " + describe(patterns::predict(corpus, test, gammas)) + "\n";
  std::ofstream file(out, std::ios::binary | std::ios::trunc);
  file << weights.format(header);
  if (!file) {
    std::fprintf(stderr, "train_move_weights: cannot write %s\n", out.c_str());
    return 1;
  }
  std::printf("wrote %s\n", out.c_str());
  return 0;
}
