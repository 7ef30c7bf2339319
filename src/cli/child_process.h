#pragma once

#include <string>
#include <vector>

#include "base/result.h"

namespace tengen::cli {

struct ChildOutput {
  std::string stdoutText;
  int exitStatus = 0;
  double seconds = 0;  // wall time from start to exit
};

// Runs argv[0] (a path) with `input` on its standard input and collects its standard
// output; standard error is discarded. For benchmarks that time whole GTP sessions.
Result<ChildOutput> runChild(const std::vector<std::string>& argv, const std::string& input);

}  // namespace tengen::cli
