#include "gtp/gtp_client.h"

#include <array>
#include <atomic>
#include <deque>
#include <optional>
#include <utility>

#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>

#include "gtp/command_line_split.h"
#include "gtp/engine_process.h"
#include "gtp/gtp_client_messages.h"
#include "gtp/gtp_reply_parser.h"

namespace tengen::gtp {

namespace asio = boost::asio;
using boost::system::error_code;

namespace {

// After stdout closes or the child exits, how long to wait for the other of the two and
// for the last stderr lines, so the message can say how the engine ended.
constexpr std::chrono::milliseconds kExitCollection{500};
// Without pidfd (kernels before 5.3), how often to look whether the child has exited.
constexpr std::chrono::milliseconds kReapPoll{20};

struct Command {
  std::string text;
  std::chrono::milliseconds timeout;
  GtpClient::Handler handler;
};

}  // namespace

std::string_view failureName(GtpFailure kind) {
  switch (kind) {
    case GtpFailure::Refused:
      return "refused";
    case GtpFailure::Timeout:
      return "timeout";
    case GtpFailure::Exited:
      return "exited";
    case GtpFailure::Protocol:
      return "protocol";
  }
  return "unknown";
}

struct GtpClient::Impl {
  Impl(asio::any_io_executor executor, GtpClientOptions opts, EngineProcess proc)
      : strand(asio::make_strand(executor)),
        options(std::move(opts)),
        process(std::move(proc)),
        toEngine(strand, process.releaseStdin()),
        fromEngine(strand, process.releaseStdout()),
        errorsFromEngine(strand, process.releaseStderr()),
        pidfd(strand),
        commandTimer(strand),
        exitTimer(strand),
        reapPollTimer(strand),
        graceTimer(strand),
        parser(options.maxReplyBytes),
        messages(options.name) {
    if (const int fd = process.releasePidfd(); fd >= 0) pidfd.assign(fd);
  }

  asio::strand<asio::any_io_executor> strand;
  GtpClientOptions options;
  EngineProcess process;
  asio::posix::stream_descriptor toEngine;
  asio::posix::stream_descriptor fromEngine;
  asio::posix::stream_descriptor errorsFromEngine;
  asio::posix::stream_descriptor pidfd;
  asio::steady_timer commandTimer;
  asio::steady_timer exitTimer;      // collecting how the engine ended
  asio::steady_timer reapPollTimer;  // without pidfd: looking whether the child exited
  asio::steady_timer graceTimer;     // close(): how long `quit` may take
  GtpReplyParser parser;
  ClientMessages messages;
  std::weak_ptr<GtpClient> owner;

  std::deque<Command> queue;
  std::optional<Command> inFlight;
  std::uint64_t inFlightId = 0;
  std::uint64_t nextId = 1;
  std::optional<GtpError> failure;  // set once: every later command gets it
  std::atomic<bool> alive{true};
  bool closing = false;
  bool stdoutEnded = false;
  bool stderrEnded = false;
  bool collectingExit = false;
  std::vector<std::function<void()>> whenReaped;

  std::array<char, 4096> outBuffer{};
  std::array<char, 4096> errBuffer{};
  std::string writeBuffer;
  std::string quitBuffer = "quit\n";

  // Wraps a member call into a completion handler that does nothing once the client is
  // gone (its destructor has already killed and reaped the engine).
  template <typename Body>
  auto guarded(Body body) {
    return [weak = owner, this, body](auto... args) {
      auto self = weak.lock();
      if (!self) return;
      body(args...);
    };
  }

  void begin() {
    readOutput();
    readErrors();
    watchExit();
  }

  void readOutput() {
    fromEngine.async_read_some(asio::buffer(outBuffer),
                               guarded([this](error_code ec, std::size_t n) {
                                 if (ec) {
                                   stdoutEnded = true;
                                   engineEnding();
                                   return;
                                 }
                                 if (!failure) {
                                   parser.feed(std::string_view(outBuffer.data(), n));
                                   takeReplies();
                                 }
                                 readOutput();
                               }));
  }

  void readErrors() {
    errorsFromEngine.async_read_some(
        asio::buffer(errBuffer), guarded([this](error_code ec, std::size_t n) {
          if (ec) {
            stderrEnded = true;
            if (collectingExit) maybeReportExit();
            return;
          }
          messages.addErrorOutput(std::string_view(errBuffer.data(), n));
          readErrors();
        }));
  }

