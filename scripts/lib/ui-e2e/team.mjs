// `memdir serve --http`'s pages for token holders: the login form, one namespace per principal, a read-only
// principal, logout.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  assertStatus, field, newPage, open, post, query, startTeam, stop, submit, teamSession, token, treePaths,
} from './harness.mjs';

const ALICE_FILE = '/memories/alice-only.md';
const ALICE_TEXT = 'Alice keeps this to herself.\n';

export async function checks(run, root) {
  const tokens = {
    alice: token(run, root, '--user', 'alice'),
    bob: token(run, root, '--user', 'bob'),
    reader: token(run, root, '--user', 'reader', '--namespace', 'user/alice', '--read-only'),
  };
  const server = await startTeam(run, root);
  const ctx = { run, server, tokens };
  try {
    await run.check('team-login', () => login(ctx));
    await run.check('team-isolation', () => isolation(ctx));
    await run.check('team-read-only', () => readOnly(ctx));
    await run.check('team-logout', () => logout(ctx));
  } finally {
    await stop(server);
  }
  await run.check('team-tls-cookie', () => tlsCookie(run, `${root}-tls`));
}

// Under TLS the cookie is Secure too. The certificate is a throwaway self-signed one, made by openssl.
async function tlsCookie(run, root) {
  mkdirSync(root, { recursive: true });
  const [cert, key] = [join(root, '..', 'cert.pem'), join(root, '..', 'key.pem')];
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert,
    '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { encoding: 'utf8' });
  assert.equal(made.status, 0, `openssl made no certificate: ${made.error ?? made.stderr}`);
  const secret = token(run, root, '--user', 'carol');
  const server = await startTeam(run, root, ['--tls-cert', cert, '--tls-key', key]);
  try {
    assert.match(server.base, /^https:/);
    const { context, page, response } = await teamSession(run, server, secret, { ignoreHTTPSErrors: true });
    await assertStatus(page, response, 200, 'the login over TLS');
    const cookie = (await context.cookies(`${server.base}/ui/`)).find(c => c.name === 'memdir_ui');
    assert.ok(cookie, 'no memdir_ui cookie over TLS');
    assert.equal(cookie.secure, true, 'the cookie is not Secure under TLS');
    assert.ok(cookie.httpOnly && cookie.sameSite === 'Strict', 'the cookie over TLS is not HttpOnly, SameSite=Strict');
    await context.close();
  } finally {
    await stop(server);
  }
}

async function login(ctx) {
  const { run, server, tokens } = ctx;
  const stranger = await run.browser.newContext({ baseURL: server.base });
  try {
    const page = await newPage(stranger);
    await open(page, '/ui/login');
    await page.fill('#login-form input[name=token]', 'not-a-token');
    await assertStatus(page, await submit(page, '#login-form'), 401, 'a login with a bad token');
    await page.locator('#error').waitFor();
  } finally {
    await stranger.close();
  }
  ctx.alice = await teamSession(run, server, tokens.alice);
  const { page, response } = ctx.alice;
  await assertStatus(page, response, 200, 'alice\'s login');
  assert.equal(new URL(page.url()).pathname, '/ui/', `the login led to ${page.url()}`);
  assert.equal(await page.getAttribute('body', 'data-principal'), 'alice');
  const cookie = (await ctx.alice.context.cookies()).find(c => c.name === 'memdir_ui');
  assert.ok(cookie?.httpOnly && cookie.sameSite === 'Strict' && cookie.expires > 0, 'the cookie is not as promised');
  await open(page, '/ui/new?dir=/memories');
  await page.fill('#create-form input[name=path]', ALICE_FILE);
  await page.fill('#create-form textarea[name=content]', ALICE_TEXT);
  await assertStatus(page, await submit(page, '#create-form'), 200, 'alice\'s create');
  await open(page, '/ui/');
  assert.ok((await treePaths(page)).includes(ALICE_FILE), 'alice does not see the file she wrote');
}

