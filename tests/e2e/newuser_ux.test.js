// What a new user noticed (issue 13), checked on the real `tengen serve`: alice reads
// Russian, bob plays as a guest in Kazakh, a logged-out visitor reads English.
//   1. the lobby puts open tables and games first; komi "6,5" makes a 6.5 table and "6.5.1"
//      is refused under the field before anything is sent; the rules choice reads as a name
//      with the spec beside it; the account card is headed "Аккаунт" once logged in;
//   2. a Japanese game: a click out of turn says whose turn it is; /api/games/N writes komi
//      as 6.5; the removal phase explains its marks, calls the count a proposal, offers no
//      Resign and links the territory formula to the rules page; once accepted the result is
//      said once; the move list follows the replay slider; a logged-out viewer sees no empty
//      chat;
//   3. at 390 px no page scrolls sideways in ru, kk or en, and the lobby's lists are stacked;
//      screenshots at 390 and 1280 px go to artifacts/.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  afterEvent, kArtifacts, launchBrowser, openPage, passTurn, playPoint, pointSelector,
  readCatalogue, scenarioSteps, startTengen,
} from './harness.js';

const ru = readCatalogue('ru');
const kk = readCatalogue('kk');
const en = readCatalogue('en');

let server;
let alice;
let bob;
let visitor;
let gameId;
const step = scenarioSteps();

before(async () => {
  server = await startTengen();
  alice = { browser: await launchBrowser({ locale: 'ru-RU' }) };
  bob = { browser: await launchBrowser({ locale: 'kk-KZ' }) };
  visitor = { browser: await launchBrowser({ locale: 'en-US' }) };
  for (const who of [alice, bob, visitor]) who.browser.context.setDefaultTimeout(10000);
});

after(async () => {
  for (const who of [alice, bob, visitor]) await who?.browser.close();
  await server?.close();
});

const top = (page, selector) => page.$eval(selector, (element) =>
  element.getBoundingClientRect().top + window.scrollY);

step('the lobby: tables first, the account card named, rules by name, komi with a comma',
  async () => {
    alice.page = await openPage(alice.browser.context, `${server.url}/`);
    await alice.page.fill('#login-name', 'alice');
    await alice.page.fill('#login-password', 'correct horse battery');
    await alice.page.click('#register');
    await alice.page.waitForSelector('#create:not([hidden])');
    assert.equal(await alice.page.textContent('#account-title'), ru['account.titleSignedIn']);
    assert.ok(await top(alice.page, '#tables') < await top(alice.page, '#account'));
    assert.ok(await top(alice.page, '#games') < await top(alice.page, '#create'));

    await alice.page.selectOption('#create-rules', 'japanese');
    assert.equal(await alice.page.textContent('#create-rules option:checked'),
      ru['rules.name.japanese']);
    assert.equal(await alice.page.textContent('#create-rules-spec'),
      ru['rules.spec'].replace('{spec}', 'japanese'));
    assert.equal(await alice.page.inputValue('#create-komi'), '6,5');

    // A komi that is not a number is refused before sending, under the field.
    await alice.page.fill('#create-komi', '6.5.1');
    await alice.page.click('#create-submit');
    assert.equal(await alice.page.textContent('#create-komi-error'), ru['create.komiFormat']);
    assert.equal(await alice.page.$$eval('#tables tbody tr', (rows) => rows.length), 0);

    await alice.page.selectOption('#create-size', '9');
    await alice.page.selectOption('#create-colour', 'black');
    await alice.page.fill('#create-komi', '6,5');
    assert.equal(await alice.page.textContent('#create-komi-error'), '');
    await alice.page.click('#create-submit');
    const row = alice.page.locator('#tables tbody tr');
    await row.waitFor();
    assert.match(await row.textContent(), /Японские.*6,5/);
    gameId = Number(await row.getAttribute('data-game-id'));
    const summary = await (await fetch(`${server.url}/api/games/${gameId}`)).text();
    assert.match(summary, /"komi":6\.5[,}]/, summary);
    assert.doesNotMatch(summary, /\dE-?\d/, summary);
  });

