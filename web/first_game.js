// The game that ends the Learn track: 9x9 against the weakest built-in bot, the newcomer
// with Black and no clock, started the way the lobby's challenge form does (`challenge_bot`
// over the socket, docs/protocol.md "Bots"). A visitor without a session plays as a guest.
// Resolves with the game's id; rejects with the server's {code, message}.

import { playAsGuest } from './api.js';
import { GameSocket } from './socket.js';

const kConnectTimeoutMs = 10000;

function withTimeout(promise, what) {
  let timer;
  const timeout = new Promise((resolve, reject) => {
    timer = setTimeout(() => reject({ code: 'timeout', message: what }), kConnectTimeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// The server lists its built-in bots weakest first (`tengen levels`: Tengen Beginner first).
export function weakestBot(bots) {
  return bots.find((bot) => bot.kind === 'builtin' && bot.sizes.includes(9)) ?? null;
}

// The user the socket's `welcome` names (null without a session) once it has connected.
function connected(socket) {
  return withTimeout(new Promise((resolve) => socket.addEventListener('connected',
    (event) => resolve(event.detail.user), { once: true })), 'no connection to the server');
}

export async function startFirstGame() {
  // The socket says who is signed in: asking GET /api/me without a session would be refused
  // (401), an error in the console of every newcomer.
  const socket = new GameSocket();
  try {
    let user = await connected(socket);
    if (!user) {
      user = await playAsGuest();
      const again = connected(socket);
      socket.reconnect(); // the socket reads the new session cookie when it opens
      await again;
    }
    const lobby = await withTimeout(new Promise((resolve) => {
      socket.on('lobby', resolve);
      socket.subscribeLobby();
    }), 'no lobby from the server');
    const bot = weakestBot(lobby.bots ?? []);
    if (!bot) throw { code: 'no_bot', message: 'no built-in bot plays 9x9' };
    try {
      const reply = await socket.request('challenge_bot', { bot: bot.name, size: 9,
        colour: 'black', time: { kind: 'none' } });
      return reply.game.id;
    } catch (error) {
      // One game per person per bot: a game against it already running is the one to play.
      if (error.code !== 'already_playing_bot') throw error;
      const running = (lobby.games ?? []).find((game) =>
        [game.black?.id, game.white?.id].includes(user.id) &&
        [game.black?.id, game.white?.id].includes(bot.id));
      if (!running) throw error;
      return running.id;
    }
  } finally {
    socket.close();
  }
}
