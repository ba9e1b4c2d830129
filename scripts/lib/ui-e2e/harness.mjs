// What the ui-e2e groups share: the jar's processes (`memdir ui`, `memdir serve --http`, tokens), the agent (an MCP
// client over stdio), the browser, the named checks and the figures table.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export { sleep };

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const START_MS = 60_000;

export class Run {
  constructor({ toolsDir, work, jar, shots }) {
    Object.assign(this, { work, jar, shots });
    // The tools are installed under target/, not beside this file, so they are loaded from there.
    this.require = createRequire(resolve(toolsDir, 'package.json'));
    this.processes = [];
    this.passed = 0;
    this.failed = [];
    this.figures = [];
    mkdirSync(shots, { recursive: true });
    process.on('exit', () => this.processes.forEach(p => p.child.exitCode === null && p.child.kill('SIGKILL')));
    // Stopped from outside, the run still ends the servers it started (the exit handler above) before it goes.
    process.on('SIGINT', () => process.exit(130));
    process.on('SIGTERM', () => process.exit(143));
  }

  // check(NAME, FN): one named check; a failure is reported with the servers' last stderr lines, and the run goes
  // on, so that one report shows every check that fails.
  async check(name, fn) {
    try {
      await fn();
      this.passed++;
      console.error(`ui-e2e: ok ${name}`);
    } catch (error) {
      this.failed.push(name);
      console.error(`ui-e2e: FAILED ${name}: ${error.message}`);
      console.error(error.stack.split('\n').filter(l => l.includes('/ui-e2e')).slice(0, 4).join('\n'));
      for (const p of this.processes.filter(p => p.child.exitCode === null)) {
        console.error(`ui-e2e: the last stderr lines of ${p.label}:\n${tail(p.stderr, 15)}`);
      }
    }
  }

  async launchBrowser() {
    const { chromium } = this.require('playwright-core');
    this.browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  }

  async close() {
    await this.browser?.close();
    await Promise.all(this.processes.map(stop));
  }
}

