#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace tengen::store {

// A borrowed, already prepared statement of a SqliteConnection's cache. Binding indices
// start at 1 and columns at 0, as in SQLite. The destructor resets the statement and clears
// its bindings, so the cache entry is ready for its next use and holds no read snapshot.
class SqliteStatement {
 public:
  enum class Step { Row, Done, Error };

  SqliteStatement(sqlite3* db, sqlite3_stmt* stmt) : db_(db), stmt_(stmt) {}
  SqliteStatement(SqliteStatement&& other) noexcept;
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;
  SqliteStatement& operator=(SqliteStatement&&) = delete;
  ~SqliteStatement();

  SqliteStatement& bind(int index, int64_t value);
  SqliteStatement& bind(int index, double value);
  SqliteStatement& bindText(int index, std::string_view text);
  SqliteStatement& bindBlob(int index, std::string_view bytes);
  // 0 becomes NULL: how open seats and missing owners are stored (foreign keys allow NULL).
  SqliteStatement& bindIdOrNull(int index, int64_t id);
  SqliteStatement& bindOptional(int index, std::optional<int64_t> value);  // nullopt is NULL

  Step step();
  // Steps to the end; false on error (see errorMessage / extendedCode).
  bool run();

  int64_t columnInt(int column) const;
  double columnDouble(int column) const;
  // Text and blob columns, byte for byte (embedded NULs kept).
  std::string columnBytes(int column) const;
  bool columnIsNull(int column) const;

  int extendedCode() const;
  std::string errorMessage() const;
  int64_t changes() const;
  int64_t lastInsertRowid() const;

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_;
};

}  // namespace tengen::store
