#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"

struct pg_conn;
struct pg_result;

namespace tengen::store {

// The parameters of one statement, all sent in binary: integers and doubles as PostgreSQL's
// network-order int8 and float8, byte strings as bytea, so no value is ever parsed from text
// and any bytes (NULs, invalid UTF-8) arrive exactly.
class PgParams {
 public:
  PgParams& add(int64_t value);
  PgParams& add(double value);
  PgParams& add(bool value);
  PgParams& addBytes(std::string_view bytes);  // bytea
  PgParams& addText(std::string_view text);    // text: must be valid UTF-8 without NUL
  // 0 becomes NULL: how open seats and missing owners are stored (foreign keys allow NULL).
  PgParams& addIdOrNull(int64_t id);
  PgParams& addOptional(std::optional<int64_t> value);  // nullopt is NULL

 private:
  friend class PgConnection;
  // What libpq's PQexecPrepared and PQsendQueryPrepared take; points into this object.
  struct Pointers {
    std::vector<const char*> values;
    std::vector<int> lengths;
    std::vector<int> formats;
  };
  Pointers pointers() const;
  void push(unsigned type, std::string bytes, bool null = false);

  std::vector<unsigned> types_;
  std::vector<std::string> values_;
  std::vector<char> nulls_;
};

// The outcome of one statement: its rows (all columns in binary) or its error. Reading a
// column of a type it does not hold is a programming error and throws std::logic_error.
class PgRows {
 public:
  explicit PgRows(pg_result* result, std::string connectionError = {});
  PgRows(PgRows&& other) noexcept;
  PgRows(const PgRows&) = delete;
  PgRows& operator=(const PgRows&) = delete;
  PgRows& operator=(PgRows&&) = delete;
  ~PgRows();

  bool ok() const;
  // The five-character SQLSTATE of a failure ("23505": unique violation); empty when ok or
  // when the connection itself failed.
  std::string sqlstate() const;
  std::string message() const;

  int size() const;
  bool isNull(int row, int column) const;
  int64_t integer(int row, int column) const;    // int2, int4, int8 or bool
  double real(int row, int column) const;        // float8
  std::string bytes(int row, int column) const;  // bytea or text, byte for byte
  // The rows an INSERT, UPDATE or DELETE touched.
  int64_t affected() const;

 private:
  const char* value(int row, int column, unsigned type, int length) const;

  pg_result* result_;
  std::string connectionError_;
};

// One statement of a pipeline (PgConnection::pipeline): its text, prepared and cached as
// query's, and its parameters.
struct PgStatement {
  std::string sql;
  PgParams params;
};

// SQLSTATEs the store tells apart (PostgreSQL's errcodes.txt).
namespace pg_state {
inline constexpr std::string_view kUniqueViolation = "23505";
inline constexpr std::string_view kForeignKeyViolation = "23503";
inline constexpr std::string_view kCheckViolation = "23514";
}  // namespace pg_state

// One libpq connection with a cache of prepared statements, named by their text. Not
// thread-safe: used by one thread at a time (the writer thread, or whoever leased it from a
// ConnectionPool). A connection that broke (the server restarted, the network dropped) is
// reset on the next statement outside a transaction, so a store outlives a database restart.
class PgConnection {
 public:
  // How the group commit writer opens a batch: PostgreSQL's row locks and unique keys do
  // what SQLite's IMMEDIATE write lock does there.
  static constexpr const char* kBeginWrite = "BEGIN";
  // What the group commit writer pipelines (group_commit_writer.h, PipelinedWrite).
  using Statement = PgStatement;
  using Rows = PgRows;

  // conninfo: a postgres:// URL or "key=value" words, as libpq takes them.
  static Result<std::unique_ptr<PgConnection>> open(const std::string& conninfo);
  ~PgConnection();
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;

  // Runs one or more statements that return nothing we need (DDL, BEGIN, SAVEPOINT).
  Result<void> exec(std::string_view sql);
  Result<void> run(std::string_view sql) { return exec(sql); }
  // Runs one statement, prepared on first use and cached.
  PgRows query(std::string_view sql, const PgParams& params = {});
  // Sends every statement without waiting for an answer, then reads the answers: one round
  // trip for all of them (libpq's pipeline mode; pg_pipeline.cpp). Once a statement fails,
  // the server skips the rest: their rows fail too. Fails as a whole only when the connection
  // does. Statements run in the transaction already open, if any.
  Result<std::vector<PgRows>> pipeline(const std::vector<const PgStatement*>& statements);
  // The single integer a query like "SELECT count(*) ..." returns.
  Result<int64_t> queryInt(std::string_view sql);

  // An Error for the connection's most recent failure, saying what we were doing.
  Error error(std::string_view doing) const;
  Error error(const PgRows& failed, std::string_view doing) const;
  // In a transaction, including one a failed statement aborted (until ROLLBACK TO).
  bool inTransaction() const;
  // Host, port and database, without the password: where the store's messages point.
  const std::string& where() const { return where_; }

 private:
  PgConnection(pg_conn* conn, std::string where) : conn_(conn), where_(std::move(where)) {}
  // Resets a broken connection when no transaction would be lost; its statements go with it.
  void reviveIfBroken();
  // The name `sql` is prepared under, preparing it on first use; on failure, `failure` holds
  // why and the result is null.
  const std::string* prepare(std::string_view sql, const PgParams& params,
                             std::optional<PgRows>& failure);

  pg_conn* conn_;
  std::string where_;
  std::map<std::string, std::string, std::less<>> prepared_;  // text -> statement name
};

}  // namespace tengen::store
