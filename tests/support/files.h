#pragma once

// Reading a whole file in a test. Header-only, so every test executable may include it
// without linking anything (the go, sgf and gtp tests link no test support library).

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace tengen::test {

// The bytes of the file at `path`; empty if it cannot be read.
inline std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace tengen::test
