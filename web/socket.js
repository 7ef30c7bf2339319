// The page's one WebSocket to the server (docs/protocol.md): requests with ids answered by
// promises, pushes dispatched by type, reconnection with backoff, and per-game version
// tracking so that a watcher sees every game event exactly once and in order.
//
//   const socket = new GameSocket();
//   socket.on('lobby', (message) => ...);                 // pushes (and replies) by type
//   const reply = await socket.request('create_table', {size: 9});  // rejects with the error
//   socket.watch(12, {state: (gameState) => ..., event: (gameEvent) => ...});
//
// Watching: the first reply is a full `game_state`; then `game_event` pushes follow. An event
// whose version is not above the last one seen is a duplicate and dropped; one that skips a
// version means something was lost, so the game is watched again with `sinceVersion` and the
// server sends the missed events plus the current state. A reconnect does the same for every
// watched game and renews the lobby subscription.

const kMinDelayMs = 250;
const kMaxDelayMs = 8000;
// A reply later than this is given up on (the socket may be half dead); the caller sees
// {code: 'timeout'} and may retry: commands carry expectedVersion, so a retry is safe.
const kRequestTimeoutMs = 20000;

export class GameSocket extends EventTarget {
  // url: defaults to /ws on the page's own host (the session cookie goes with it).
  constructor(url = GameSocket.defaultUrl()) {
    super();
    this.url_ = url;
    this.nextId_ = 1;
    this.pending_ = new Map(); // id -> {resolve, reject, type}
    this.handlers_ = new Map(); // message type -> Set of functions
    this.games_ = new Map(); // gameId -> {version, handlers, syncing}
    this.lobby_ = false;
    this.turns_ = false;
    this.user_ = undefined; // from `welcome`: a user object or null; undefined before it
    this.delayMs_ = kMinDelayMs;
    this.clockOffsetMs_ = 0; // server time minus local time, from the last welcome/pong
    this.closed_ = false;
    this.open_();
  }

