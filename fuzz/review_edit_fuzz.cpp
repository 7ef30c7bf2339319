// libFuzzer target for review boards' edits (src/site/review/review_edit.h, review_tree.h): a
// controller's edits arrive as JSON messages and change an SGF tree that is saved and reopened.
// Run by scripts/fuzz.sh from fuzz/corpus/review_edit_fuzz. The first byte picks the board
// (2x2 .. 25x25); the rest is a JSON array of review_edit objects, each decoded and applied in
// turn. Any input must give edits or refusals, never a crash; after each edit the tree keeps
// its invariants, and the SGF it saves must reopen to the same tree and the same SGF.
#include <boost/json/parse.hpp>
#include <boost/json/src.hpp>  // Boost.JSON compiled in: the fuzzer sees its branches too

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "site/review/review_edit.h"

namespace {

namespace json = boost::json;
using namespace tengen;

void require(bool condition) {
  if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const int boardSize = 2 + data[0] % 24;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  json::parse_options options;
  options.max_depth = 32;  // as the envelope parses a message (src/server/envelope.cpp)
  json::error_code ec;
  const json::value value = json::parse(text, ec, {}, options);
  if (ec || !value.is_array()) return 0;
  site::ReviewLimits limits;
  limits.maxNodes = 200;  // small caps, so that the fuzzer reaches them
  limits.maxMarksPerNode = 8;
  site::ReviewTree tree = site::ReviewTree::emptyBoard(boardSize, go::Rules::forNewTable(), limits);
  for (const json::value& message : value.as_array()) {
    if (!message.is_object()) continue;
    auto edit = site::decodeReviewEdit(message.as_object());
    if (!edit) {
      require(edit.error().code == "bad_request" && !edit.error().message.empty());
      continue;
    }
    const int nodes = tree.nodeCount();
    auto applied = site::applyReviewEdit(tree, *edit);
    require(tree.checkInvariants());
    if (!applied) require(tree.nodeCount() == nodes && !applied.error().code.empty());
  }
  const std::string saved = tree.sgf();
  auto reopened = site::ReviewTree::fromSgf(saved, limits);
  require(reopened.has_value());
  require(reopened->nodeCount() == tree.nodeCount());
  require(reopened->sgf() == saved);
  for (int i = 0; i < tree.nodeCount(); ++i) {
    require(reopened->commentAt(i) == tree.commentAt(i));
    require(reopened->marksAt(i).size() == tree.marksAt(i).size());
  }
  return 0;
}