step('bob (Kazakh) sees the table with Kazakh names and numbers, and joins', async () => {
  bob.page = await openPage(bob.browser.context, `${server.url}/`);
  await bob.page.click('#guest');
  await bob.page.waitForSelector('#logged-in:not([hidden])');
  const row = bob.page.locator(`#tables tbody tr[data-game-id="${gameId}"]`);
  await row.waitFor();
  assert.match(await row.textContent(), new RegExp(`${kk['rules.name.japanese']}.*6,5`));
  await Promise.all([alice.page.waitForURL(/game\.html/), bob.page.waitForURL(/game\.html/),
    row.locator('button').click()]);
  for (const page of [alice.page, bob.page]) await page.waitForSelector('body[data-phase="play"]');
  assert.match(await bob.page.textContent('#game-info'), new RegExp(kk['rules.name.japanese']));
});

step('a click out of turn says whose turn it is; captures say who took them', async () => {
  await bob.page.click(pointSelector('E5'));
  assert.equal(await bob.page.textContent('#message'),
    kk['game.notYourTurn'].replace('{color}', kk['game.notYourTurnColor.black']));
  const pages = [alice.page, bob.page];
  await playPoint(alice.page, 'A2', pages);
  assert.equal(await bob.page.textContent('#message'), '', 'the note goes when the turn comes');
  await playPoint(bob.page, 'A1', pages);
  await playPoint(alice.page, 'B1', pages); // captures A1
  assert.equal(await alice.page.textContent('.player[data-colour="black"] .player-captures'),
    ru['game.captures'].one.replace('{count}', '1'));
  assert.ok(await bob.page.isVisible('#undo'), 'undo is offered against a person');
});

step('the removal phase explains itself and counts a proposal', async () => {
  const pages = [alice.page, bob.page];
  await passTurn(bob.page, pages);
  await passTurn(alice.page, pages);
  for (const page of pages) await page.waitForSelector('body[data-phase="removal"]');
  assert.equal(await alice.page.textContent('#removal-marks'), ru['removal.marks']);
  assert.ok(await alice.page.isHidden('#play-buttons'), 'no Resign beside Accept');
  assert.ok(await alice.page.isHidden('#resign'));
  assert.match(await alice.page.textContent('#score-result'),
    new RegExp(`^${ru['score.proposal'].split('{')[0]}`));
  assert.equal(await alice.page.textContent('#score-formula span'),
    ru['score.formula.territory']);
  assert.equal(await alice.page.getAttribute('#score-rules-link', 'href'),
    'rules.html#preset-japanese');

  fs.mkdirSync(kArtifacts, { recursive: true });
  for (const [who, page] of [['ru', alice.page], ['kk', bob.page]]) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(kArtifacts, `ux-removal-${who}-${width}.png`),
        fullPage: true });
    }
    await page.setViewportSize({ width: 1100, height: 850 });
  }

  // Bob's Accept carries the version he last saw, so it must wait for Alice's acceptance to
  // reach his page: sent before it, the server refuses it as stale_version.
  await afterEvent(pages, () => alice.page.click('#removal-accept'));
  await bob.page.click('#removal-accept');
  for (const page of pages) await page.waitForSelector('body[data-phase="finished"]');
  assert.ok(await alice.page.isHidden('#score-result'), 'the result is said once');
  assert.match(await alice.page.textContent('#status'), /очк(о|а|ов)\.$/);
});

step('the move list follows the replay slider', async () => {
  const page = alice.page;
  await page.waitForSelector('#replay:not([hidden])');
  await page.click('#replay-first');
  await page.click('#replay-next');
  assert.deepEqual(await page.$$eval('#moves li[aria-current="step"]',
    (items) => items.map((item) => [...item.parentNode.children].indexOf(item))), [0]);
  await page.click('#replay-next');
  assert.deepEqual(await page.$$eval('#moves li[aria-current="step"]',
    (items) => items.map((item) => [...item.parentNode.children].indexOf(item))), [1]);
  await page.click('#replay-last');
  assert.equal(await page.$$eval('#moves li[aria-current]', (items) => items.length), 0);
});

