#pragma once

// The public SGF records of tests/sgf/corpus (its README names each source and licence),
// for the corpus tests: the round trip here (corpus_round_trip_test.cpp) and the comparison
// with GNU Go (tests/gnugo/sgf_corpus_test.cpp). Header-only, so both executables use it
// without a shared library.

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace tengen::sgf::test {

inline std::filesystem::path corpusDir() {
  return std::filesystem::path(TENGEN_SOURCE_DIR) / "tests" / "sgf" / "corpus";
}

// Every *.sgf under the corpus, sorted. Those under refused/ are records tengen must refuse
// (with a clear error); `refused` selects them, or the rest, which it must read.
inline std::vector<std::filesystem::path> corpusFiles(bool refused) {
  std::vector<std::filesystem::path> files;
  const std::filesystem::path refusedDir = corpusDir() / "refused";
  for (const auto& entry : std::filesystem::recursive_directory_iterator(corpusDir())) {
    if (!entry.is_regular_file() || entry.path().extension() != ".sgf") continue;
    const std::string path = entry.path().string();
    const bool underRefused = path.starts_with(refusedDir.string() + "/");
    if (underRefused == refused) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The path relative to the corpus folder, as messages name a file.
inline std::string corpusName(const std::filesystem::path& path) {
  return std::filesystem::relative(path, corpusDir()).string();
}

}  // namespace tengen::sgf::test
