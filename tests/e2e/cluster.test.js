// Several nodes in the browser (docs/scaling.md): scripts/cluster.sh starts PostgreSQL, Redis,
// HAProxy and three tengen nodes, and two browsers play through HAProxy's one address:
//   1. alice opens a table; bob, whom the balancer may send to another node, sees it in his
//      lobby and joins; they play four moves and each sees the other connected;
//   2. the node running the game is killed with kill -9; both pages reconnect through HAProxy,
//      the next move is taken once another node has the game, and nobody is shown as
//      disconnected;
//   3. both pages list every move, once and in order.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { kRepo, launchBrowser, openAsGuest, playPoint, scenarioSteps } from './harness.js';

const kPort = 18400 + (process.pid % 500);
const kUrl = `http://127.0.0.1:${kPort}/`;
const clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tengen-cluster-e2e-'));
const env = { ...process.env, PORT: String(kPort), CLUSTER_DIR: clusterDir };
const cluster = (...args) => execFileSync(path.join(kRepo, 'scripts/cluster.sh'), args,
  { env, encoding: 'utf8', timeout: 600_000, stdio: ['ignore', 'pipe', 'inherit'] });

let alice;
let bob;
let gameId = 0;
const step = scenarioSteps();

before(async () => {
  cluster('start', '3');
  alice = { browser: await launchBrowser() };
  bob = { browser: await launchBrowser() };
});

after(async () => {
  for (const who of [alice, bob]) await who?.browser.close();
  cluster('stop');
  fs.rmSync(clusterDir, { recursive: true, force: true });
});

// Which node holds the game's lease, from the database the nodes share.
function ownerOf(game) {
  // postgresql://postgres@/tengen?host=DIR&port=N: a Unix socket, which URL cannot parse.
  const query = new URLSearchParams(cluster('db').trim().split('?')[1]);
  return execFileSync('psql', ['-h', query.get('host'), '-p', query.get('port'), '-U',
    'postgres', '-d', 'tengen', '-tAc',
    `SELECT node FROM game_leases WHERE game = ${game}`],
  { encoding: 'utf8' }).trim();
}

// playPoint, once `page` is connected again: a page whose node died reconnects through
// HAProxy, and a click that met the dropped socket was refused as `disconnected` (nothing was
// sent), so it is made again.
async function playAcrossFailover(page, vertex, pages) {
  for (let attempt = 1; ; ++attempt) {
    await page.waitForFunction(() => document.body.dataset.connected === 'true');
    page.setDefaultTimeout(8000);
    try {
      return await playPoint(page, vertex, pages);
    } catch (error) {
      if (attempt === 3) throw error;
    } finally {
      page.setDefaultTimeout(30000);
    }
  }
}

const movesListed = (page) => page.$$eval('#moves li', (items) => items.map((li) => li.textContent));
const presenceShown = (page) => page.isVisible('#presence');

step('alice opens a table through HAProxy, bob joins it, four moves', async () => {
  alice.page = await openAsGuest(alice.browser.context, kUrl);
  bob.page = await openAsGuest(bob.browser.context, kUrl);
  const a = alice.page;
  await a.waitForSelector('#create:not([hidden])');
  await a.selectOption('#create-size', '9');
  await a.selectOption('#create-colour', 'black');
  await a.click('#create-submit');
  // The lobby of bob's node lists a table another node may run.
  const row = bob.page.locator('#tables tbody tr');
  await row.waitFor();
  await Promise.all([a.waitForURL(/game\.html/), bob.page.waitForURL(/game\.html/),
    row.locator('button').click()]);
  gameId = Number(new URL(a.url()).searchParams.get('id'));
  const pages = [alice.page, bob.page];
  for (const [page, point] of [[alice.page, 'E5'], [bob.page, 'C3'], [alice.page, 'G3'],
    [bob.page, 'C7']]) {
    await playPoint(page, point, pages);
  }
  // Past the presence debounce: each node knows the other player is there.
  await new Promise((resolve) => setTimeout(resolve, 4500));
  assert.equal(await presenceShown(alice.page), false, 'alice sees bob as disconnected');
  assert.equal(await presenceShown(bob.page), false, 'bob sees alice as disconnected');
});

step('the node running the game is killed; the game goes on through the others', async () => {
  const owner = ownerOf(gameId);
  assert.match(owner, /^node[1-3]$/);
  cluster('kill', owner.replace('node', ''));
  const pages = [alice.page, bob.page];
  const killed = Date.now();
  await playAcrossFailover(alice.page, 'G7', pages);
  console.log(`cluster: the first move after kill -9 of ${owner} took ${Date.now() - killed} ms`);
  await playAcrossFailover(bob.page, 'E3', pages);
  assert.notEqual(ownerOf(gameId), owner);
  await new Promise((resolve) => setTimeout(resolve, 4500));
  assert.equal(await presenceShown(alice.page), false, 'alice sees bob as disconnected');
  assert.equal(await presenceShown(bob.page), false, 'bob sees alice as disconnected');
});

step('both pages list every move once, in order', async () => {
  const expected = ['Black E5', 'White C3', 'Black G3', 'White C7', 'Black G7', 'White E3'];
  for (const page of [alice.page, bob.page]) {
    assert.deepEqual((await movesListed(page)).map((text) => text.trim()), expected);
  }
});
