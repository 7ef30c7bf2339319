// Golden GTP transcripts: each tests/golden/gtp/NAME.gtp is fed to the real `tengen gtp
// --seed 1` (run from the repository root, so transcripts name files relative to it) and
// the whole output must equal NAME.out. TENGEN_REGENERATE_GOLDEN=1 rewrites the .out files
// instead; review the diff before committing it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/files.h"

namespace tengen::gtp {
namespace {

namespace fs = std::filesystem;
using tengen::test::readFile;

const fs::path kGoldenDir = fs::path(TENGEN_SOURCE_DIR) / "tests" / "golden" / "gtp";

std::vector<std::string> transcriptNames() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(kGoldenDir, ec)) {
    if (entry.path().extension() == ".gtp") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// Runs the binary with the transcript on stdin and returns its stdout.
std::string runTranscript(const std::string& name) {
  const std::string command = "cd '" + std::string(TENGEN_SOURCE_DIR) + "' && '" +
                              std::string(TENGEN_BINARY) + "' gtp --seed 1 < '" +
                              (kGoldenDir / (name + ".gtp")).string() + "'";
  std::string output;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return "(popen failed)";
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
    output.append(buffer, n);
  const int status = pclose(pipe);
  if (status != 0) output += "\n(exit status " + std::to_string(status) + ")\n";
  return output;
}

class Golden : public ::testing::TestWithParam<std::string> {};

TEST_P(Golden, TranscriptMatches) {
  const std::string name = GetParam();
  const std::string actual = runTranscript(name);
  const fs::path expectedPath = kGoldenDir / (name + ".out");
  const char* regenerate = std::getenv("TENGEN_REGENERATE_GOLDEN");
  if (regenerate != nullptr && std::string(regenerate) == "1") {
    std::ofstream(expectedPath, std::ios::binary) << actual;
    GTEST_SKIP() << "regenerated " << expectedPath;
  }
  ASSERT_TRUE(fs::exists(expectedPath))
      << expectedPath << " missing; run with TENGEN_REGENERATE_GOLDEN=1";
  EXPECT_EQ(actual, readFile(expectedPath)) << name;
}

TEST(GoldenSet, HasTheRequiredTranscripts) { EXPECT_GE(transcriptNames().size(), 8u); }

INSTANTIATE_TEST_SUITE_P(Transcripts, Golden, ::testing::ValuesIn(transcriptNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string id = info.param;
                           for (char& c : id) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return id;
                         });

}  // namespace
}  // namespace tengen::gtp
