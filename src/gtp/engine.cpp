#include "gtp/engine.h"

#include <exception>

#include "gtp/commands.h"
#include "gtp/protocol.h"

namespace tengen::gtp {

namespace {

bot::BotOptions withSeed(bot::BotOptions bot, std::uint64_t seed) {
  bot.seed = seed;
  return bot;
}

}  // namespace

Engine::Engine(const EngineOptions& options)
    : state_(options.size, options.rules, options.seed, withSeed(options.bot, options.seed)) {
  addAdminCommands(table_);
  addPlayCommands(table_);
  addHandicapCommands(table_);
  addScoringCommands(table_);
  addTimeCommands(table_);
  addSgfCommands(table_);
  addKgsCommands(table_);
  addTengenCommands(table_);
  addConfirmCommands(table_);  // last: it wraps handlers registered above
}

namespace {

// Answers with the id so the controller can match the failure to its request.
std::string tooLongReply(std::string& line) {
  preprocessLine(line);
  return formatFailure(parseRequest(line).id, "command line too long");
}

}  // namespace

std::string Engine::handleLine(std::string_view line) {
  try {
    buffer_.assign(line.substr(0, kMaxLineBytes));
    if (line.size() > kMaxLineBytes) return tooLongReply(buffer_);
    preprocessLine(buffer_);
    if (buffer_.empty()) return {};
    return dispatch(buffer_);
  } catch (...) {
    // Nothing may take the engine down; the id is lost only if parsing itself failed.
    return formatFailure({}, "internal error");
  }
}

std::string Engine::dispatch(const std::string& line) {
  const Request request = parseRequest(line);
  if (request.name.empty()) return formatFailure(request.id, "missing command");
  try {
    Result<std::string> reply = table_.run(state_, request.name, request.args);
    if (!reply) return formatFailure(request.id, reply.error().message);
    return formatSuccess(request.id, *reply);
  } catch (const std::exception& e) {
    return formatFailure(request.id, std::string("internal error: ") + e.what());
  } catch (...) {
    return formatFailure(request.id, "internal error");
  }
}

void Engine::run(std::istream& in, std::ostream& out) {
  std::string line;
  bool truncated = false;
  while (!state_.quitRequested && readLine(in, line, truncated)) {
    std::string reply;
    if (truncated) {
      try {
        reply = tooLongReply(line);
      } catch (...) {
        reply = formatFailure({}, "command line too long");
      }
    } else {
      reply = handleLine(line);
    }
    if (reply.empty()) continue;
    out << reply;
    // The controller waits for this reply unless it has already sent the next request;
    // holding the flush only while input is buffered never delays an awaited answer.
    if (in.rdbuf() == nullptr || in.rdbuf()->in_avail() <= 0) out.flush();
  }
  out.flush();
}

}  // namespace tengen::gtp
