// BasicGroupCommitWriter for PostgresStore; its definitions are in group_commit_writer_impl.h.
#include "store/group_commit_writer_impl.h"

#include "store/postgres/pg_connection.h"

namespace tengen::store {

template class BasicGroupCommitWriter<PgConnection>;

}  // namespace tengen::store