  static defaultUrl() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${scheme}//${location.host}/ws`;
  }

  get connected() { return this.ws_?.readyState === WebSocket.OPEN; }
  get user() { return this.user_; }
  get subscribedToLobby() { return this.lobby_; }
  get subscribedToTurns() { return this.turns_; }

  // The server's clock now, estimated from the last ping (milliseconds since the epoch).
  serverNowMs() { return Date.now() + this.clockOffsetMs_; }

  // Subscribes to messages of a type (replies included): returns a function to unsubscribe.
  on(type, handler) {
    if (!this.handlers_.has(type)) this.handlers_.set(type, new Set());
    this.handlers_.get(type).add(handler);
    return () => this.handlers_.get(type).delete(handler);
  }

  // Sends {type, id, ...fields}; resolves with the reply, rejects with the `error` message
  // ({code, message, reason?}), with {code: 'disconnected'} when the socket drops first or
  // with {code: 'timeout'}.
  request(type, fields = {}) {
    if (!this.connected) {
      return Promise.reject({ code: 'disconnected', message: 'not connected' });
    }
    const id = this.nextId_++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending_.delete(id);
        reject({ code: 'timeout', message: `no reply to ${type}` });
      }, kRequestTimeoutMs);
      const settle = (fn) => (value) => { clearTimeout(timer); fn(value); };
      this.pending_.set(id, { resolve: settle(resolve), reject: settle(reject), type });
      this.ws_.send(JSON.stringify({ ...fields, type, id }));
    });
  }

  // Starts (or keeps) watching a game. handlers.state(game_state) gets every full state,
  // handlers.event(game_event) every event once, in version order.
  watch(gameId, handlers) {
    this.games_.set(gameId, { version: 0, handlers, syncing: false });
    if (this.connected) this.sync_(gameId);
  }

  unwatch(gameId) {
    this.games_.delete(gameId);
    if (this.connected) this.request('unwatch', { gameId }).catch(() => {});
  }

  // The last version seen of a watched game (0 before its first state).
  versionOf(gameId) { return this.games_.get(gameId)?.version ?? 0; }

  subscribeLobby() {
    this.lobby_ = true;
    if (this.connected) this.request('lobby_subscribe').catch(() => {});
  }

  // The `your_move` pushes alone, for pages other than the lobby (the reply is a `your_move`
  // too, dispatched like the pushes).
  subscribeTurns() {
    this.turns_ = true;
    if (this.connected) this.request('turns_subscribe').catch(() => {});
  }

  // Closes and opens the socket again, e.g. after logging in so the new cookie applies.
  reconnect() {
    this.delayMs_ = kMinDelayMs;
    if (this.ws_ && this.ws_.readyState <= WebSocket.OPEN) {
      this.reopenNow_ = true;
      this.ws_.close(1000);
    } else {
      clearTimeout(this.retryTimer_);
      this.open_();
    }
  }

  close() {
    this.closed_ = true;
    clearTimeout(this.retryTimer_);
    this.ws_?.close(1000);
  }

  // ---- connection -----------------------------------------------------------------------

  open_() {
    const ws = new WebSocket(this.url_);
    this.ws_ = ws;
    ws.addEventListener('open', () => this.onOpen_());
    ws.addEventListener('message', (event) => this.onMessage_(event.data));
    ws.addEventListener('close', () => this.onClose_(ws));
  }

  async onOpen_() {
    this.delayMs_ = kMinDelayMs;
    const sentMs = Date.now();
    try {
      const welcome = await this.request('hello');
      this.user_ = welcome.user ?? null;
      const pong = await this.request('ping');
      this.clockOffsetMs_ = pong.serverTimeMs - (sentMs + Date.now()) / 2;
    } catch {
      return; // the socket dropped again; onClose_ retries
    }
    this.emitLocal_('connected', { user: this.user_ });
    if (this.lobby_) this.request('lobby_subscribe').catch(() => {});
    else if (this.turns_) this.request('turns_subscribe').catch(() => {});
    for (const gameId of this.games_.keys()) this.sync_(gameId);
  }

  onClose_(ws) {
    if (ws !== this.ws_) return;
    for (const { reject } of this.pending_.values()) {
      reject({ code: 'disconnected', message: 'the connection closed' });
    }
    this.pending_.clear();
    for (const game of this.games_.values()) game.syncing = false;
    this.emitLocal_('disconnected', {});
    if (this.closed_) return;
    if (this.reopenNow_) {
      this.reopenNow_ = false;
      this.open_();
      return;
    }
    // Backoff with jitter, so a restarted server is not hit by every client at once.
    const delay = this.delayMs_ * (0.75 + Math.random() / 2);
    this.delayMs_ = Math.min(kMaxDelayMs, this.delayMs_ * 2);
    this.retryTimer_ = setTimeout(() => this.open_(), delay);
  }

  onMessage_(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return; // the server sends JSON only; nothing sensible to do with anything else
    }
    if (message.id !== undefined && message.id !== null && this.pending_.has(message.id)) {
      const { resolve, reject } = this.pending_.get(message.id);
      this.pending_.delete(message.id);
      if (message.type === 'error') reject(message);
      else resolve(message);
    }
    if (message.type === 'game_event') this.onGameEvent_(message);
    this.dispatch_(message.type, message);
  }

  dispatch_(type, message) {
    for (const handler of this.handlers_.get(type) ?? []) handler(message);
  }

  emitLocal_(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  // ---- game versions --------------------------------------------------------------------

  // Watches again from the last version seen: the reply brings the missed events and the
  // current state.
  async sync_(gameId) {
    const game = this.games_.get(gameId);
    if (!game || game.syncing) return;
    game.syncing = true;
    const fields = { gameId };
    if (game.version > 0) fields.sinceVersion = game.version;
    let reply;
    try {
      reply = await this.request('watch', fields);
    } catch (error) {
      game.syncing = false;
      if (error.code !== 'disconnected') game.handlers.error?.(error);
      return;
    }
    if (this.games_.get(gameId) !== game) return; // unwatched meanwhile
    game.syncing = false;
    for (const event of reply.events ?? []) this.deliverEvent_(game, event);
    game.version = Math.max(game.version, reply.version);
    game.handlers.state?.(reply);
  }

  // A push, or the reply to our own command: its last event carries the command's id
  // (docs/protocol.md "Commands") and counts as an event like any other.
  onGameEvent_(message) {
    const game = this.games_.get(message.gameId);
    if (!game) return;
    // While a watch is in flight its reply covers every event sent before it.
    if (game.syncing) return;
    if (message.version <= game.version) return; // a duplicate
    if (message.version > game.version + 1) {
      this.sync_(message.gameId);
      return;
    }
    this.deliverEvent_(game, message);
  }

  deliverEvent_(game, message) {
    if (message.version <= game.version) return;
    game.version = message.version;
    game.handlers.event?.(message);
  }
}
