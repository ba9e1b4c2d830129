// `memdir ui` on a local memory: the one-time secret, browsing, editing, history, the forms, a conflict with an
// agent, an agent's write appearing live, and CSRF.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import {
  assertStatus, field, localSession, newPage, open, post, query, readDisk, screenshot, submit, treePaths, writeFiles,
} from './harness.mjs';

export const GUIDE = '/memories/notes/guide.md';
const GUIDE_TEXT = '# Guide\n\n- first item\n- second item\n\nSee [the docs](https://example.com/docs).\n';
const GUIDE_EDITED = '# Guide v2\n\n- first item\n- changed item\n\nSee [the docs](https://example.com/docs).\n';
const CSRF_FILE = '/memories/csrf.md';
const CSRF_TEXT = 'nobody may change this without the token\n';
// Texts a save with no change must leave as they are, byte for byte: a browser posts a textarea with CRLF line
// ends, and drops a newline that starts it.
const ROUND_TRIPS = {
  '/memories/trips/leading-newline.md': '\nstarts with a blank line\n',
  '/memories/trips/no-final-newline.md': 'no newline at the end',
  '/memories/trips/crlf.md': 'written\r\non Windows\r\n',
  '/memories/trips/unicode.md': '\tindented\u00a0text, \u00e9t\u00e9, \u{1F9E0}, <b>&amp; trailing spaces   \n',
};

export function seed(root) {
  writeFiles(root, {
    [GUIDE]: GUIDE_TEXT,
    '/memories/notes/other.md': 'Another note.\n',
    [CSRF_FILE]: CSRF_TEXT,
    ...ROUND_TRIPS,
  });
}

function isPage(page, pathname, path) {
  const url = new URL(page.url());
  return url.pathname === pathname && url.searchParams.get('path') === path;
}

const file = path => `/ui/file?${query({ path })}`;
const edit = path => `/ui/edit?${query({ path })}`;
const history = path => `/ui/history?${query({ path })}`;

// The login is a check of its own; the session it makes (ctx.context, ctx.page) is what the later checks use.
export async function checks(run, ctx) {
  await run.check('local-login', () => login(run, ctx));
  await run.check('browse', () => browse(ctx));
  await run.check('edit-history-restore-redact', () => editHistory(run, ctx));
  await run.check('save-unchanged', () => saveUnchanged(ctx));
  await run.check('create-rename-delete', () => forms(ctx));
  await run.check('conflict', () => conflict(run, ctx));
  await run.check('live-agent-write', () => live(ctx));
  await run.check('csrf', () => csrf(run, ctx));
  await run.check('foreign-host', () => foreignHost(ctx));
  await run.check('outside-ui', () => outsideUi(ctx));
}

async function login(run, ctx) {
  const { context, page, response } = await localSession(run, ctx.ui);
  Object.assign(ctx, { context, page });
  assert.equal(response.status(), 200, `the secret URL led to ${response.status()}`);
  assert.equal(new URL(page.url()).pathname, '/ui/', `the secret URL led to ${page.url()}`);
  const secretAnswer = await response.request().redirectedFrom()?.response();
  assert.equal(secretAnswer?.status(), 303, 'the secret URL did not answer 303');
  await page.locator('table#tree').waitFor();
  assert.equal(await page.getAttribute('body', 'data-principal'), 'local');
  assert.equal(response.headers()['content-security-policy'], "default-src 'none'; script-src 'self'; " +
    "style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; " +
    "base-uri 'none'", 'the Content-Security-Policy is not the contract\'s');
  const cookie = (await context.cookies(`${ctx.ui.base}/ui/`)).find(c => c.name === 'memdir_ui');
  assert.ok(cookie, 'no memdir_ui cookie');
  assert.equal(cookie.httpOnly, true, 'the cookie is not HttpOnly');
  assert.equal(cookie.sameSite, 'Strict', 'the cookie is not SameSite=Strict');
  assert.equal(cookie.path, '/ui', 'the cookie\'s Path is not /ui');
  assert.ok(cookie.expires > Date.now() / 1000, `the cookie does not expire (expires ${cookie.expires})`);
  assert.ok(!(await page.evaluate(() => document.cookie)).includes('memdir_ui'), 'a script can read the cookie');

  const fresh = await run.browser.newContext({ baseURL: ctx.ui.base });
  try {
    const again = await newPage(fresh);
    await open(again, ctx.ui.url, 403);
    await again.locator('#error').waitFor();
    const anonymous = await fresh.request.get('/ui/', { maxRedirects: 0 });
    assert.equal(anonymous.status(), 303, `/ui/ without a session answered ${anonymous.status()}`);
    assert.match(anonymous.headers().location ?? '', /\/ui\/login$/, 'not sent to /ui/login');
  } finally {
    await fresh.close();
  }
}

