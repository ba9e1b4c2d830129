// What every check of scripts/claude-code-e2e runs in: a directory of its own under the run's work directory (a HOME,
// a project, a memory), a stand-in for the model, and the jar and the pinned claude CLI.
import fs from 'node:fs';
import path from 'node:path';
import {ModelStandIn} from './standin.mjs';
import {ClaudeSession, memdirConfig} from './session.mjs';

export class Check {
  constructor(run, name) {
    this.jar = run.jar;
    this.claude = run.claude;
    this.dir = fs.mkdtempSync(path.join(run.work, `${name}-`));
    this.home = this.#dir('home');
    this.project = this.#dir('project');
    this.memory = path.join(this.dir, 'memory');
    this.model = new ModelStandIn();
    this.sessions = [];
  }

  async start() {
    this.baseUrl = await this.model.start();
  }

  /** `memdir config claude-code ARGS`; fails the check unless it exits 0. */
  config(...args) {
    const run = memdirConfig(this, ...args);
    if (run.status !== 0) {
      throw new Error(`memdir config claude-code ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
    }
    return run;
  }

  /** memdir installed in Claude Code, serving this check's memory. */
  install(...extra) {
    return this.config('--install', ...extra, '--', '--root', this.memory);
  }

  session(args = []) {
    const session = new ClaudeSession({claude: this.claude, home: this.home, cwd: this.project, baseUrl: this.baseUrl,
      args});
    this.sessions.push(session);
    return session;
  }

  settingsFile() {
    return path.join(this.home, '.claude', 'settings.json');
  }

  async close() {
    await Promise.all(this.sessions.map((session) => session.close().catch(() => {})));
    this.model.close();
  }

  #dir(name) {
    const dir = path.join(this.dir, name);
    fs.mkdirSync(dir, {recursive: true});
    return dir;
  }
}
