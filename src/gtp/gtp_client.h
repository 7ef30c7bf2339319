#pragma once

// The client side of GTP: one external engine process (GNU Go, KataGo, another tengen)
// spoken to over its standard input and output, asynchronously on an Asio executor, so no
// engine can stall the thread that drives it.
//
//   auto engine = GtpClient::start(strand, {.name = "GNU Go",
//                                           .command = "gnugo --mode gtp --level 10"});
//   (*engine)->send("genmove b", 30s, [](GtpReply reply) { ... });
//   (*engine)->close();
//
// Every reply arrives exactly once, on the executor, in command order. The first Timeout,
// Exited or Protocol failure kills the process; every command after it fails at once with
// that same failure, so a caller can treat the engine as lost (a forfeit on the site).
//
// Internals run on a strand made from the given executor, so a multi-threaded io_context
// is fine; handlers run on that strand (and so also inside the given executor when it is a
// strand itself). Commands go out one at a time, each with a numeric id, and the next is
// written only after the previous reply, so a timeout belongs to one command. A reply
// must carry the id sent or none. Dropping the last shared_ptr kills the engine at once;
// commands still waiting then fail with Exited (posted to the executor).

#include <chrono>
#include <expected>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/any_io_executor.hpp>

#include "base/result.h"

namespace tengen::gtp {

struct GtpClientOptions {
  std::string name;     // for messages: "GNU Go did not answer `genmove b` within 30 s"
  std::string command;  // program and arguments, split on blanks (quotes group words); the
                        // program is looked up in PATH; no shell is involved
  std::size_t maxReplyBytes = 64 * 1024;  // a longer reply is a Protocol failure
};

enum class GtpFailure {
  Refused,   // the engine answered `? message`: the command failed, the engine lives on
  Timeout,   // no complete reply in time
  Exited,    // the process ended, or closed its output
  Protocol,  // a reply that is not GTP (no `=`/`?` start, wrong id, too long, bad bytes)
};

struct GtpError {
  GtpFailure kind;
  std::string message;  // complete and human-readable, naming the engine and the command
};

// The reply text without the leading "= " and the trailing blank line (multi-line replies
// keep their inner newlines).
using GtpReply = std::expected<std::string, GtpError>;

std::string_view failureName(GtpFailure kind);  // "refused", "timeout", "exited", "protocol"

class GtpClient : public std::enable_shared_from_this<GtpClient> {
 public:
  using Handler = std::function<void(GtpReply)>;

  // Spawns the engine (stdin/stdout piped, stderr drained and kept as the last few lines
  // for messages). Fails when the command is empty or the program cannot be started.
  static Result<std::shared_ptr<GtpClient>> start(boost::asio::any_io_executor executor,
                                                  GtpClientOptions options);
  ~GtpClient();  // kills the process if still running and reaps it

  // Queues one command (a single line without newline; a newline inside is refused as
  // Protocol before anything is sent). `timeout` runs from when the command is written.
  // Thread-safe; `handler` runs on the executor.
  void send(std::string command, std::chrono::milliseconds timeout, Handler handler);

  // Sends `quit`, waits up to `grace` for the process to exit, then kills it. Pending
  // commands fail with Exited. Idempotent. Never blocks: the wait is a timer on the
  // executor, and the client keeps itself alive until the grace is over, so it may be
  // dropped right after close(). `closed`, if given, runs on the executor once the process
  // has been reaped (at once if it already was, or when a later close() finds it closing).
  void close(std::chrono::milliseconds grace = std::chrono::seconds(1));
  void close(std::chrono::milliseconds grace, std::function<void()> closed);

  const std::string& name() const;
  bool alive() const;  // false after the first fatal failure or close()
  int pid() const;     // the engine's process id (also its process group), for logs and tests

 private:
  struct Impl;
  explicit GtpClient(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace tengen::gtp
