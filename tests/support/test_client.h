#pragma once

// Real HTTP and WebSocket clients for the server tests, behind a Beast-free interface so only
// test_client.cpp pays for compiling Beast. Every call has a timeout; none throws.

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tengen::server::test {

using namespace std::chrono_literals;

using Headers = std::vector<std::pair<std::string, std::string>>;

struct HttpReply {
  int status = 0;                              // 0: no response (see error)
  std::map<std::string, std::string> headers;  // names lower-cased
  std::string body;
  std::string error;

  std::string header(const std::string& lowerName) const;
};

// One request on a fresh connection.
HttpReply httpRequest(std::uint16_t port, std::string_view method, std::string_view target,
                      const Headers& headers = {}, std::string body = {});
// The same from another loopback address ("127.0.0.2"): Linux routes all of 127/8 to lo, so a
// test can be several clients as the server's per-address limits see them.
HttpReply httpRequestFrom(std::string_view localAddress, std::uint16_t port,
                          std::string_view method, std::string_view target,
                          const Headers& headers = {}, std::string body = {});
// The `index`-th of many distinct loopback addresses (127.1.x.y), for spreading clients.
std::string loopbackAddress(int index);

// Sends raw bytes, returns everything the server sends until it closes the connection (or the
// timeout passes).
std::string rawExchange(std::uint16_t port, std::string_view bytes,
                        std::chrono::milliseconds timeout = 5s);

// A keep-alive connection for several requests.
class HttpConnection {
 public:
  explicit HttpConnection(std::uint16_t port);
  ~HttpConnection();
  HttpReply request(std::string_view method, std::string_view target);
  // Sends only part of a request line and reports whether the server closed within `timeout`.
  bool closedAfterPartialRequest(std::chrono::milliseconds timeout);
  // True if the server closes the idle connection within `timeout`.
  bool closedByServer(std::chrono::milliseconds timeout);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

class WsClient {
 public:
  ~WsClient();

  // nullptr if the upgrade was refused or failed; `status` gets the HTTP status of a refusal.
  // `headers` are added to the upgrade request (a Cookie, for example). `localAddress`: the
  // loopback address to connect from (default 127.0.0.1).
  static std::unique_ptr<WsClient> connect(std::uint16_t port, std::optional<std::string> origin,
                                           int* status = nullptr, std::string* error = nullptr,
                                           const Headers& headers = {},
                                           std::string_view localAddress = {});

  bool send(std::string_view text);
  bool sendBinary(std::string_view bytes);
  // The next text message; nullopt once closed or after `timeout` (error() tells which).
  std::optional<std::string> receive(std::chrono::milliseconds timeout = 5s);
  // The close code the server sent, 0 if none.
  int closeCode() const;
  std::string closeReason() const;
  int pingsReceived() const;
  const std::string& error() const;

 private:
  WsClient();
  struct State;
  std::unique_ptr<State> state_;
};

struct PingLoad {
  int connected = 0;
  int maxOpenAtOnce = 0;
  int roundTrips = 0;
  int failures = 0;
  std::string firstError;
};

// `clients` WebSocket clients on one io_context: all connect, wait until every one is open,
// each does `rounds` ping round trips checking the echoed id, then all close. Each connects
// from its own loopback address (loopbackAddress), as many real clients would.
PingLoad runPingClients(std::uint16_t port, int clients, int rounds,
                        std::chrono::milliseconds timeout = 20s);

}  // namespace tengen::server::test
