// A server restart in the middle of a game: both pages lose their socket, reconnect by
// themselves when the server is back (same port, same SQLite file), watch the game again
// from the last version they saw, and the game goes on from where it was.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, startTengen } from './harness.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tengen-e2e-restart-'));
let server;
let black;
let white;

before(async () => {
  server = await startTengen({ dataDir });
  black = await launchBrowser();
  white = await launchBrowser();
  for (const who of [black, white]) who.context.setDefaultTimeout(15000);
});

after(async () => {
  await black?.close();
  await white?.close();
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const point = (vertex) => `#board [data-index][data-vertex="${vertex}"]`;

async function playAndSee(page, vertex, colour, pages) {
  await page.waitForSelector('#board svg.board[data-mode="play"]');
  await page.click(point(vertex));
  for (const each of pages) {
    await each.waitForSelector(`#board .stone.${colour}[data-vertex="${vertex}"]`);
  }
}

test('the game survives a server restart and both pages carry on by themselves', async () => {
  const b = await openPage(black.context, `${server.url}/`);
  await b.click('#guest');
  await b.waitForSelector('#create:not([hidden])');
  await b.selectOption('#create-size', '9');
  await b.selectOption('#create-colour', 'black');
  await b.click('#create-submit');
  const w = await openPage(white.context, `${server.url}/`);
  await w.click('#guest');
  const join = w.locator('#tables tbody tr button');
  await join.waitFor();
  await Promise.all([b.waitForURL(/game\.html/), w.waitForURL(/game\.html/), join.click()]);

  await playAndSee(b, 'C3', 'black', [b, w]);
  await playAndSee(w, 'G7', 'white', [b, w]);

  const { port } = server;
  await server.close();
  for (const page of [b, w]) {
    await page.waitForFunction(() => document.getElementById('connection').textContent !== '');
  }
  server = await startTengen({ port, dataDir });
  for (const page of [b, w]) {
    await page.waitForFunction(() => document.getElementById('connection').textContent === '');
  }
  await playAndSee(b, 'D4', 'black', [b, w]);
  await playAndSee(w, 'F6', 'white', [b, w]);
  for (const page of [b, w]) {
    assert.equal(await page.$$eval('#moves li', (all) => all.length), 4);
    assert.equal(await page.$$eval('#board .stone', (all) => all.length), 4);
  }
});

test('no page errors besides the refused reconnects', () => {
  for (const who of [black, white]) {
    const real = who.errors.filter((error) => !/WebSocket connection to .* failed/.test(error));
    assert.deepEqual(real, []);
  }
});
