#include "bus/redis_connection.h"

#include <hiredis/async.h>
#include <hiredis/hiredis.h>

#include <boost/asio/posix/stream_descriptor.hpp>

namespace tengen::bus {

namespace asio = boost::asio;

// What hiredis's event hooks (ev.addRead and the rest) drive: a descriptor that does not own
// the socket (hiredis closes it) and whether hiredis wants to read or write. Shared with the
// pending waits, so a wait that completes after hiredis freed the context finds `context`
// null instead of touching freed memory.
struct RedisConnection::Watch : std::enable_shared_from_this<Watch> {
  Watch(asio::io_context& io, redisAsyncContext* c, int fd) : socket(io, fd), context(c) {}

  asio::posix::stream_descriptor socket;
  redisAsyncContext* context;
  bool reading = false;
  bool writing = false;
  bool readWaiting = false;
  bool writeWaiting = false;

  void waitRead() {
    if (readWaiting || !reading || !context) return;
    readWaiting = true;
    socket.async_wait(asio::posix::stream_descriptor::wait_read,
                      [self = shared_from_this()](const boost::system::error_code& ec) {
                        self->readWaiting = false;
                        if (ec || !self->context || !self->reading) return;
                        redisAsyncHandleRead(self->context);
                        self->waitRead();
                      });
  }
  void waitWrite() {
    if (writeWaiting || !writing || !context) return;
    writeWaiting = true;
    socket.async_wait(asio::posix::stream_descriptor::wait_write,
                      [self = shared_from_this()](const boost::system::error_code& ec) {
                        self->writeWaiting = false;
                        if (ec || !self->context || !self->writing) return;
                        redisAsyncHandleWrite(self->context);
                        self->waitWrite();
                      });
  }

  // hiredis's hooks: privdata is the Watch, kept alive by `keep` below until cleanup.
  static void addRead(void* p) {
    auto* w = static_cast<Watch*>(p);
    w->reading = true;
    w->waitRead();
  }
  static void delRead(void* p) { static_cast<Watch*>(p)->reading = false; }
  static void addWrite(void* p) {
    auto* w = static_cast<Watch*>(p);
    w->writing = true;
    w->waitWrite();
  }
  static void delWrite(void* p) { static_cast<Watch*>(p)->writing = false; }
  static void cleanup(void* p) {
    auto* w = static_cast<Watch*>(p);
    w->context = nullptr;
    w->reading = w->writing = false;
    boost::system::error_code ignored;
    w->socket.cancel(ignored);
    (void)w->socket.release();  // hiredis closes the descriptor itself
    w->keep.reset();            // may destroy *w: last statement
  }

  std::shared_ptr<Watch> keep;  // the reference hiredis holds, through ev.data
};

RedisConnection::RedisConnection(asio::io_context& io, RedisEndpoint endpoint,
                                 std::chrono::milliseconds retryDelay,
                                 std::function<void()> onConnected,
                                 std::function<void(const std::string&)> onLost)
    : io_(io),
      endpoint_(std::move(endpoint)),
      retryDelay_(retryDelay),
      onConnected_(std::move(onConnected)),
      onLost_(std::move(onLost)),
      retry_(io) {}

RedisConnection::~RedisConnection() {
  stopping_ = true;
  retry_.cancel();
  if (context_) {
    context_->data = nullptr;  // the disconnect callback must not reach this object
    redisAsyncFree(context_);  // runs the cleanup hook
    context_ = nullptr;
  }
}

void RedisConnection::start() { attempt(); }

void RedisConnection::attempt() {
  if (stopping_) return;
  redisAsyncContext* c = endpoint_.unixSocket.empty()
                             ? redisAsyncConnect(endpoint_.host.c_str(), endpoint_.port)
                             : redisAsyncConnectUnix(endpoint_.unixSocket.c_str());
  if (!c) return retryLater("out of memory");
  if (c->err) {
    std::string why = c->errstr;
    redisAsyncFree(c);
    return retryLater(why);
  }
  auto watch = std::make_shared<Watch>(io_, c, c->c.fd);
  watch->keep = watch;
  c->ev.data = watch.get();
  c->ev.addRead = Watch::addRead;
  c->ev.delRead = Watch::delRead;
  c->ev.addWrite = Watch::addWrite;
  c->ev.delWrite = Watch::delWrite;
  c->ev.cleanup = Watch::cleanup;
  c->data = this;
  context_ = c;
  redisAsyncSetConnectCallback(c, &RedisConnection::onConnect);
  redisAsyncSetDisconnectCallback(c, &RedisConnection::onDisconnect);
}

void RedisConnection::onConnect(const redisAsyncContext* c, int status) {
  auto* self = static_cast<RedisConnection*>(c->data);
  if (!self) return;
  if (status != REDIS_OK) {
    // hiredis frees the context when this returns.
    self->context_ = nullptr;
    return self->retryLater(c->errstr);
  }
  self->connected_ = true;
  self->onConnected_();
}

void RedisConnection::onDisconnect(const redisAsyncContext* c, int status) {
  auto* self = static_cast<RedisConnection*>(c->data);
  if (!self) return;
  // hiredis frees the context when this returns.
  self->context_ = nullptr;
  const bool was = self->connected_;
  self->connected_ = false;
  const std::string why = status == REDIS_OK ? "disconnected" : c->errstr;
  if (was) self->onLost_(why);
  self->retryLater(why);
}

void RedisConnection::retryLater(const std::string&) {
  if (stopping_) return;
  retry_.expires_after(retryDelay_);
  // A wait that had already completed when the destructor cancelled it still runs, with no
  // error: the weak pointer tells it that this object is gone.
  retry_.async_wait(
      [this, alive = std::weak_ptr<bool>(alive_)](const boost::system::error_code& ec) {
        if (!ec && alive.lock()) attempt();
      });
}

}  // namespace tengen::bus
