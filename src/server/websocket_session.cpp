#include "server/websocket_session.h"

#include <boost/asio/post.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/websocket/error.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <boost/beast/websocket/stream_base.hpp>

#include <algorithm>
#include <utility>

#include "base/log.h"
#include "server/envelope.h"

namespace tengen::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

// Read in slices so an oversized message is noticed after at most one slice past the limit.
constexpr std::size_t kReadChunkBytes = 16 * 1024;

bool isQuiet(const beast::error_code& ec) {
  return ec == websocket::error::closed || ec == net::error::operation_aborted ||
         ec == net::error::eof || ec == net::error::connection_reset ||
         ec == net::error::broken_pipe || ec == beast::error::timeout;
}

}  // namespace

WebSocketSession::WebSocketSession(tcp::socket&& socket, std::shared_ptr<ServerContext> context,
                                   std::string peer, std::unique_ptr<AddressSlot> slot)
    : ws_(std::move(socket)),
      closeDeadline_(ws_.get_executor()),
      context_(std::move(context)),
      slot_(std::move(slot)) {
  session_.sessionId = context_->sessions.nextId();
  session_.remoteAddress = std::move(peer);
}

WebSocketSession::~WebSocketSession() {
  if (!loginKey_.empty()) context_->logins->remove(loginKey_, session_.sessionId);
  if (accepted_) context_->handlers.sessionClosed(session_);
  context_->sessions.remove(session_.sessionId);
  log::info("ws_close", {{"session", session_.sessionId}, {"peer", session_.remoteAddress}});
}

void WebSocketSession::start(http::request<http::string_body> request) {
  if (!context_->sessions.add(session_.sessionId, weak_from_this())) return;
  std::weak_ptr<WebSocketSession> weak = weak_from_this();
  session_.send = [weak](std::shared_ptr<const std::string> message) {
    if (auto self = weak.lock()) self->send(std::move(message));
  };
  const ServerOptions& options = context_->options;
  websocket::stream_base::timeout timeout;
  timeout.handshake_timeout = options.wsHandshakeTimeout;
  timeout.idle_timeout = options.wsIdleTimeout;
  timeout.keep_alive_pings = true;
  ws_.set_option(timeout);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& response) { response.set(http::field::server, "tengen"); }));
  // Our own per-message limit in onRead replaces Beast's, which would close with 1009 before we
  // could explain; 0 lifts Beast's limit, our reads stay bounded by the buffer checks.
  ws_.read_message_max(0);
  session_.user = context_->handlers.authenticate(request[http::field::cookie]);
  if (session_.user && !session_.user->loginKey.empty()) {
    const std::string key = session_.user->loginKey;
    const bool live = context_->logins->add(key, session_.sessionId, [weak] {
      if (auto self = weak.lock()) self->loggedOut();
    });
    // Logged out between the cookie check and now: the socket is anonymous after all.
    if (live) {
      loginKey_ = key;
    } else {
      session_.user.reset();
    }
  }
  ws_.async_accept(request,
                   beast::bind_front_handler(&WebSocketSession::onAccept, shared_from_this()));
}

void WebSocketSession::send(std::shared_ptr<const std::string> message) {
  net::post(ws_.get_executor(),
            [self = shared_from_this(), message = std::move(message)] { self->enqueue(message); });
}

void WebSocketSession::shutdown() {
  net::post(ws_.get_executor(), [self = shared_from_this()] {
    if (!self->accepted_) {
      // Mid-handshake: onAccept may already be queued with success, so it checks this flag.
      self->stopRequested_ = true;
      beast::get_lowest_layer(self->ws_).close();
      return;
    }
    self->closeAfterWrites(
        websocket::close_reason(websocket::close_code::going_away, "server shutting down"));
  });
}

void WebSocketSession::loggedOut() {
  net::post(ws_.get_executor(), [self = shared_from_this()] {
    self->loginKey_.clear();  // closeAll already dropped the registration
    if (!self->accepted_) {
      self->stopRequested_ = true;
      beast::get_lowest_layer(self->ws_).close();
      return;
    }
    log::info("ws_logged_out", {{"session", self->session_.sessionId}});
    // 1008: the socket's credentials are no longer valid; a client reconnects anonymously.
    self->closeAfterWrites(
        websocket::close_reason(websocket::close_code::policy_error, "logged out"));
  });
}

void WebSocketSession::forceClose() {
  net::post(ws_.get_executor(), [self = shared_from_this()] {
    self->stopRequested_ = true;
    beast::error_code ignored;
    beast::get_lowest_layer(self->ws_).socket().close(ignored);
  });
}

void WebSocketSession::onAccept(beast::error_code ec) {
  if (ec) return fail(ec, "accept");
  if (stopRequested_) return;
  accepted_ = true;
  log::info("ws_open", {{"session", session_.sessionId}, {"peer", session_.remoteAddress}});
  context_->handlers.sessionOpened(session_);
  readMore();
}

void WebSocketSession::readMore() {
  const std::size_t limit = context_->options.maxMessageBytes + 1 -
                            std::min(buffer_.size(), context_->options.maxMessageBytes);
  ws_.async_read_some(buffer_, std::min(limit, kReadChunkBytes),
                      beast::bind_front_handler(&WebSocketSession::onRead, shared_from_this()));
}

