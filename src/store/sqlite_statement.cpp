#include "store/sqlite_statement.h"

#include <sqlite3.h>

namespace tengen::store {

SqliteStatement::SqliteStatement(SqliteStatement&& other) noexcept
    : db_(other.db_), stmt_(other.stmt_) {
  other.stmt_ = nullptr;
}

SqliteStatement::~SqliteStatement() {
  if (stmt_ == nullptr) return;
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

SqliteStatement& SqliteStatement::bind(int index, int64_t value) {
  sqlite3_bind_int64(stmt_, index, value);
  return *this;
}

SqliteStatement& SqliteStatement::bind(int index, double value) {
  sqlite3_bind_double(stmt_, index, value);
  return *this;
}

// SQLITE_TRANSIENT copies the bytes, so callers may pass temporaries. The explicit length
// keeps embedded NULs.
SqliteStatement& SqliteStatement::bindText(int index, std::string_view text) {
  sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
  return *this;
}

SqliteStatement& SqliteStatement::bindBlob(int index, std::string_view bytes) {
  // A zero-length blob bound from a null pointer would be NULL, not an empty blob.
  static const char kEmpty = 0;
  sqlite3_bind_blob64(stmt_, index, bytes.empty() ? &kEmpty : bytes.data(), bytes.size(),
                      SQLITE_TRANSIENT);
  return *this;
}

SqliteStatement& SqliteStatement::bindOptional(int index, std::optional<int64_t> value) {
  if (value) return bind(index, *value);
  sqlite3_bind_null(stmt_, index);
  return *this;
}

SqliteStatement& SqliteStatement::bindIdOrNull(int index, int64_t id) {
  if (id == 0) {
    sqlite3_bind_null(stmt_, index);
  } else {
    sqlite3_bind_int64(stmt_, index, id);
  }
  return *this;
}

SqliteStatement::Step SqliteStatement::step() {
  switch (sqlite3_step(stmt_)) {
    case SQLITE_ROW:
      return Step::Row;
    case SQLITE_DONE:
      return Step::Done;
    default:
      return Step::Error;
  }
}

bool SqliteStatement::run() {
  Step s;
  while ((s = step()) == Step::Row) {
  }
  return s == Step::Done;
}

int64_t SqliteStatement::columnInt(int column) const { return sqlite3_column_int64(stmt_, column); }

double SqliteStatement::columnDouble(int column) const {
  return sqlite3_column_double(stmt_, column);
}

std::string SqliteStatement::columnBytes(int column) const {
  // Ask for the blob pointer first, then its size: this order never converts the value.
  const void* data = sqlite3_column_blob(stmt_, column);
  const int size = sqlite3_column_bytes(stmt_, column);
  if (data == nullptr || size <= 0) return {};
  return std::string(static_cast<const char*>(data), static_cast<size_t>(size));
}

bool SqliteStatement::columnIsNull(int column) const {
  return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

int SqliteStatement::extendedCode() const { return sqlite3_extended_errcode(db_); }

std::string SqliteStatement::errorMessage() const { return sqlite3_errmsg(db_); }

int64_t SqliteStatement::changes() const { return sqlite3_changes64(db_); }

int64_t SqliteStatement::lastInsertRowid() const { return sqlite3_last_insert_rowid(db_); }

}  // namespace tengen::store