step('a logged-out viewer sees no empty chat heading', async () => {
  visitor.page = await openPage(visitor.browser.context, `${server.url}/game.html?id=${gameId}`);
  await visitor.page.waitForSelector('body[data-phase="finished"]');
  assert.ok(await visitor.page.isHidden('#chat-box'));
  assert.ok(await visitor.page.isHidden('#chat-title'));
});

// Widest box in the page beyond the window: none at 390 px.
function overflow(page) {
  return page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    wide: [...document.querySelectorAll('body *')].filter((element) =>
      element.getBoundingClientRect().right > document.documentElement.clientWidth + 1 &&
      element.offsetParent !== null).map((element) => element.id || element.tagName).slice(0, 5),
  }));
}

step('390 px: no sideways scroll in ru, kk or en; the lobby lists are stacked', async () => {
  // A second open table, so that the lobby's list has a row to draw.
  await alice.page.goto(`${server.url}/`);
  await alice.page.waitForSelector('#create:not([hidden])');
  await alice.page.click('#create-submit');
  await alice.page.waitForSelector('#tables tbody tr');
  const page = visitor.page;
  for (const lang of ['ru', 'kk', 'en']) {
    for (const url of ['/', `/game.html?id=${gameId}`, '/rules.html']) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${server.url}${url}`);
        await page.waitForSelector('body[data-ready="true"]');
        if (await page.evaluate(() => document.documentElement.lang) !== lang) {
          await page.selectOption('#language', lang);
          await page.waitForFunction((l) => document.documentElement.lang === l, lang);
        }
        if (url === '/') await page.waitForSelector('#tables tbody tr');
        const name = url === '/' ? 'lobby' : url.startsWith('/game') ? 'game' : 'rules';
        await page.screenshot({ path: path.join(kArtifacts, `ux-${name}-${lang}-${width}.png`),
          fullPage: true });
        if (width !== 390) continue;
        assert.deepEqual(await overflow(page), { scroll: 0, wide: [] }, `${lang} ${url}`);
        if (url === '/') {
          const cell = await page.$eval('#tables tbody td', (td) =>
            ({ display: getComputedStyle(td).display, label: td.dataset.label }));
          assert.equal(cell.display, 'grid');
          assert.equal(cell.label, { ru, kk, en }[lang]['lobby.col.owner']);
        }
      }
    }
  }
});

test('numbers and rule names follow the page language', async () => {
  const page = await openPage(visitor.browser.context, `${server.url}/rules.html`);
  const texts = await page.evaluate(async () => {
    const i18n = await import('/i18n.js');
    const { formatNumber, describeRules, describeResult, parseDecimal } = await import('/format.js');
    const out = {};
    for (const lang of ['ru', 'kk', 'en']) {
      await i18n.setLanguage(lang, { remember: false });
      out[lang] = [formatNumber(23.5), describeRules('japanese'),
        describeRules('igs move_limit=6'), describeResult('W+1'), describeResult('B+14')];
    }
    out.parse = ['6,5', '6.5', '−0,5', '7', '6.5.1', '7,5 очка', '', '1e3'].map(parseDecimal);
    return out;
  });
  assert.deepEqual(texts.ru, ['23,5', 'Японские', 'IGS (сервер Pandanet), с изменениями',
    'Белые выиграли 1 очко', 'Чёрные выиграли 14 очков']);
  assert.deepEqual(texts.kk, ['23,5', 'Жапон ережелері', 'IGS (Pandanet сервері), өзгертулермен',
    'Ақ 1 ұпаймен жеңді', 'Қара 14 ұпаймен жеңді']);
  assert.deepEqual(texts.en, ['23.5', 'Japanese', 'IGS (Pandanet), modified',
    'White wins by 1 point', 'Black wins by 14 points']);
  assert.deepEqual(texts.parse, [6.5, 6.5, -0.5, 7, NaN, NaN, NaN, NaN]);
});

test('no page errors', () => {
  for (const who of [alice, bob, visitor]) assert.deepEqual(who.browser.errors, []);
});
