// The server's REST routes (docs/protocol.md, "Accounts" and "Games"), same origin so the
// session cookie goes along. Each function resolves with the parsed body or rejects with
// the server's {code, message} (or {code: 'network'} when the request failed to arrive).

async function call(method, path, body) {
  let response;
  // The server refuses a POST that is not application/json, with a body or without (it keeps
  // other sites' forms from acting with the visitor's cookie), so every write says JSON.
  const writes = method !== 'GET' && method !== 'HEAD';
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: writes ? { 'Content-Type': 'application/json' } : {},
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw { code: 'network', message: String(error) };
  }
  if (response.status === 204) return {};
  let parsed = null;
  try {
    parsed = await response.json();
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    throw parsed?.error ?? { code: `http_${response.status}`, message: response.statusText };
  }
  return parsed ?? {};
}

export async function register(name, password) {
  return (await call('POST', '/api/register', { name, password })).user;
}

export async function login(name, password) {
  return (await call('POST', '/api/login', { name, password })).user;
}

export async function playAsGuest() {
  return (await call('POST', '/api/guest')).user;
}

export async function logout() {
  await call('POST', '/api/logout');
}

// {presets: [{name, komi, freeHandicap, removalPhase, handicapKomi, ...}],
//  default: "tromp-taylor suicide=forbidden", maxKomi: 150}
export function rules() {
  return call('GET', '/api/rules');
}

export async function gameSummary(gameId) {
  return (await call('GET', `/api/games/${gameId}`)).game;
}

export function sgfUrl(gameId) {
  return `/api/games/${gameId}/sgf`;
}

export async function sgfText(gameId) {
  const response = await fetch(sgfUrl(gameId), { credentials: 'same-origin' });
  if (!response.ok) throw { code: `http_${response.status}`, message: response.statusText };
  return response.text();
}

// The Learn track (docs/lessons.md, "API").
export async function lessonTrack() {
  return (await call('GET', '/api/lessons')).lessons;
}

export function lesson(id) {
  return call('GET', `/api/lessons/${encodeURIComponent(id)}`);
}

// body: {moves: [vertex…]} or {answer: text}; n counts from 1.
export function judgeLessonBoard(id, n, body) {
  return call('POST', `/api/lessons/${encodeURIComponent(id)}/boards/${n}`, body);
}

// {done: [ids], stored: 'account' | 'browser'}
export function lessonProgress() {
  return call('GET', '/api/lessons/progress');
}

export async function recordLesson(id) {
  await call('POST', '/api/lessons/progress', { lesson: id });
}

// A player's rank, ratings per category and rating history (docs/protocol.md, "Players").
export function playerProfile(name) {
  return call('GET', `/api/players/${encodeURIComponent(name)}`);
}

// A page of the player's finished games, newest first; size 0: every size.
export function playerGames(name, { size = 0, page = 0 } = {}) {
  return call('GET', `/api/players/${encodeURIComponent(name)}/games?size=${size}&page=${page}`);
}

// Reviews and the SGF library (docs/protocol.md, "Reviews").
export function reviewSgfUrl(reviewId) {
  return `/api/reviews/${encodeURIComponent(reviewId)}.sgf`;
}

export async function reviewsOfGame(gameId) {
  return (await call('GET', `/api/reviews?game=${encodeURIComponent(gameId)}`)).reviews;
}

export async function reviewsOwnedBy(name) {
  return (await call('GET', `/api/reviews?owner=${encodeURIComponent(name)}`)).reviews;
}

export function library() {
  return call('GET', '/api/library');
}

// file: a File from an <input type=file>; its bytes go as base64, whatever their charset.
export async function uploadSgf(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return call('POST', '/api/library', { name: file.name, data: btoa(binary) });
}

export function deleteUpload(id) {
  return call('DELETE', `/api/library/${encodeURIComponent(id)}`);
}
