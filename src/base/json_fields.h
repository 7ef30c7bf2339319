#pragma once

// Required fields of a JSON object that one of our own programs wrote (a command forwarded
// between nodes, an announcement): an error naming the field when it is missing or of another
// type, so that a node of another version sharing the bus is refused precisely.

#include <boost/json/object.hpp>

#include <cstdint>
#include <string>
#include <string_view>

#include "base/result.h"

namespace tengen::json_fields {

inline Result<const boost::json::value*> field(const boost::json::object& o,
                                               std::string_view name) {
  auto it = o.find(name);
  if (it == o.end()) return fail("no field \"" + std::string(name) + "\"");
  return &it->value();
}

inline Result<std::string> text(const boost::json::object& o, std::string_view name) {
  auto v = field(o, name);
  if (!v) return std::unexpected(v.error());
  if (!(*v)->is_string()) return fail("\"" + std::string(name) + "\" is not text");
  return std::string((*v)->as_string());
}

inline Result<int64_t> integer(const boost::json::object& o, std::string_view name) {
  auto v = field(o, name);
  if (!v) return std::unexpected(v.error());
  if (!(*v)->is_int64()) return fail("\"" + std::string(name) + "\" is not an integer");
  return (*v)->as_int64();
}

inline Result<bool> boolean(const boost::json::object& o, std::string_view name) {
  auto v = field(o, name);
  if (!v) return std::unexpected(v.error());
  if (!(*v)->is_bool()) return fail("\"" + std::string(name) + "\" is not true or false");
  return (*v)->as_bool();
}

}  // namespace tengen::json_fields
