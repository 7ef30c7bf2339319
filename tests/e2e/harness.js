// Shared set-up for the browser tests: the real `tengen serve` (or, for pages that need no
// server, a tiny static server for web/) on a free loopback port, and Debian's chromium
// driven by playwright-core with a fresh profile. Never downloads a browser.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const kWebRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
export const kArtifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');
export const kRepo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// The tengen binary: $TENGEN_BINARY, else the default build directory's.
export function tengenBinary() {
  return process.env.TENGEN_BINARY || path.join(kRepo, 'build/src/cli/tengen');
}

// Starts `tengen serve --port 0` (or the given port) with web/ as its root and waits for its
// "tengen: serving http://127.0.0.1:PORT/" line. The SQLite file is site.db in `dataDir`
// (kept, for a restart on the same data) or in a fresh directory removed on close. `args`:
// more `tengen serve` arguments, e.g. ['--bot', 'GNU Go=/usr/games/gnugo --mode gtp'].
// Returns {url, port, dataDir, output(), close, crash}; close stops it with SIGTERM, as an
// operator would, crash with SIGKILL.
export async function startTengen({ binary = tengenBinary(), port = 0, dataDir = null,
  timeoutMs = 15000, args = [] } = {}) {
  if (!fs.existsSync(binary)) {
    throw new Error(`no tengen binary at ${binary}: build it or set TENGEN_BINARY`);
  }
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tengen-e2e-db-'));
  const db = path.join(dir, 'site.db');
  const child = spawn(binary,
    ['serve', '--port', String(port), '--db', db, '--web-root', kWebRoot, ...args],
    { cwd: kRepo, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`tengen did not start:\n${output}`)),
      timeoutMs);
    const onData = (chunk) => {
      output += chunk;
      const match = /tengen: serving (http:\/\/[\d.]+:\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => { output += chunk; });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`tengen exited with ${code} before serving:\n${output}`));
    });
  });
  return {
    url,
    port: Number(new URL(url).port),
    dataDir: dir,
    output: () => output,
    close: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(killer);
      }
      if (!dataDir) fs.rmSync(dir, { recursive: true, force: true });
    },
    // Kills it with SIGKILL, as a crash would: no clean stop, nothing flushed but what the
    // store had committed.
    crash: async () => {
      if (child.exitCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

const kTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

// Serves web/ at http://127.0.0.1:<free port>/. Returns {url, close}.
export async function startStaticServer(root = kWebRoot) {
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const file = path.join(root, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, {
      'content-type': kTypes[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }),
  };
}

// A chromium profile in a fresh temporary directory. options: playwright context options
// (locale, viewport, ...). Returns {context, close}. Page errors fail loudly via `errors`.
export async function launchBrowser(options = {}) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tengen-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    viewport: { width: 1100, height: 850 },
    locale: 'en-US',
    ...options,
  });
  const errors = [];
  context.on('page', (page) => {
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  });
  return {
    context,
    errors,
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

// Opens a page of the site and waits until its script has translated it.
export async function openPage(context, url) {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

export function readCatalogue(lang) {
  return JSON.parse(fs.readFileSync(path.join(kWebRoot, 'i18n', `${lang}.json`), 'utf8'));
}

// A catalogue entry with its {placeholders} filled in, as the pages fill them.
export const fill = (text, params) => text.replace(/\{(\w+)\}/g, (whole, name) =>
  (name in params ? String(params[name]) : whole));
// The form of a plural entry for `count` in `lang` (Intl.PluralRules), with {count} filled in.
export const plural = (entry, count, lang = 'en') => fill(typeof entry === 'string' ? entry
  : entry[new Intl.PluralRules(lang).select(count)] ?? entry.other, { count });

// Every user-visible string on the page: visible text nodes, accessible names and titles.
export function visibleStrings(page) {
  return page.evaluate(() => {
    const strings = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const element = node.parentElement;
      if (!text || element.closest('script, style')) continue;
      if (!element.getClientRects().length) continue;
      strings.push(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
      for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
        if (element.hasAttribute(name)) strings.push(element.getAttribute(name));
      }
    }
    return strings;
  });
}

// The steps of one browser scenario, each a test: once a step fails the later ones are
// skipped, as they would have nothing to stand on. `describeFailure` (async, optional) adds
// what the page showed to the failure message, to tell a slow server from a wrong one.
export function scenarioSteps(describeFailure = null) {
  let broken = false;
  return function step(name, body) {
    test(name, async (t) => {
      if (broken) {
        t.skip('an earlier step failed');
        return;
      }
      try {
        await body();
      } catch (error) {
        broken = true;
        if (describeFailure) error.message += `\n${await describeFailure().catch(() => '?')}`;
        throw error;
      }
    });
  };
}

// What each page shows, for a failure message: address, phase, status and message lines.
export function describePages(pages) {
  return Promise.all(pages.map(async (page) => ({ url: page?.url(),
    ...await page?.evaluate(() => ({ phase: document.body.dataset.phase,
      status: document.getElementById('status')?.textContent,
      message: document.getElementById('message')?.textContent })) })))
    .then((all) => JSON.stringify(all));
}

// Runs `action` and waits until every page of `pages` has seen at least one more game event.
// A page that has not drawn its first game state yet has no version: reading it then would give
// NaN, which no later version exceeds, so each page's first state is awaited before the action.
export async function afterEvent(pages, action) {
  const version = async (page) => {
    await page.waitForFunction(() => document.body.dataset.version !== undefined);
    return page.evaluate(() => Number(document.body.dataset.version));
  };
  const before = await Promise.all(pages.map(version));
  await action();
  await Promise.all(pages.map((page, i) =>
    page.waitForFunction((v) => Number(document.body.dataset.version) > v, before[i])));
}

// A new page of the lobby at `url` in `context`, signed in as a guest and connected.
export async function openAsGuest(context, url) {
  const page = await openPage(context, url);
  await page.click('#guest');
  await page.waitForSelector('#logged-in:not([hidden])');
  await page.waitForFunction(() => document.body.dataset.connected === 'true');
  return page;
}

// The selector of a board point of the game page, e.g. pointSelector('D4').
export const pointSelector = (vertex) => `#board [data-index][data-vertex="${vertex}"]`;

// `page`'s player clicks `vertex` once the board lets it play, and every page of `pages`
// sees the event.
export async function playPoint(page, vertex, pages) {
  await page.waitForSelector('#board svg.board[data-mode="play"]');
  await afterEvent(pages, () => page.click(pointSelector(vertex)));
}

// `page`'s player passes (confirming it) on its turn, and every page of `pages` sees it.
export async function passTurn(page, pages) {
  await page.waitForSelector('#board svg.board[data-mode="play"]');
  await afterEvent(pages, async () => {
    await page.click('#pass');
    await page.click('#confirm-yes');
  });
}