async function isolation(ctx) {
  const { run, server, tokens } = ctx;
  assert.ok(ctx.alice, 'alice is not logged in');
  const bob = await teamSession(run, server, tokens.bob);
  try {
    const { page } = bob;
    assert.equal(await page.getAttribute('body', 'data-principal'), 'bob');
    assert.ok(!(await treePaths(page)).includes(ALICE_FILE), 'bob\'s tree lists alice\'s file');
    for (const url of [`/ui/file?${query({ path: ALICE_FILE })}`, `/ui/history?${query({ path: ALICE_FILE })}`]) {
      await open(page, url, 404);
      assert.ok(!(await page.content()).includes('Alice keeps'), `${url} shows bob alice's text`);
      await page.locator('#error').waitFor();
    }
    const search = await page.goto(`/ui/search?${query({ q: 'Alice keeps this' })}`, { timeout: 90_000 });
    assert.equal(search.status(), 200);
    assert.equal(await page.locator('ol#results li[data-path]').count(), 0, 'bob\'s search finds alice\'s file');
  } finally {
    await bob.context.close();
  }
}

// A read-only token on alice's namespace: it sees her file, no form, and its POSTs are refused.
async function readOnly(ctx) {
  const { run, server, tokens } = ctx;
  assert.ok(ctx.alice, 'alice is not logged in, so her file is not there to read');
  const reader = await teamSession(run, server, tokens.reader);
  try {
    const { page, context } = reader;
    const fileUrl = `/ui/file?${query({ path: ALICE_FILE })}`;
    await open(page, fileUrl);
    assert.match(await page.locator('article#rendered').textContent(), /Alice keeps/);
    assert.equal(await page.locator('main form').count(), 0, 'a read-only principal is shown forms');
    assert.equal(await page.locator('a#edit-link').count(), 0, 'a read-only principal is shown the edit link');
    await open(page, `/ui/history?${query({ path: ALICE_FILE })}`);
    assert.equal(await page.locator('main form').count(), 0, 'a read-only principal is shown history forms');
    const editPage = await page.goto(`/ui/edit?${query({ path: ALICE_FILE })}`);
    assert.equal(await page.locator('#edit-form').count(), 0, `/ui/edit offers a read-only principal its form ` +
      `(${editPage.status()})`);
    const csrf = await page.locator('#logout-form [name=csrf]').count()
      ? await field(page, '#logout-form', 'csrf') : 'none';
    for (const [url, form] of [['/ui/edit', { path: ALICE_FILE, base: '', content: 'overwritten\n', csrf }],
      ['/ui/delete', { path: ALICE_FILE, csrf }], ['/ui/create', { path: '/memories/r.md', content: 'x', csrf }]]) {
      const answer = await post(context.request, url, form);
      assert.equal(answer.status(), 403, `a read-only POST ${url} answered ${answer.status()}`);
    }
    await open(ctx.alice.page, fileUrl);
    assert.equal((await ctx.alice.page.locator('article#rendered').textContent()).trim(), ALICE_TEXT.trim());
  } finally {
    await reader.context.close();
  }
}

// After the logout the old cookie, sent again, opens nothing: the session ended on the server too.
async function logout({ run, server, alice }) {
  assert.ok(alice, 'alice is not logged in');
  await open(alice.page, '/ui/');
  const cookies = await alice.context.cookies();
  await submit(alice.page, '#logout-form');
  await alice.context.close();
  const replay = await run.browser.newContext({ baseURL: server.base });
  try {
    await replay.addCookies(cookies);
    const after = await replay.request.get('/ui/', { maxRedirects: 0 });
    assert.equal(after.status(), 303, `after the logout /ui/ with the old cookie answered ${after.status()}`);
    assert.match(after.headers().location ?? '', /\/ui\/login$/);
  } finally {
    await replay.close();
  }
}
