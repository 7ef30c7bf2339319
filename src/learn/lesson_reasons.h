#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

// Why the judge refused or accepted an answer, as a catalogue key (learn.reason.<key> in
// web/i18n) and its parameters; docs/lessons.md, "Reasons", lists them all.
namespace tengen::learn {

struct Reason {
  std::string key;
  std::vector<std::pair<std::string, std::string>> params;

  bool operator==(const Reason&) const = default;
};

// Whether `key` is one of the reasons the judge gives.
bool isReasonKey(std::string_view key);

}  // namespace tengen::learn