  void watchExit() {
    if (pidfd.is_open()) {
      pidfd.async_wait(asio::posix::stream_descriptor::wait_read,
                       guarded([this](error_code) { childExited(); }));
      return;
    }
    reapPollTimer.expires_after(kReapPoll);
    reapPollTimer.async_wait(guarded([this](error_code) {
      if (process.tryReap()) {
        childExited();
      } else {
        watchExit();
      }
    }));
  }

  void childExited() {
    process.tryReap();
    if (!process.reaped()) {  // woken without an exit (should not happen): look again later
      watchExit();
      return;
    }
    graceTimer.cancel();
    for (auto& done : std::exchange(whenReaped, {})) done();
    engineEnding();
  }

  // The engine's output closed, its input broke or it exited: give the other signs a moment
  // to arrive, then report once with everything known.
  void engineEnding() {
    if (failure) return;
    if (collectingExit) {
      maybeReportExit();
      return;
    }
    collectingExit = true;
    exitTimer.cancel();
    exitTimer.expires_after(kExitCollection);
    exitTimer.async_wait(guarded([this](error_code ec) {
      if (ec != asio::error::operation_aborted) reportExit();
    }));
    maybeReportExit();
  }

  void maybeReportExit() {
    if (stdoutEnded && stderrEnded && process.reaped()) reportExit();
  }

  void reportExit() {
    if (failure) return;
    const std::string* during = inFlight ? &inFlight->text : nullptr;
    if (process.reaped()) {
      fatal({GtpFailure::Exited, messages.exited(process.exitDescription(), during)});
    } else {
      fatal({GtpFailure::Exited, messages.closedOutput(during)});
    }
  }

  void takeReplies() {
    while (!failure && !closing) {
      if (!inFlight) {
        if (parser.hasPendingText()) {
          fatal({GtpFailure::Protocol, messages.unsolicited(parser.pending())});
        }
        return;
      }
      auto next = parser.next();
      if (!next) {
        fatal({GtpFailure::Protocol, messages.notGtp(inFlight->text, next.error())});
        return;
      }
      if (!*next) return;
      ParsedReply& reply = **next;
      if (reply.id && *reply.id != inFlightId) {
        fatal({GtpFailure::Protocol, messages.wrongId(inFlight->text, *reply.id, inFlightId)});
        return;
      }
      commandTimer.cancel();
      Command done = std::move(*inFlight);
      inFlight.reset();
      writeNext();
      if (reply.success) {
        done.handler(std::move(reply.text));
      } else {
        done.handler(std::unexpected(
            GtpError{GtpFailure::Refused, messages.refused(done.text, reply.text)}));
      }
    }
  }

  void enqueue(Command command) {
    if (command.text.find_first_of(std::string_view("\n\r\0", 3)) != std::string::npos) {
      command.handler(
          std::unexpected(GtpError{GtpFailure::Protocol, messages.notOneLine(command.text)}));
      return;
    }
    if (failure) {
      command.handler(std::unexpected(*failure));
      return;
    }
    queue.push_back(std::move(command));
    writeNext();
  }

  void writeNext() {
    if (inFlight || queue.empty() || failure || closing) return;
    inFlight = std::move(queue.front());
    queue.pop_front();
    inFlightId = nextId++;
    writeBuffer = std::to_string(inFlightId) + " " + inFlight->text + "\n";
    asio::async_write(toEngine, asio::buffer(writeBuffer),
                      guarded([this](error_code ec, std::size_t) {
                        if (ec) engineEnding();  // EPIPE: it stopped reading; find out why
                      }));
    commandTimer.expires_after(inFlight->timeout);
    commandTimer.async_wait(guarded([this, id = inFlightId](error_code ec) {
      if (ec == asio::error::operation_aborted || !inFlight || inFlightId != id) return;
      fatal({GtpFailure::Timeout, messages.timedOut(inFlight->text, inFlight->timeout)});
    }));
  }

  // The first failure that makes the engine useless: kill it, fail everything waiting.
  void fatal(GtpError error) {
    if (failure) return;
    failure = error;
    alive = false;
    commandTimer.cancel();
    exitTimer.cancel();
    process.killGroup();
    error_code ignored;
    toEngine.close(ignored);
    failAll([&](const Command&) { return error; });
  }

