#pragma once

// One WebSocket client (private to src/server: includes Beast). Owns its stream, whose executor
// is the session's strand, and a write queue with at most one async_write in flight. Every
// handler below runs on the strand; send() and shutdown() may be called from anywhere.
//
// Reads are bounded: each message is read piecewise and a message past maxMessageBytes is
// answered with a `message_too_big` error and a close with 1008 (policy violation) before more
// than maxMessageBytes plus one read chunk is buffered.

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/websocket/stream.hpp>

#include <deque>
#include <memory>
#include <optional>
#include <string>

#include "server/address_slots.h"
#include "server/message_handlers.h"
#include "server/server_context.h"
#include "server/session_registry.h"

namespace tengen::server {

class WebSocketSession : public SessionHandle,
                         public std::enable_shared_from_this<WebSocketSession> {
 public:
  // `slot`: this socket's place in its address's count (ServerOptions::maxSocketsPerAddress),
  // held until the session is destroyed.
  WebSocketSession(boost::asio::ip::tcp::socket&& socket, std::shared_ptr<ServerContext> context,
                   std::string peer, std::unique_ptr<AddressSlot> slot);
  ~WebSocketSession() override;

  // Completes the upgrade the HTTP session has already checked (path and Origin).
  void start(boost::beast::http::request<boost::beast::http::string_body> request);
  void send(std::shared_ptr<const std::string> message);
  void shutdown() override;
  void forceClose() override;

 private:
  void onAccept(boost::beast::error_code ec);
  // Ends the socket because its login session ended (LoginSockets::closeAll).
  void loggedOut();
  void readMore();
  void onRead(boost::beast::error_code ec, std::size_t bytes);
  void handleMessage();
  void enqueue(std::shared_ptr<const std::string> message);
  void writeNext();
  void onWrite(boost::beast::error_code ec, std::size_t bytes);
  void closeAfterWrites(boost::beast::websocket::close_reason reason);
  // Drops every queued message but the one being written (its buffer is in use).
  void trimQueue();
  // A client too slow to follow: closed politely, and cut off if it does not read even that.
  void closeTooSlow(const char* limit);
  void onClose(boost::beast::error_code ec);
  void fail(boost::beast::error_code ec, const char* what);

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  std::size_t queuedBytes_ = 0;  // the sizes of queue_'s messages
  // Armed when a too-slow client is being closed: a client that does not read never lets the
  // close frame out, so the socket is cut when this expires.
  boost::asio::steady_timer closeDeadline_;
  std::optional<boost::beast::websocket::close_reason> pendingClose_;
  std::shared_ptr<ServerContext> context_;
  SessionContext session_;
  std::unique_ptr<AddressSlot> slot_;
  std::string loginKey_;  // registered in context_->logins while non-empty
  bool accepted_ = false;
  bool stopRequested_ = false;
  bool writing_ = false;
  bool closeStarted_ = false;
  bool failed_ = false;
};

}  // namespace tengen::server
