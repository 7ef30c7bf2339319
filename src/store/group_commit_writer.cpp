// BasicGroupCommitWriter for SqliteStore; its definitions are in group_commit_writer_impl.h.
#include "store/group_commit_writer_impl.h"

#include "store/sqlite_connection.h"

namespace tengen::store {

template class BasicGroupCommitWriter<SqliteConnection>;

}  // namespace tengen::store
