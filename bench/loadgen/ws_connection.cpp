#include "ws_connection.h"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/field.hpp>
#include <boost/beast/websocket.hpp>

#include <atomic>
#include <cstdint>
#include <deque>

namespace tengen::loadgen {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

namespace {
constexpr auto kUseTuple = net::as_tuple(net::use_awaitable);
// The server's messages are far smaller (a 25x25 state is under 2 KiB); this only bounds a
// misbehaving server.
constexpr std::size_t kMaxMessageBytes = 1 << 20;

Result<tcp::endpoint> toTcpEndpoint(const Endpoint& endpoint) {
  boost::system::error_code ec;
  const auto address = net::ip::make_address(endpoint.host, ec);
  if (!ec) return tcp::endpoint(address, endpoint.port);
  // A host name: resolve synchronously; this happens once per connection at setup only.
  net::io_context ioc;
  tcp::resolver resolver(ioc);
  const auto results = resolver.resolve(endpoint.host, std::to_string(endpoint.port), ec);
  if (ec || results.empty()) return fail(ec.message(), "resolve " + endpoint.host);
  return results.begin()->endpoint();
}

// The server caps WebSockets per client address (64 by default, loopback included), so
// against a loopback server each connection comes from its own address in 127.2.0.0/16:
// Linux routes all of 127/8 to lo, and the simulated players look like distinct clients.
// Elsewhere the kernel picks the source.
Result<void> bindSpreadSource(tcp::socket& socket, const tcp::endpoint& target) {
  if (!target.address().is_v4() || !target.address().is_loopback()) return {};
  static std::atomic<std::uint32_t> next{0};
  const std::uint32_t n = next.fetch_add(1) % (256 * 250);
  const auto source =
      net::ip::address_v4((127u << 24) | (2u << 16) | ((n / 250) << 8) | (n % 250 + 1));
  boost::system::error_code ec;
  socket.open(tcp::v4(), ec);
  if (!ec) socket.bind(tcp::endpoint(source, 0), ec);
  if (ec) return fail(ec.message(), "bind " + source.to_string());
  return {};
}
}  // namespace

struct WsConnection::Impl {
  explicit Impl(net::any_io_executor executor) : ws(executor) {}
  websocket::stream<tcp::socket> ws;
  beast::flat_buffer readBuffer;
  std::deque<std::string> queue;
  bool writing = false;
  bool open = false;
  bool closeRequested = false;
  bool closing = false;
  MessageHandler onMessage;
  LostHandler onLost;
};

std::shared_ptr<WsConnection> WsConnection::create(net::any_io_executor executor) {
  return std::shared_ptr<WsConnection>(new WsConnection(std::move(executor)));
}

WsConnection::WsConnection(net::any_io_executor executor)
    : impl_(std::make_unique<Impl>(std::move(executor))) {}

WsConnection::~WsConnection() = default;

net::awaitable<Result<void>> WsConnection::connect(const Endpoint& endpoint,
                                                   const std::string& cookie) {
  auto target = toTcpEndpoint(endpoint);
  if (!target) co_return std::unexpected(target.error());
  auto& socket = impl_->ws.next_layer();
  if (auto bound = bindSpreadSource(socket, *target); !bound)
    co_return std::unexpected(bound.error());
  const auto [connectError] = co_await socket.async_connect(*target, kUseTuple);
  if (connectError) {
    co_return fail(connectError.message(), "connect " + endpoint.hostHeader());
  }
  // Small messages both ways: send each at once rather than waiting to fill a segment.
  socket.set_option(tcp::no_delay(true));
  impl_->ws.read_message_max(kMaxMessageBytes);
  impl_->ws.set_option(
      websocket::stream_base::decorator([cookie](websocket::request_type& request) {
        request.set(beast::http::field::user_agent, "tengen-loadgen");
        if (!cookie.empty()) request.set(beast::http::field::cookie, cookie);
      }));
  websocket::response_type response;
  auto [ec] = co_await impl_->ws.async_handshake(response, endpoint.hostHeader(), "/ws", kUseTuple);
  if (ec) {
    const int status = static_cast<int>(response.result_int());
    co_return fail(ec.message() + (status ? " (HTTP " + std::to_string(status) + ")" : ""),
                   "upgrade GET /ws");
  }
  impl_->ws.text(true);
  impl_->open = true;
  co_return Result<void>{};
}

void WsConnection::startReading(MessageHandler onMessage, LostHandler onLost) {
  impl_->onMessage = std::move(onMessage);
  impl_->onLost = std::move(onLost);
  net::co_spawn(
      impl_->ws.get_executor(), [self = shared_from_this()] { return self->readLoop(); },
      net::detached);
}

net::awaitable<void> WsConnection::readLoop() {
  auto& buffer = impl_->readBuffer;
  for (;;) {
    buffer.clear();
    auto [ec, bytes] = co_await impl_->ws.async_read(buffer, kUseTuple);
    const auto receivedAt = Clock::now();
    if (ec) {
      if (!impl_->closeRequested) {
        const auto& reason = impl_->ws.reason();
        lost(ec == websocket::error::closed
                 ? "closed by the server with " + std::to_string(reason.code) + " " +
                       std::string(reason.reason.data(), reason.reason.size())
                 : ec.message());
      }
      impl_->open = false;
      co_return;
    }
    if (!impl_->ws.got_text()) continue;
    const auto data = buffer.cdata();
    if (impl_->onMessage) {
      impl_->onMessage(std::string_view(static_cast<const char*>(data.data()), data.size()),
                       receivedAt);
    }
  }
}

void WsConnection::send(std::string text) {
  if (!impl_->open || impl_->closeRequested) return;
  impl_->queue.push_back(std::move(text));
  if (!impl_->writing) writeNext();
}

void WsConnection::writeNext() {
  if (impl_->queue.empty()) {
    impl_->writing = false;
    if (impl_->closeRequested && !impl_->closing && impl_->open) {
      impl_->closing = true;
      impl_->ws.async_close(websocket::close_code::normal,
                            [self = shared_from_this()](beast::error_code) {});
    }
    return;
  }
  impl_->writing = true;
  impl_->ws.async_write(net::buffer(impl_->queue.front()),
                        [self = shared_from_this()](beast::error_code ec, std::size_t) {
                          self->impl_->queue.pop_front();
                          if (ec) {
                            self->impl_->queue.clear();
                            self->impl_->writing = false;
                            if (!self->impl_->closeRequested) self->lost("write: " + ec.message());
                            return;
                          }
                          self->writeNext();
                        });
}

void WsConnection::close() {
  if (impl_->closeRequested) return;
  impl_->closeRequested = true;
  if (!impl_->writing) writeNext();
}

bool WsConnection::isOpen() const { return impl_->open && !impl_->closeRequested; }

net::any_io_executor WsConnection::executor() const { return impl_->ws.get_executor(); }

void WsConnection::lost(const std::string& why) {
  if (!impl_->onLost) return;
  auto onLost = std::move(impl_->onLost);
  impl_->onLost = nullptr;
  onLost(why);
}

}  // namespace tengen::loadgen