async function browse({ page }) {
  await open(page, '/ui/');
  await page.locator('tr[data-path="/memories/notes/"] .name a').click();
  await page.waitForURL(/\/ui\/\?dir=/);
  assert.match(await page.locator('nav#crumbs').innerText(), /notes/);
  assert.deepEqual((await treePaths(page)).sort(), [GUIDE, '/memories/notes/other.md']);
  const row = page.locator(`tr[data-path="${GUIDE}"]`);
  assert.match(await row.locator('.size').innerText(), /\d/, 'the size cell is empty');
  assert.match(await row.locator('.modified').innerText(), /\d/, 'the modified cell is empty');
  await Promise.all([page.waitForURL(/\/ui\/file\?/), row.locator('.name a').click()]);
  assert.ok(isPage(page, '/ui/file', GUIDE), `the file's link led to ${page.url()}`);
  assert.equal((await page.locator('h1').first().innerText()).trim(), GUIDE);
  const rendered = page.locator('article#rendered');
  assert.equal(await rendered.locator('h1').innerText(), 'Guide');
  assert.deepEqual(await rendered.locator('li').allInnerTexts(), ['first item', 'second item']);
  assert.equal(await rendered.locator('a').getAttribute('href'), 'https://example.com/docs');
  assert.equal(await rendered.locator('a').innerText(), 'the docs');
}

async function editHistory(run, ctx) {
  const { page, root } = ctx;
  await open(page, file(GUIDE));
  await Promise.all([page.waitForURL(/\/ui\/edit\?/), page.click('a#edit-link')]);
  assert.equal(await page.inputValue('#edit-form textarea[name=content]'), GUIDE_TEXT);
  await page.fill('#edit-form textarea[name=content]', GUIDE_EDITED);
  await assertStatus(page, await submit(page, '#edit-form'), 200, 'the save');
  assert.ok(isPage(page, '/ui/file', GUIDE), `a save led to ${page.url()}, not the file page`);
  assert.equal(await page.locator('article#rendered h1').innerText(), 'Guide v2');
  // A textarea posts CRLF line ends: the file must keep what the person typed, LF and all.
  assert.equal(readDisk(root, GUIDE), GUIDE_EDITED, 'the file on disk is not what was typed');

  await Promise.all([page.waitForURL(/\/ui\/history\?/), page.click('a#history-link')]);
  const newest = page.locator('li.version').first();
  const version = await newest.getAttribute('data-version');
  assert.match(await newest.locator('.operation').innerText(), /edit|writ/i);
  for (const part of ['.actor', '.time']) {
    assert.notEqual((await newest.locator(part).innerText()).trim(), '', `the version's ${part} is empty`);
  }
  const ins = (await newest.locator('div.diff ins').allInnerTexts()).join('\n');
  const del = (await newest.locator('div.diff del').allInnerTexts()).join('\n');
  assert.ok(ins && del, 'the diff has no ins or no del');
  assert.match(`${ins}\n${del}`, /changed item/);
  assert.match(`${ins}\n${del}`, /second item/);
  // Every diff line shows at least its sign or a space: an empty line on the page is an artefact of the markup.
  const shown = await newest.locator('div.diff pre').innerText();
  assert.ok(!shown.replace(/\n$/, '').split('\n').includes(''), `the diff shows empty lines:\n${shown}`);
  assert.equal(ins.split('\n').length + del.split('\n').length, 4, `a two-line change shows as:\n${shown}`);
  await screenshot(run, page, 'history');

  await assertStatus(page, await submit(page, `li.version[data-version="${version}"] form.restore-form`), 200,
    'the restore');
  await open(page, file(GUIDE));
  assert.equal(await page.locator('article#rendered h1').innerText(), 'Guide');
  assert.equal(readDisk(root, GUIDE), GUIDE_TEXT, 'the restore did not bring the old text back');

  await open(page, history(GUIDE));
  const restored = page.locator('li.version').first();
  const kept = await restored.getAttribute('data-version');
  assert.notEqual(kept, version, 'the restore kept no version');
  assert.match(await restored.locator('.operation').innerText(), /restor/i);
  const redact = `li.version[data-version="${kept}"] form.redact-form`;
  // A box to tick, where the form asks for one, as a person would.
  for (const box of await page.locator(`${redact} input[type=checkbox]`).all()) {
    await box.check();
  }
  await assertStatus(page, await submit(page, redact), 200, 'the redaction');
  await open(page, history(GUIDE));
  const redacted = page.locator(`li.version[data-version="${kept}"]`);
  assert.ok(await redacted.evaluate(li => li.matches('.redacted') || li.querySelector('.redacted') !== null),
    `version ${kept} is not marked redacted`);
  // Nor may a neighbour's diff show what the redacted version held.
  assert.ok(!(await page.locator('ol#versions').innerText()).includes('changed item'),
    'the history still shows the redacted text');
}