void WebSocketSession::onRead(beast::error_code ec, std::size_t) {
  if (ec) return fail(ec, "read");
  if (pendingClose_) return;  // closing: the close handshake reads what is left
  if (buffer_.size() > context_->options.maxMessageBytes) {
    log::warn("ws_message_too_big", {{"session", session_.sessionId},
                                     {"peer", session_.remoteAddress},
                                     {"limitBytes", context_->options.maxMessageBytes}});
    buffer_.clear();
    buffer_.shrink_to_fit();
    enqueue(serializeMessage(makeError(errorCode::kMessageTooBig,
                                       "message larger than " +
                                           std::to_string(context_->options.maxMessageBytes) +
                                           " bytes; closing the connection",
                                       nullptr)));
    return closeAfterWrites(
        websocket::close_reason(websocket::close_code::policy_error, "message too big"));
  }
  if (!ws_.is_message_done()) return readMore();
  handleMessage();
  if (!pendingClose_) readMore();
}

void WebSocketSession::handleMessage() {
  if (ws_.got_binary()) {
    buffer_.clear();
    return enqueue(serializeMessage(makeError(
        errorCode::kBadRequest, "binary messages are not supported; send JSON text", nullptr)));
  }
  const std::string_view text(static_cast<const char*>(buffer_.data().data()), buffer_.size());
  auto reply = context_->handlers.dispatch(session_, text);
  buffer_.clear();
  if (reply) enqueue(std::move(reply));
}

void WebSocketSession::enqueue(std::shared_ptr<const std::string> message) {
  if (pendingClose_ || failed_) return;
  const ServerOptions& options = context_->options;
  if (queue_.size() >= options.maxQueuedMessages) return closeTooSlow("messages");
  if (queuedBytes_ + message->size() > options.maxQueuedBytes) return closeTooSlow("bytes");
  queuedBytes_ += message->size();
  queue_.push_back(std::move(message));
  if (!writing_) writeNext();
}

void WebSocketSession::closeTooSlow(const char* limit) {
  log::warn("ws_too_slow", {{"session", session_.sessionId},
                            {"peer", session_.remoteAddress},
                            {"limit", limit},
                            {"queued", queue_.size()},
                            {"queuedBytes", queuedBytes_}});
  trimQueue();
  closeAfterWrites(websocket::close_reason(websocket::close_code::try_again_later, "too slow"));
  closeDeadline_.expires_after(context_->options.wsHandshakeTimeout);
  closeDeadline_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || self->failed_) return;
    log::warn("ws_cut_off", {{"session", self->session_.sessionId},
                             {"peer", self->session_.remoteAddress},
                             {"reason", "did not read its close frame"}});
    self->stopRequested_ = true;
    beast::error_code ignored;
    beast::get_lowest_layer(self->ws_).socket().close(ignored);
  });
}

void WebSocketSession::trimQueue() {
  if (writing_ && !queue_.empty()) {
    queue_.resize(1);
    queuedBytes_ = queue_.front()->size();
  } else {
    queue_.clear();
    queuedBytes_ = 0;
  }
}

void WebSocketSession::writeNext() {
  if (queue_.empty() || failed_) {
    writing_ = false;
    if (pendingClose_ && !closeStarted_ && !failed_) {
      closeStarted_ = true;
      ws_.async_close(*pendingClose_,
                      beast::bind_front_handler(&WebSocketSession::onClose, shared_from_this()));
    }
    return;
  }
  writing_ = true;
  ws_.text(true);
  ws_.async_write(net::buffer(*queue_.front()),
                  beast::bind_front_handler(&WebSocketSession::onWrite, shared_from_this()));
}

void WebSocketSession::onWrite(beast::error_code ec, std::size_t) {
  if (ec) {
    writing_ = false;
    return fail(ec, "write");
  }
  queuedBytes_ -= queue_.front()->size();
  queue_.pop_front();
  writeNext();
}

void WebSocketSession::closeAfterWrites(websocket::close_reason reason) {
  if (pendingClose_ || failed_) return;
  pendingClose_ = reason;
  if (!writing_) writeNext();
}

void WebSocketSession::onClose(beast::error_code ec) {
  closeDeadline_.cancel();
  if (ec) return fail(ec, "close");
  log::debug("ws_closed_by_server",
             {{"session", session_.sessionId}, {"code", static_cast<int>(pendingClose_->code)}});
}

void WebSocketSession::fail(beast::error_code ec, const char* what) {
  if (failed_) return;
  failed_ = true;
  closeDeadline_.cancel();
  // An async_write in flight still reads the front message: keep it alive until it completes.
  trimQueue();
  if (isQuiet(ec) || stopRequested_) {
    log::debug("ws_end",
               {{"session", session_.sessionId}, {"during", what}, {"error", ec.message()}});
    return;
  }
  // A client breaking the WebSocket protocol is its own problem, not an operator's.
  const bool clientFault =
      ec.category() == websocket::make_error_code(websocket::error::bad_frame_payload).category();
  log::write(clientFault ? log::Level::Info : log::Level::Warn, "ws_error",
             {{"session", session_.sessionId},
              {"peer", session_.remoteAddress},
              {"during", what},
              {"error", ec.message()}});
}

}  // namespace tengen::server
