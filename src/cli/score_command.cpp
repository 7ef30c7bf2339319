#include <CLI/CLI.hpp>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "base/result.h"
#include "cli/commands.h"
#include "go/point_set.h"
#include "go/rules.h"
#include "go/scoring.h"
#include "sgf/game_record.h"

namespace tengen::cli {

namespace {

constexpr std::size_t kMaxFileBytes = 64 << 20;

constexpr const char* kFormatHelp =
    "Output: one line per file, three tab-separated fields:\n"
    "  FILE <TAB> RESULT <TAB> FILE_RE\n"
    "RESULT is the SGF RE of the final main-line position under the rules (--rules, else\n"
    "the file's RU, else chinese; komi from the file's KM if present), with the --dead\n"
    "chains removed: B+3.5, W+12, 0 for a draw, Void when the rules ended the game by\n"
    "repetition. FILE_RE is the file's own RE, or ? if it has none.\n"
    "A file that cannot be read or scored prints 'FILE: error: ...' on stderr instead and\n"
    "the others are still scored. Exit code: 0 if every file was scored, 1 if any failed,\n"
    "2 for a bad --rules or --dead.\n";

struct Options {
  std::string rulesSpec;
  std::string dead = "none";
  std::vector<std::string> files;
};

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The --dead vertices, as written: empty for "none".
Result<std::vector<std::string>> splitDead(const std::string& spec) {
  std::vector<std::string> vertices;
  if (lower(spec) == "none") return vertices;
  std::stringstream in(spec);
  for (std::string item; std::getline(in, item, ',');) {
    const auto first = item.find_first_not_of(" \t");
    if (first == std::string::npos) return fail("empty vertex in --dead '" + spec + "'");
    vertices.push_back(item.substr(first, item.find_last_not_of(" \t") - first + 1));
  }
  if (vertices.empty()) return fail("--dead needs 'none' or vertices such as D4,Q16");
  return vertices;
}

// Komi named in the spec itself ("chinese komi=6.5") beats the file's KM.
bool specSetsKomi(const std::string& spec) {
  std::stringstream in(lower(spec));
  for (std::string word; in >> word;) {
    if (word.starts_with("komi=")) return true;
  }
  return false;
}

Result<std::string> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(std::string("cannot open: ") + std::strerror(errno));
  std::string text;
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxFileBytes) return fail("file larger than 64 MiB");
  }
  if (in.bad()) return fail("read error");
  return text;
}

Result<go::PointSet> deadStones(const go::Game& game, const std::vector<std::string>& vertices) {
  go::PointSet dead;
  for (const std::string& v : vertices) {
    const auto p = game.geometry().fromGtp(v);
    if (!p || *p == go::kPass) {
      return fail("--dead " + v + " is not a point of this " + std::to_string(game.size()) + "x" +
                  std::to_string(game.size()) + " board");
    }
    if (!go::isStone(game.board().at(*p))) {
      return fail("--dead " + v + ": no stone there in the final position");
    }
    dead.insert(*p);
  }
  return dead;
}

// The output line for one file, or the error that stops it.
Result<std::string> scoreFile(const std::string& path, const std::optional<go::Rules>& rules,
                              bool komiFromSpec, const std::vector<std::string>& deadVertices) {
  auto text = readFile(path);
  if (!text) return std::unexpected(text.error());
  auto loaded = sgf::loadGame(*text, rules);
  if (!loaded) return std::unexpected(loaded.error());
  for (const std::string& warning : loaded->warnings) {
    std::cerr << "tengen score: warning: " << path << ": " << warning << "\n";
  }
  if (komiFromSpec) loaded->game.setKomi(rules->komi);
  auto dead = deadStones(loaded->game, deadVertices);
  if (!dead) return std::unexpected(dead.error());
  const std::string fileResult = loaded->info.result.empty() ? "?" : loaded->info.result;
  return path + "\t" + go::gameResult(loaded->game, *dead) + "\t" + fileResult;
}

int run(const Options& options) {
  std::optional<go::Rules> rules;
  if (!options.rulesSpec.empty()) {
    auto parsed = go::Rules::parse(options.rulesSpec);
    if (!parsed) {
      std::cerr << "tengen score: error: --rules: " << parsed.error().toString() << "\n";
      return 2;
    }
    rules = *parsed;
  }
  auto dead = splitDead(options.dead);
  if (!dead) {
    std::cerr << "tengen score: error: " << dead.error().toString() << "\n";
    return 2;
  }
  const bool komiFromSpec = rules && specSetsKomi(options.rulesSpec);
  int exitCode = 0;
  for (const std::string& path : options.files) {
    auto line = scoreFile(path, rules, komiFromSpec, *dead);
    if (line) {
      std::cout << *line << "\n";
    } else {
      std::cerr << path << ": error: " << line.error().toString() << "\n";
      exitCode = 1;
    }
  }
  std::cout.flush();
  return exitCode;
}

}  // namespace

void addScoreCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<Options>();
  auto* cmd = app.add_subcommand(
      "score", "Score the final position of SGF games under a ruleset and compare with their RE");
  cmd->add_option("--rules", options->rulesSpec,
                  "Ruleset: a preset with optional overrides, e.g. 'japanese' or "
                  "'chinese komi=6.5' (default: the file's RU, else chinese)");
  cmd->add_option("--dead", options->dead,
                  "Dead stones: 'none' (default) or GTP vertices such as D4,Q16; each marks "
                  "its whole chain dead");
  cmd->add_option("files", options->files, "SGF files to score")->required();
  cmd->footer(kFormatHelp);
  cmd->callback([options, &exitCode] { exitCode = run(*options); });
}

}  // namespace tengen::cli