async function saveUnchanged({ page, root }) {
  const changed = [];
  for (const [path, text] of Object.entries(ROUND_TRIPS)) {
    await open(page, edit(path));
    await assertStatus(page, await submit(page, '#edit-form'), 200, `saving ${path} unchanged`);
    const now = readDisk(root, path);
    if (now !== text) {
      changed.push(`${path}: ${JSON.stringify(text)} became ${JSON.stringify(now)}`);
    }
  }
  assert.deepEqual(changed, [], `a save with no change changed files:\n${changed.join('\n')}`);
}

async function forms({ page, root }) {
  const made = '/memories/made/created.md';
  const renamed = '/memories/made/renamed.md';
  await open(page, `/ui/new?${query({ dir: '/memories' })}`);
  await page.fill('#create-form input[name=path]', made);
  await page.fill('#create-form textarea[name=content]', '# Made by hand\n');
  await assertStatus(page, await submit(page, '#create-form'), 200, 'the create');
  assert.equal(readDisk(root, made), '# Made by hand\n');

  await open(page, file(made));
  await page.fill('#rename-form input[name=new_path]', renamed);
  await assertStatus(page, await submit(page, '#rename-form'), 200, 'the rename');
  assert.ok(!existsSync(`${root}/made/created.md`), 'the old name is still there');
  assert.equal(readDisk(root, renamed), '# Made by hand\n');
  await open(page, file(made), 404);
  await page.locator('#error').waitFor();

  await open(page, file(renamed));
  await assertStatus(page, await submit(page, '#delete-form'), 200, 'the delete');
  assert.ok(!existsSync(`${root}/made/renamed.md`), 'the file is still there');
  await open(page, file(renamed), 404);

  await open(page, '/ui/deleted');
  const gone = await page.$$eval('ul#deleted li[data-path]', items => items.map(li => li.dataset.path));
  assert.ok(gone.includes(made) && gone.includes(renamed), `/ui/deleted lists ${gone.join(', ')}`);
  await Promise.all([page.waitForURL(/\/ui\/history\?/), page.locator(`li[data-path="${renamed}"] a`).first().click()]);
  assert.equal(new URL(page.url()).searchParams.get('path'), renamed, 'the deleted file links elsewhere');
  assert.ok(await page.locator('li.version').count() > 0, 'the deleted file\'s history is empty');
}

async function conflict(run, { page, root, agent }) {
  const path = '/memories/conflict.md';
  await agent.call('create', { path, file_text: 'agent text, first\n' });
  await open(page, edit(path));
  await page.fill('#edit-form textarea[name=content]', 'my text\n');
  await agent.call('str_replace', { path, old_str: 'first', new_str: 'written behind the page' });
  // Two polls of /ui/changes go by: an edited form must not be swapped away.
  await page.waitForTimeout(2500);
  assert.equal(await page.inputValue('#edit-form textarea[name=content]'), 'my text\n',
    'the live update replaced a form being edited');
  await assertStatus(page, await submit(page, '#edit-form'), 409, 'a save on a stale base');
  const section = page.locator('section#conflict');
  assert.match(await section.locator('pre#theirs').innerText(), /agent text, written behind the page/);
  assert.match(await section.locator('textarea[name=content]').inputValue(), /^my text\r?\n?$/);
  assert.ok(await section.locator('div.diff').count() > 0, 'no div.diff in the conflict');
  assert.equal(readDisk(root, path), 'agent text, written behind the page\n', 'the agent\'s text was overwritten');
  await screenshot(run, page, 'conflict');
}

