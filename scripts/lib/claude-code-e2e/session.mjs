// One Claude Code session in print mode with stream-json input: prompts go in one at a time, each answered when
// Claude Code reports the turn's result, all in one process (so its MCP servers and hooks live as long as the session).
import {spawn, execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const TURN = 120_000;

/** What every Claude Code process of a test runs with: the temporary HOME, the stand-in, no other traffic. */
export function claudeEnv(home, baseUrl, claude) {
  return {
    HOME: home,
    PATH: `${path.dirname(claude)}:${process.env.PATH}`,
    ANTHROPIC_BASE_URL: baseUrl,
    ANTHROPIC_API_KEY: 'sk-stand-in',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    // In print mode Claude Code connects its MCP servers in the background, and a hook whose server has not
    // connected yet is skipped: on a loaded CI machine memdir's JVM can still be starting when the first prompt's
    // hook runs. The checks are about what memdir brings, not how fast a starved JVM starts, so Claude Code waits
    // for its servers (up to a minute) before the first prompt.
    MCP_CONNECTION_NONBLOCKING: '0',
    MCP_CONNECT_TIMEOUT_MS: '60000',
    TMPDIR: process.env.TMPDIR ?? '/tmp',
  };
}

export class ClaudeSession {
  constructor({claude, home, cwd, baseUrl, args = []}) {
    this.output = [];
    this.stderr = '';
    this.waiting = null;
    this.process = spawn(claude, ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json',
      '--verbose', ...args], {cwd, env: claudeEnv(home, baseUrl, claude), stdio: ['pipe', 'pipe', 'pipe']});
    let partial = '';
    this.process.stdout.on('data', (chunk) => {
      partial += chunk;
      let newline;
      while ((newline = partial.indexOf('\n')) >= 0) {
        const line = partial.slice(0, newline);
        partial = partial.slice(newline + 1);
        if (line.trim()) this.#message(JSON.parse(line));
      }
    });
    this.process.stderr.on('data', (chunk) => (this.stderr += chunk));
    this.exited = new Promise((resolve) => this.process.on('exit', resolve));
  }

  /** Sends a prompt and waits for Claude Code to finish its turn. */
  prompt(text) {
    const done = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to "${text}" in ${TURN} ms; stderr: ${this.stderr}`)),
        TURN);
      this.waiting = (message) => {
        clearTimeout(timer);
        resolve(message);
      };
    });
    this.process.stdin.write(JSON.stringify({type: 'user', message: {role: 'user', content: text}}) + '\n');
    return done;
  }

  async close() {
    this.process.stdin.end();
    const timer = setTimeout(() => this.process.kill('SIGKILL'), 30_000);
    await this.exited;
    clearTimeout(timer);
  }

  get sessionId() {
    return this.output.find((message) => message.session_id)?.session_id;
  }

  #message(message) {
    this.output.push(message);
    if (message.type === 'result' && this.waiting) {
      const waiting = this.waiting;
      this.waiting = null;
      waiting(message);
    }
  }
}

/** Runs `memdir config claude-code ARGS` in HOME, the claude CLI on the PATH; returns its output and exit code. */
export function memdirConfig({jar, claude, home, baseUrl}, ...args) {
  try {
    const stdout = execFileSync('java', ['-jar', jar, 'config', 'claude-code', ...args],
      {env: claudeEnv(home, baseUrl, claude), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']});
    return {status: 0, stdout};
  } catch (failed) {
    return {status: failed.status, stdout: failed.stdout, stderr: failed.stderr};
  }
}

/** Writes memory files: {relative path: text}. */
export function writeMemories(root, files) {
  for (const [relative, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, relative)), {recursive: true});
    fs.writeFileSync(path.join(root, relative), text);
  }
}

/** Starts `memdir serve --http 127.0.0.1:0 ARGS` and waits for the URL it prints; stop() ends it. */
export function serveHttp({jar}, args) {
  const server = spawn('java', ['-jar', jar, 'serve', '--http', '127.0.0.1:0', ...args],
    {stdio: ['ignore', 'ignore', 'pipe']});
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`memdir serve --http printed no URL: ${stderr}`)), 60_000);
    server.stderr.on('data', (chunk) => {
      stderr += chunk;
      const served = stderr.match(/^memdir: serving (https?:\S+)$/m);
      if (served) {
        clearTimeout(timer);
        resolve({url: served[1], stop: () => {
          server.kill('SIGTERM');
          return new Promise((done) => server.on('exit', done));
        }});
      }
    });
    server.on('exit', (code) => reject(new Error(`memdir serve --http exited ${code}: ${stderr}`)));
  });
}
