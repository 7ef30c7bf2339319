#include "store/postgres/pg_connection.h"

#include <libpq-fe.h>

#include <bit>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace tengen::store {

namespace {

// Type OIDs of PostgreSQL's catalog (pg_type.dat) for the types the store sends and reads.
constexpr Oid kBool = 16;
constexpr Oid kBytea = 17;
constexpr Oid kInt8 = 20;
constexpr Oid kInt2 = 21;
constexpr Oid kInt4 = 23;
constexpr Oid kText = 25;
constexpr Oid kFloat8 = 701;

// Binary values travel in network byte order.
template <typename T>
std::string bigEndian(T value) {
  auto bits = std::bit_cast<uint64_t>(value);
  std::string out(8, '\0');
  for (int i = 7; i >= 0; --i, bits >>= 8) out[i] = static_cast<char>(bits & 0xff);
  return out;
}

uint64_t fromBigEndian(const char* bytes, int length) {
  uint64_t value = 0;
  for (int i = 0; i < length; ++i) value = (value << 8) | static_cast<unsigned char>(bytes[i]);
  return value;
}

std::string trimmed(const char* message) {
  std::string text = message ? message : "";
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

void ignoreNotice(void*, const char*) {}

}  // namespace

void PgParams::push(unsigned type, std::string bytes, bool null) {
  types_.push_back(type);
  values_.push_back(std::move(bytes));
  nulls_.push_back(null);
}

PgParams::Pointers PgParams::pointers() const {
  const size_t n = values_.size();
  Pointers pointers{std::vector<const char*>(n), std::vector<int>(n), std::vector<int>(n, 1)};
  for (size_t i = 0; i < n; ++i) {
    pointers.values[i] = nulls_[i] ? nullptr : values_[i].data();
    pointers.lengths[i] = static_cast<int>(values_[i].size());
  }
  return pointers;
}

PgParams& PgParams::add(int64_t value) {
  push(kInt8, bigEndian(value));
  return *this;
}

PgParams& PgParams::add(double value) {
  push(kFloat8, bigEndian(value));
  return *this;
}

PgParams& PgParams::add(bool value) {
  push(kBool, std::string(1, value ? '\1' : '\0'));
  return *this;
}

PgParams& PgParams::addBytes(std::string_view bytes) {
  push(kBytea, std::string(bytes));
  return *this;
}

PgParams& PgParams::addText(std::string_view text) {
  push(kText, std::string(text));
  return *this;
}

PgParams& PgParams::addIdOrNull(int64_t id) {
  return id == 0 ? addOptional(std::nullopt) : add(id);
}

PgParams& PgParams::addOptional(std::optional<int64_t> value) {
  if (value) return add(*value);
  push(kInt8, {}, true);
  return *this;
}

PgRows::PgRows(pg_result* result, std::string connectionError)
    : result_(result), connectionError_(std::move(connectionError)) {}

PgRows::PgRows(PgRows&& other) noexcept
    : result_(std::exchange(other.result_, nullptr)),
      connectionError_(std::move(other.connectionError_)) {}

PgRows::~PgRows() { PQclear(result_); }

bool PgRows::ok() const {
  if (!result_) return false;
  const ExecStatusType status = PQresultStatus(result_);
  return status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK;
}

std::string PgRows::sqlstate() const {
  const char* state = result_ ? PQresultErrorField(result_, PG_DIAG_SQLSTATE) : nullptr;
  return state ? state : "";
}

std::string PgRows::message() const {
  if (!result_) return connectionError_.empty() ? "no result from the server" : connectionError_;
  return trimmed(PQresultErrorMessage(result_));
}

int PgRows::size() const { return ok() ? PQntuples(result_) : 0; }

bool PgRows::isNull(int row, int column) const { return PQgetisnull(result_, row, column) != 0; }

const char* PgRows::value(int row, int column, unsigned type, int length) const {
  if (PQftype(result_, column) != type || PQgetlength(result_, row, column) != length) {
    throw std::logic_error("column " + std::to_string(column) + " is not of the type read");
  }
  return PQgetvalue(result_, row, column);
}

int64_t PgRows::integer(int row, int column) const {
  if (isNull(row, column)) return 0;
  switch (PQftype(result_, column)) {
    case kInt8:
      return static_cast<int64_t>(fromBigEndian(value(row, column, kInt8, 8), 8));
    case kInt4:
      return static_cast<int32_t>(fromBigEndian(value(row, column, kInt4, 4), 4));
    case kInt2:
      return static_cast<int16_t>(fromBigEndian(value(row, column, kInt2, 2), 2));
    case kBool:
      return *value(row, column, kBool, 1) != 0;
    default:
      throw std::logic_error("column " + std::to_string(column) + " is not an integer");
  }
}

double PgRows::real(int row, int column) const {
  if (isNull(row, column)) return 0;
  return std::bit_cast<double>(fromBigEndian(value(row, column, kFloat8, 8), 8));
}

std::string PgRows::bytes(int row, int column) const {
  const Oid type = PQftype(result_, column);
  if (type != kBytea && type != kText) {
    throw std::logic_error("column " + std::to_string(column) + " is not bytes");
  }
  return std::string(PQgetvalue(result_, row, column),
                     static_cast<size_t>(PQgetlength(result_, row, column)));
}

int64_t PgRows::affected() const {
  const char* count = result_ ? PQcmdTuples(result_) : nullptr;
  return count && *count ? std::stoll(count) : 0;
}

Result<std::unique_ptr<PgConnection>> PgConnection::open(const std::string& conninfo) {
  pg_conn* conn = PQconnectdb(conninfo.c_str());
  if (!conn) return fail("cannot connect to PostgreSQL: out of memory");
  if (PQstatus(conn) != CONNECTION_OK) {
    std::string message = trimmed(PQerrorMessage(conn));
    PQfinish(conn);
    return fail("cannot connect to PostgreSQL: " + message);
  }
  PQsetNoticeProcessor(conn, ignoreNotice, nullptr);
  std::string where =
      std::string("postgresql ") + PQhost(conn) + ":" + PQport(conn) + "/" + PQdb(conn);
  return std::unique_ptr<PgConnection>(new PgConnection(conn, std::move(where)));
}

PgConnection::~PgConnection() { PQfinish(conn_); }

void PgConnection::reviveIfBroken() {
  if (PQstatus(conn_) != CONNECTION_BAD) return;
  PQreset(conn_);
  prepared_.clear();  // the server forgot them with the old session
}

Result<void> PgConnection::exec(std::string_view sql) {
  if (!inTransaction()) reviveIfBroken();
  PgRows rows(PQexec(conn_, std::string(sql).c_str()), trimmed(PQerrorMessage(conn_)));
  if (rows.ok()) return {};
  return std::unexpected(error(rows, "running " + std::string(sql.substr(0, 60))));
}

const std::string* PgConnection::prepare(std::string_view sql, const PgParams& params,
                                         std::optional<PgRows>& failure) {
  auto statement = prepared_.find(sql);
  if (statement == prepared_.end()) {
    std::string name = "s" + std::to_string(prepared_.size() + 1);
    PgRows prepared(PQprepare(conn_, name.c_str(), std::string(sql).c_str(),
                              static_cast<int>(params.types_.size()), params.types_.data()),
                    trimmed(PQerrorMessage(conn_)));
    if (!prepared.ok()) {
      failure.emplace(std::move(prepared));
      return nullptr;
    }
    statement = prepared_.emplace(std::string(sql), std::move(name)).first;
  }
  return &statement->second;
}

PgRows PgConnection::query(std::string_view sql, const PgParams& params) {
  if (!inTransaction()) reviveIfBroken();
  std::optional<PgRows> failure;
  const std::string* name = prepare(sql, params, failure);
  if (!name) return std::move(*failure);
  const PgParams::Pointers pointers = params.pointers();
  return PgRows(
      PQexecPrepared(conn_, name->c_str(), static_cast<int>(pointers.values.size()),
                     pointers.values.data(), pointers.lengths.data(), pointers.formats.data(), 1),
      trimmed(PQerrorMessage(conn_)));
}

Result<int64_t> PgConnection::queryInt(std::string_view sql) {
  PgRows rows = query(sql);
  if (!rows.ok()) return std::unexpected(error(rows, "running " + std::string(sql.substr(0, 60))));
  if (rows.size() != 1) return fail("expected one row from " + std::string(sql), where_);
  return rows.integer(0, 0);
}

Error PgConnection::error(std::string_view doing) const {
  return Error{trimmed(PQerrorMessage(conn_)) + " (" + std::string(doing) + ")", where_};
}

Error PgConnection::error(const PgRows& failed, std::string_view doing) const {
  return Error{failed.message() + " (" + std::string(doing) + ")", where_};
}

bool PgConnection::inTransaction() const {
  const PGTransactionStatusType status = PQtransactionStatus(conn_);
  return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE;
}

}  // namespace tengen::store
