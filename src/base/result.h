#pragma once

#include <expected>
#include <string>

namespace tengen {

// An error a parser or I/O call reports as a value. `where` says where in the input it
// happened ("line 3, column 7", "argument 2") so the message alone lets a user fix it.
struct Error {
  std::string message;
  std::string where;

  std::string toString() const { return where.empty() ? message : where + ": " + message; }
};

template <typename T>
using Result = std::expected<T, Error>;

inline std::unexpected<Error> fail(std::string message, std::string where = {}) {
  return std::unexpected<Error>(Error{std::move(message), std::move(where)});
}

}  // namespace tengen