async function live({ page, agent }) {
  const path = '/memories/from-agent.md';
  await open(page, '/ui/');
  await page.evaluate(() => { window.__marker = 1; });
  const before = Number(await page.getAttribute('body', 'data-changes'));
  await agent.call('create', { path, file_text: 'Written by an agent while the page was open.\n' });
  await page.locator(`tr[data-path="${path}"]`).waitFor({ timeout: 10_000 });
  assert.equal(await page.evaluate(() => window.__marker), 1, 'the page navigated instead of updating in place');
  const after = Number(await page.getAttribute('body', 'data-changes'));
  assert.ok(after > before, `body[data-changes] went from ${before} to ${after}`);
}

async function csrf(run, { page, context, root, ui }) {
  await open(page, edit(CSRF_FILE));
  const token = await field(page, '#edit-form', 'csrf');
  const base = await field(page, '#edit-form', 'base');
  const form = { path: CSRF_FILE, base, content: 'forged\n' };
  const refusals = [
    ['no csrf field', form, {}],
    ['a wrong csrf', { ...form, csrf: 'x'.repeat(token.length) }, {}],
    ['a foreign Origin', { ...form, csrf: token }, { Origin: 'http://evil.example' }],
  ];
  for (const [what, fields, headers] of refusals) {
    const answer = await post(context.request, '/ui/edit', fields, headers);
    assert.equal(answer.status(), 403, `a POST with ${what} answered ${answer.status()}`);
    assert.match(await answer.text(), /id="?error/, `the refusal of ${what} has no #error`);
    assert.equal(readDisk(root, CSRF_FILE), CSRF_TEXT, `a POST with ${what} changed the file`);
  }
  const stranger = await run.browser.newContext({ baseURL: ui.base });
  try {
    const answer = await post(stranger.request, '/ui/edit', { ...form, csrf: token });
    assert.ok([303, 401, 403].includes(answer.status()), `a POST without the cookie answered ${answer.status()}`);
    assert.equal(readDisk(root, CSRF_FILE), CSRF_TEXT, 'a POST without the cookie changed the file');
  } finally {
    await stranger.close();
  }
  // The same POST with the token and the server's own Origin goes through: the refusals were for the token.
  const allowed = await post(context.request, '/ui/edit', { ...form, csrf: token }, { Origin: ui.base });
  assert.equal(allowed.status(), 303, `the POST with the token answered ${allowed.status()}`);
  assert.equal(readDisk(root, CSRF_FILE), 'forged\n');
}

// A page that names another host (DNS rebinding: a site whose name now points at 127.0.0.1) gets nothing.
async function foreignHost({ context, ui }) {
  const port = new URL(ui.base).port;
  for (const url of ['/ui/', `/ui/file?${query({ path: GUIDE })}`, '/ui/changes']) {
    const answer = await context.request.get(url, { headers: { Host: `rebound.example:${port}` }, maxRedirects: 0 });
    assert.equal(answer.status(), 403, `GET ${url} with a foreign Host answered ${answer.status()}`);
    assert.ok(!/first item|data-path/.test(await answer.text()), `GET ${url} with a foreign Host shows the memory`);
  }
}

// memdir ui serves the page alone: any other path leads to it.
async function outsideUi({ context }) {
  for (const url of ['/', '/mcp', '/healthz', '/uix', '/ui']) {
    const answer = await context.request.get(url, { maxRedirects: 0 });
    assert.equal(answer.status(), 303, `GET ${url} answered ${answer.status()}`);
    assert.match(answer.headers().location ?? '', /^(http:\/\/[^/]+)?\/ui\/$/, `GET ${url} leads elsewhere`);
  }
}
