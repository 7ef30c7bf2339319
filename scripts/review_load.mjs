// Queues engine reviews of the longest finished games of a running `tengen serve`, for the
// latency measurement of docs/performance.md ("Engine review"): each guest may have two
// reviews underway, so REVIEWS / 2 guests ask. Prints the game ids queued and exits; the
// reviews run on in the server.
//   node --experimental-websocket scripts/review_load.mjs http://127.0.0.1:PORT 8
const [base, count = '8'] = process.argv.slice(2);
const wanted = Number(count);
const games = (await (await fetch(`${base}/api/games?status=finished&limit=200`)).json()).games
  .sort((a, b) => (b.moveNumber ?? 0) - (a.moveNumber ?? 0)).slice(0, wanted);
const queued = [];
for (let i = 0; i < games.length; i += 2) {
  const guest = await fetch(`${base}/api/guest`, { method: 'POST',
    headers: { 'content-type': 'application/json' }, body: '{}' });
  const cookie = guest.headers.get('set-cookie').split(';')[0];
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers: { cookie } });
  await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = reject; });
  for (const game of games.slice(i, i + 2)) {
    const reply = await new Promise((resolve) => {
      ws.onmessage = (event) => {
        const message = JSON.parse(event.data);
        if (message.id === game.id) resolve(message);
      };
      ws.send(JSON.stringify({ type: 'engine_review', id: game.id, gameId: game.id, start: true }));
    });
    queued.push(`${game.id}:${reply.status ?? reply.code}:${reply.total ?? ''}`);
  }
  ws.close();
}
console.log(`queued ${queued.join(' ')}`);
