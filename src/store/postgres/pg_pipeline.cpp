// PgConnection::pipeline: many statements in one round trip (libpq's pipeline mode). The group
// commit writer sends a batch's appends so (group_commit_writer_impl.h): one at a time, the
// writer thread waited for each answer, and on a busy machine each wait also waited for the
// scheduler, which bounded how many moves a node could commit.

#include <libpq-fe.h>

#include "store/postgres/pg_connection.h"

namespace tengen::store {

Result<std::vector<PgRows>> PgConnection::pipeline(
    const std::vector<const PgStatement*>& statements) {
  if (!inTransaction()) reviveIfBroken();
  // Prepared before the pipeline starts: a PQprepare inside it would need its own answer.
  std::vector<const std::string*> names;
  names.reserve(statements.size());
  for (const PgStatement* statement : statements) {
    std::optional<PgRows> failure;
    names.push_back(prepare(statement->sql, statement->params, failure));
    if (!names.back()) return std::unexpected(error(*failure, "preparing a pipelined statement"));
  }
  if (PQenterPipelineMode(conn_) != 1) return std::unexpected(error("entering pipeline mode"));
  bool synced = false;  // the server answers nothing before the pipeline's sync
  const auto leave = [this, &synced](std::string_view doing) {
    Error why = error(doing);
    // Whatever is still on its way is read and dropped, so the connection can be used again.
    if (!synced) (void)PQpipelineSync(conn_);
    while (PQpipelineStatus(conn_) != PQ_PIPELINE_OFF && PQstatus(conn_) == CONNECTION_OK) {
      PGresult* rest = PQgetResult(conn_);
      if (!rest && PQexitPipelineMode(conn_) == 1) break;
      PQclear(rest);
    }
    return std::unexpected(std::move(why));
  };
  for (size_t i = 0; i < statements.size(); ++i) {
    const PgParams::Pointers pointers = statements[i]->params.pointers();
    if (PQsendQueryPrepared(conn_, names[i]->c_str(), static_cast<int>(pointers.values.size()),
                            pointers.values.data(), pointers.lengths.data(),
                            pointers.formats.data(), 1) != 1) {
      return leave("sending a pipelined statement");
    }
  }
  if (PQpipelineSync(conn_) != 1) return leave("ending a pipeline");
  synced = true;
  std::vector<PgRows> answers;
  answers.reserve(statements.size());
  for (size_t i = 0; i < statements.size(); ++i) {
    PGresult* result = PQgetResult(conn_);
    if (!result) return leave("reading a pipelined answer");
    answers.emplace_back(result);
    // Each statement's results end with a null.
    if (PGresult* extra = PQgetResult(conn_)) {
      PQclear(extra);
      return leave("reading a pipelined answer: more than one result");
    }
  }
  PGresult* sync = PQgetResult(conn_);
  const bool ended = sync && PQresultStatus(sync) == PGRES_PIPELINE_SYNC;
  PQclear(sync);
  if (!ended) return leave("reading the end of a pipeline");
  if (PQexitPipelineMode(conn_) != 1) return leave("leaving pipeline mode");
  return answers;
}

}  // namespace tengen::store
