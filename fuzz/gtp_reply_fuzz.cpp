// libFuzzer target for the GTP reply parser (what an external engine writes to us): build
// with -DTENGEN_FUZZ=ON and clang (>= 16), then run
//   build-fuzz/fuzz/gtp_reply_fuzz -max_len=4096
// The first byte of the input chooses how the rest is cut into reads (as a pipe may deliver
// it), the second the reply size cap. Whatever the cut, the parser must give the same
// replies, and fail or not, as when it gets everything at once; every reply's text holds
// no CR or NUL and no empty line; an error has a description.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "gtp/gtp_reply_parser.h"

namespace {

void require(bool condition) {
  if (!condition) std::abort();
}

struct Outcome {
  std::vector<std::string> replies;  // status, id and text flattened
  std::string error;
};

Outcome parse(std::string_view bytes, std::size_t piece, std::size_t cap) {
  tengen::gtp::GtpReplyParser parser(cap);
  Outcome outcome;
  for (std::size_t at = 0; at < bytes.size() && outcome.error.empty(); at += piece) {
    parser.feed(bytes.substr(at, piece));
    for (;;) {
      auto next = parser.next();
      if (!next) {
        outcome.error = next.error();
        require(!outcome.error.empty());
        break;
      }
      if (!*next) break;
      const auto& reply = **next;
      require(reply.text.find('\r') == std::string::npos);
      require(reply.text.find('\0') == std::string::npos);
      require(reply.text.find("\n\n") == std::string::npos);
      require(reply.text.size() <= cap);
      outcome.replies.push_back(std::string(reply.success ? "=" : "?") +
                                (reply.id ? std::to_string(*reply.id) : "-") + ":" + reply.text);
    }
  }
  return outcome;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::size_t piece = 1 + data[0] % 17;
  const std::size_t cap = 1 + data[1] * 8;
  const std::string_view bytes(reinterpret_cast<const char*>(data) + 2, size - 2);
  const Outcome whole = parse(bytes, bytes.size() + 1, cap);
  const Outcome pieces = parse(bytes, piece, cap);
  // The error itself may differ: cut short, garbage is quoted only as far as it arrived, and
  // an overlong reply may be caught before a NUL further on.
  require(whole.replies == pieces.replies);
  require(whole.error.empty() == pieces.error.empty());
  return 0;
}