function tail(text, lines) {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

// startJar(RUN, LABEL, ARGS, PATTERN): runs the jar with ARGS and waits for the stderr line PATTERN matches (its
// first group is the URL).
async function startJar(run, label, args, pattern) {
  const child = spawn('java', ['-jar', run.jar, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  const proc = { label, child, stderr: '' };
  proc.exited = new Promise(done => child.on('exit', (code, signal) => done({ code, signal })));
  child.stderr.on('data', chunk => { proc.stderr += chunk; });
  run.processes.push(proc);
  for (const deadline = Date.now() + START_MS; Date.now() < deadline && child.exitCode === null;) {
    const match = proc.stderr.match(pattern);
    if (match) {
      proc.url = match[1];
      proc.base = new URL(match[1]).origin;
      return proc;
    }
    await sleep(100);
  }
  throw new Error(`${label} printed no URL (exit ${child.exitCode}):\n${tail(proc.stderr, 30)}`);
}

// SIGTERM, then the exit: { code, signal }.
export async function stop(proc) {
  if (proc.child.exitCode === null && proc.child.signalCode === null) {
    proc.child.kill('SIGTERM');
  }
  return proc.exited;
}

export function startUi(run, root, extra = []) {
  return startJar(run, 'memdir ui', ['ui', '--root', root, '--port', '0', ...extra],
    /^memdir: web page at (http:\/\/\S+)$/m);
}

export function startTeam(run, root, extra = []) {
  return startJar(run, 'memdir serve --http', ['serve', '--http', '127.0.0.1:0', '--root', root, ...extra],
    /^memdir: serving (https?:\/\/\S+)\/mcp$/m);
}

// token(RUN, ROOT, ARGS...): `memdir token create ARGS --root ROOT`, which prints the token alone on stdout.
export function token(run, root, ...args) {
  const made = spawnSync('java', ['-jar', run.jar, 'token', 'create', ...args, '--root', root], { encoding: 'utf8' });
  assert.equal(made.status, 0, `token create ${args.join(' ')} failed: ${made.stderr}`);
  return made.stdout.trim();
}

// An agent: the TypeScript SDK's v1 client over stdio to `java -jar memdir.jar --root ROOT`. call() fails on an
// error result; tryCall() returns { ok, text }.
export async function startAgent(run, root, extra = []) {
  const { Client } = run.require('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = run.require('@modelcontextprotocol/sdk/client/stdio.js');
  const transport = new StdioClientTransport({
    command: 'java', args: ['-jar', run.jar, '--root', root, ...extra], env: { ...process.env }, stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr.on('data', chunk => { stderr += chunk; });
  const client = new Client({ name: 'ui-e2e-agent', version: '1.0.0' });
  await client.connect(transport);
  const tryCall = async (name, args) => {
    const result = await client.callTool({ name, arguments: args });
    return { ok: !result.isError, text: result.content.map(c => c.text).join('') };
  };
  return {
    tryCall,
    async call(name, args) {
      const { ok, text } = await tryCall(name, args);
      assert.ok(ok, `the agent's ${name} ${JSON.stringify(args).slice(0, 120)} failed: ${text}\n${tail(stderr, 10)}`);
      return text;
    },
    close: () => client.close(),
  };
}

// newPage(CONTEXT): a page that records every request it makes and every dialog it opens (no page of the UI opens
// one; a confirm is accepted, anything else dismissed, so that a run goes on to report it).
export async function newPage(context) {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.requested = [];
  page.dialogs = [];
  page.on('request', request => page.requested.push(request.url()));
  page.on('dialog', dialog => {
    page.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    (dialog.type() === 'confirm' ? dialog.accept() : dialog.dismiss()).catch(() => {});
  });
  return page;
}

// The session a one-time secret URL gives: a context with the cookie, and its page on /ui/.
export async function localSession(run, ui) {
  const context = await run.browser.newContext({ baseURL: ui.base });
  const page = await newPage(context);
  const response = await page.goto(ui.url);
  return { context, page, response };
}

// A team server's session: the login form, with TOKEN.
export async function teamSession(run, server, secret, options = {}) {
  const context = await run.browser.newContext({ baseURL: server.base, ...options });
  const page = await newPage(context);
  await open(page, '/ui/login');
  await page.fill('#login-form input[name=token]', secret);
  const response = await submit(page, '#login-form');
  return { context, page, response };
}

export async function open(page, url, status = 200) {
  const response = await page.goto(url);
  await assertStatus(page, response, status, `GET ${url}`);
  return response;
}

// assertStatus(PAGE, RESPONSE, STATUS, WHAT): a wrong status fails with the page's #error text, which says why.
export async function assertStatus(page, response, status, what) {
  if (response.status() !== status) {
    const error = await page.locator('#error').first().textContent({ timeout: 1000 }).catch(() => '');
    assert.fail(`${what} answered ${response.status()}, not ${status}${error ? `: "${error.trim()}"` : ''}`);
  }
}

// submit(PAGE, FORM): clicks FORM's submit button and waits for the page it leads to (after any redirect).
export async function submit(page, form) {
  const button = page.locator(`${form} [type=submit], ${form} button:not([type])`).first();
  const [response] = await Promise.all([page.waitForNavigation(), button.click()]);
  return response;
}

export function field(page, form, name) {
  return page.locator(`${form} [name=${name}]`).first().inputValue();
}

// post(REQUEST, URL, FORM, HEADERS): a form POST that follows no redirect; a 429 is waited out and sent again.
export async function post(request, url, form, headers = {}) {
  for (let tries = 1; ; tries++) {
    const response = await request.post(url, { form, headers, maxRedirects: 0 });
    if (response.status() !== 429 || tries === 30) {
      return response;
    }
    await sleep(1000 * Number(response.headers()['retry-after'] ?? 1));
  }
}

export function treePaths(page) {
  return page.$$eval('table#tree tr[data-path]', rows => rows.map(row => row.dataset.path));
}

// The virtual path /memories/P is the file P below the root.
export function onDisk(root, path) {
  return join(root, path.replace(/^\/memories\/?/, ''));
}

export function writeFiles(root, files) {
  for (const [path, text] of Object.entries(files)) {
    const file = onDisk(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

export function readDisk(root, path) {
  return readFileSync(onDisk(root, path), 'utf8');
}

export async function screenshot(run, page, name) {
  await page.screenshot({ path: join(run.shots, `${name}.png`), fullPage: true });
}

export function query(params) {
  return new URLSearchParams(params).toString();
}