  template <typename MakeError>
  void failAll(MakeError makeError) {
    std::vector<Command> failed;
    if (inFlight) failed.push_back(std::move(*inFlight));
    inFlight.reset();
    for (Command& command : queue) failed.push_back(std::move(command));
    queue.clear();
    for (Command& command : failed) command.handler(std::unexpected(makeError(command)));
  }

  void close(std::chrono::milliseconds grace, std::function<void()> closed,
             std::shared_ptr<GtpClient> self) {
    if (closed) {
      if (process.reaped()) {
        closed();
      } else {
        whenReaped.push_back(std::move(closed));
      }
    }
    if (closing) return;
    closing = true;
    alive = false;
    commandTimer.cancel();
    if (!failure) {
      failure = GtpError{GtpFailure::Exited, messages.closed(nullptr)};
      failAll([&](const Command& command) {
        return GtpError{GtpFailure::Exited, messages.closed(&command.text)};
      });
    }
    if (process.reaped()) return;
    if (toEngine.is_open()) {
      // A command still being answered is answered first; then the engine reads `quit`.
      asio::async_write(toEngine, asio::buffer(quitBuffer),
                        guarded([this](error_code, std::size_t) {
                          error_code ignored;
                          toEngine.close(ignored);
                        }));
    }
    // Holds the client until the grace is over, so it may be dropped right after close().
    graceTimer.expires_after(grace);
    graceTimer.async_wait([this, self = std::move(self)](error_code ec) {
      if (ec != asio::error::operation_aborted && !process.reaped()) process.killGroup();
    });
  }

  // The destructor's path: no handler can run any more; the engine dies now.
  void shutdown() {
    alive = false;
    std::vector<Command> failed;
    if (inFlight) failed.push_back(std::move(*inFlight));
    for (Command& command : queue) failed.push_back(std::move(command));
    for (Command& command : failed) {
      GtpError error{GtpFailure::Exited, messages.closed(&command.text)};
      asio::post(strand, [handler = std::move(command.handler), error]() mutable {
        handler(std::unexpected(std::move(error)));
      });
    }
    process.killGroup();
    process.reapBlocking();
    for (auto& done : whenReaped) asio::post(strand, std::move(done));
  }
};

Result<std::shared_ptr<GtpClient>> GtpClient::start(asio::any_io_executor executor,
                                                    GtpClientOptions options) {
  const std::string who = options.name.empty() ? "the engine" : options.name;
  auto argv = splitCommandLine(options.command);
  if (!argv) return fail("cannot start " + who + ": " + argv.error().toString());
  auto process = EngineProcess::spawn(*argv);
  if (!process) {
    return fail("cannot start " + who + ": `" + (*argv)[0] + "`: " + process.error().message);
  }
  auto impl = std::make_unique<Impl>(std::move(executor), std::move(options), std::move(*process));
  Impl& started = *impl;
  std::shared_ptr<GtpClient> client(new GtpClient(std::move(impl)));
  started.owner = client;
  asio::post(started.strand, [client] { client->impl_->begin(); });
  return client;
}

GtpClient::GtpClient(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

GtpClient::~GtpClient() { impl_->shutdown(); }

void GtpClient::send(std::string command, std::chrono::milliseconds timeout, Handler handler) {
  asio::post(impl_->strand, [self = shared_from_this(), command = std::move(command), timeout,
                             handler = std::move(handler)]() mutable {
    self->impl_->enqueue(Command{std::move(command), timeout, std::move(handler)});
  });
}

void GtpClient::close(std::chrono::milliseconds grace) { close(grace, nullptr); }

void GtpClient::close(std::chrono::milliseconds grace, std::function<void()> closed) {
  impl_->alive = false;
  asio::post(impl_->strand,
             [self = shared_from_this(), grace, closed = std::move(closed)]() mutable {
               Impl& impl = *self->impl_;
               impl.close(grace, std::move(closed), std::move(self));
             });
}

const std::string& GtpClient::name() const { return impl_->options.name; }

bool GtpClient::alive() const { return impl_->alive; }

int GtpClient::pid() const { return impl_->process.pid(); }

}  // namespace tengen::gtp
