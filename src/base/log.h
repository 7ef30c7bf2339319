#pragma once

// One line per event on stderr: `2026-11-30T00:10:00.123Z level=info event=ws_open peer=...`.
// Fields are key=value; values with spaces, quotes or '=' are quoted. Never log passwords,
// tokens or cookies. Thread-safe: each line is built first and written with one call.

#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>

namespace tengen::log {

enum class Level { Debug, Info, Warn, Error, Off };

struct Field {
  std::string_view key;
  std::string value;

  Field(std::string_view k, std::string v) : key(k), value(std::move(v)) {}
  Field(std::string_view k, std::string_view v) : key(k), value(v) {}
  Field(std::string_view k, const char* v) : key(k), value(v) {}
  template <typename Number>
  requires std::is_arithmetic_v<Number> Field(std::string_view k, Number v)
      : key(k), value(std::to_string(v)) {}
};

inline std::atomic<Level>& threshold() {
  static std::atomic<Level> level{Level::Info};
  return level;
}

inline void setLevel(Level level) { threshold().store(level); }
inline bool enabled(Level level) { return level >= threshold().load(std::memory_order_relaxed); }

inline std::string_view levelName(Level level) {
  switch (level) {
    case Level::Debug:
      return "debug";
    case Level::Info:
      return "info";
    case Level::Warn:
      return "warn";
    case Level::Error:
      return "error";
    case Level::Off:
      break;
  }
  return "off";
}

namespace detail {

inline void appendValue(std::string& line, std::string_view value) {
  bool plain = !value.empty();
  for (char c : value) {
    if (c == ' ' || c == '"' || c == '=' || c == '\\' || static_cast<unsigned char>(c) < 0x20) {
      plain = false;
      break;
    }
  }
  if (plain) {
    line += value;
    return;
  }
  line += '"';
  for (char c : value) {
    if (c == '"' || c == '\\') {
      line += '\\';
      line += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      line += ' ';  // keep one event on one line
    } else {
      line += c;
    }
  }
  line += '"';
}

inline void appendTimestamp(std::string& line) {
  const auto now = std::chrono::system_clock::now();
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
  const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[64];
  std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900,
                utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec,
                static_cast<int>(ms % 1000));
  line += text;
}

}  // namespace detail

inline void write(Level level, std::string_view event, std::initializer_list<Field> fields) {
  if (!enabled(level)) return;
  std::string line;
  line.reserve(128);
  detail::appendTimestamp(line);
  line += " level=";
  line += levelName(level);
  line += " event=";
  detail::appendValue(line, event);
  for (const Field& field : fields) {
    line += ' ';
    line += field.key;
    line += '=';
    detail::appendValue(line, field.value);
  }
  line += '\n';
  std::fwrite(line.data(), 1, line.size(), stderr);
}

inline void debug(std::string_view event, std::initializer_list<Field> fields = {}) {
  write(Level::Debug, event, fields);
}
inline void info(std::string_view event, std::initializer_list<Field> fields = {}) {
  write(Level::Info, event, fields);
}
inline void warn(std::string_view event, std::initializer_list<Field> fields = {}) {
  write(Level::Warn, event, fields);
}
inline void error(std::string_view event, std::initializer_list<Field> fields = {}) {
  write(Level::Error, event, fields);
}

}  // namespace tengen::log
