// Each check: memdir installed in a fresh HOME, Claude Code run against the stand-in, and assertions on what Claude
// Code sent the model. The memories are written to the memory's directory as an earlier session would have left them.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {execFileSync} from 'node:child_process';
import {added, messagesOf, shown} from './standin.mjs';
import {claudeEnv, serveHttp, writeMemories} from './session.mjs';
import {WAYS, assertChosen, printWays, tryWay} from './ways.mjs';

const PROMPT_HEADER = 'Memories from earlier sessions that bear on this prompt';
const DENTIST = {
  'MEMORY.md': '- [Home](home/flat.md): the flat and its landlord\n',
  'people/dentist.md': '---\nname: dentist\ndescription: Dr. Lin, the dentist, and the next appointment\n---\n'
    + 'Next appointment with Dr. Lin: 14 January 2027 at 9:30, at the clinic on Wuding Road.\n',
  'home/flat.md': '---\nname: flat\ndescription: the flat we rent and its landlord\n---\nThe landlord is Mr. Zhou;'
    + ' the rent is due on the first of the month.\n',
  'hobbies/guitar.md': '---\nname: guitar\ndescription: guitar lessons\n---\nLessons on Saturday mornings with'
    + ' Ana; working on fingerpicking.\n',
};
const MEMDIR_TOOLS = ['mcp__memdir__create', 'mcp__memdir__str_replace', 'mcp__memdir__insert'];

function count(text, part) {
  return text.split(part).length - 1;
}

function lastAgentRequest(check) {
  const requests = check.model.agentRequests();
  assert.ok(requests.length > 0, 'Claude Code sent the model no request');
  return requests[requests.length - 1];
}

async function eventually(condition, within = 30_000) {
  const until = Date.now() + within;
  while (!condition()) {
    assert.ok(Date.now() < until, `not so within ${within} ms: ${condition}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The session's transcript as Claude Code has written it so far. */
function transcript(check, session) {
  const projects = path.join(check.home, '.claude', 'projects');
  for (const project of fs.existsSync(projects) ? fs.readdirSync(projects) : []) {
    const file = path.join(projects, project, `${session.sessionId}.jsonl`);
    if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  }
  return '';
}

export const checks = {
  /** One session writes a memory through memdir; the next one starts with its index line. */
  async twoSessions(check) {
    check.install();
    check.model.script({tool: 'mcp__memdir__create', input: {path: '/memories/MEMORY.md',
      file_text: '- [Coffee](coffee.md): Sam drinks espresso, no sugar\n'}}, {text: 'Noted.'});
    const first = check.session(['--allowedTools', MEMDIR_TOOLS.join(',')]);
    await first.prompt('Remember that I drink espresso without sugar.');
    await first.close();
    assert.match(messagesOf(lastAgentRequest(check)), /File created successfully at: \/memories\/MEMORY\.md/);

    const second = check.session();
    await second.prompt('Hello again.');
    const start = shown(check.model.agentRequests().at(-1));
    assert.match(start, /# MCP Server Instructions[\s\S]*## memdir[\s\S]*- \[Coffee\]\(coffee\.md\): Sam drinks espresso/);
  },

  /** A prompt brings the memory that bears on it, once a session; an unrelated prompt brings nothing. */
  async perPrompt(check) {
    writeMemories(check.memory, DENTIST);
    check.install();
    const session = check.session();
    await session.prompt('When is my dentist appointment?');
    const relevant = added(lastAgentRequest(check), PROMPT_HEADER);
    assert.equal(relevant.length, 1, 'the dentist prompt brought memdir\'s memories');
    assert.match(relevant[0], /## \/memories\/people\/dentist\.md: Dr\. Lin, the dentist, and the next appointment\n/);
    assert.match(relevant[0], /14 January 2027 at 9:30/);
    assert.doesNotMatch(relevant[0], /guitar|landlord/, 'only the memory that bears on the prompt came');

    await session.prompt('Write a haiku about the first snow.');
    assert.equal(added(lastAgentRequest(check), PROMPT_HEADER).length, 1, 'the haiku brought nothing');

    await session.prompt('Remind me when the dentist appointment is.');
    const again = messagesOf(lastAgentRequest(check));
    assert.equal(count(again, '## /memories/people/dentist.md'), 1, 'a memory comes once a session');
  },

  /** Reading a file brings the memories whose paths: match it, once, and never before. */
  async perFile(check) {
    writeMemories(check.memory, {
      'db/migrations.md': '---\nname: migrations\ndescription: how migrations are written here\npaths:\n'
        + '  - "migrations/**"\n---\nNever edit a migration that reached main: write a new one.\n',
      'hobbies/guitar.md': DENTIST['hobbies/guitar.md'],
    });
    for (const file of ['README.md', 'migrations/001_init.sql', 'migrations/002_orders.sql']) {
      fs.mkdirSync(path.dirname(path.join(check.project, file)), {recursive: true});
      fs.writeFileSync(path.join(check.project, file), `-- ${file}\n`);
    }
    // Without the prompt hook, so that only the file hook can bring the migrations memory.
    check.install('--without', 'prompt');
    const session = check.session();
    const read = (file) => ({tool: 'Read', input: {file_path: path.join(check.project, file)}});
    check.model.script(read('README.md'), {text: 'Read it.'});
    await session.prompt('Go on.');
    assert.doesNotMatch(messagesOf(lastAgentRequest(check)), /Never edit a migration/,
      'reading another file brought nothing');

    check.model.script(read('migrations/001_init.sql'), {text: 'Read it.'});
    await session.prompt('Next.');
    const scoped = messagesOf(lastAgentRequest(check));
    assert.match(scoped, /Memories scoped to migrations\/001_init\.sql[\s\S]*## \/memories\/db\/migrations\.md: how/);
    assert.match(scoped, /Never edit a migration that reached main/);

    check.model.script(read('migrations/002_orders.sql'), {text: 'Read it.'});
    await session.prompt('And the next one.');
    assert.equal(count(messagesOf(lastAgentRequest(check)), 'Never edit a migration'), 1, 'once a session');
  },

  /** Around a summary: memdir's ask reaches the summary's instructions, and what was given comes back after it. */
  async compaction(check) {
    writeMemories(check.memory, DENTIST);
    check.install();
    const session = check.session();
    await session.prompt('When is my dentist appointment?');
    await session.prompt('Thanks.');
    await session.prompt('/compact');
    const summary = check.model.summaryRequests().map(shown).find((text) => text.includes('Additional Instructions'));
    assert.ok(summary, 'Claude Code asked the model for a summary with additional instructions');
    assert.match(summary, /memdir, the memory server: keep in the summary the task's progress/);
    assert.match(summary, /\/memories\/people\/dentist\.md/);

    await session.prompt('What were we doing?');
    const after = messagesOf(lastAgentRequest(check));
    assert.match(after, /The conversation was just summarized\. Before you go on, record in \/memories/);
    assert.match(after, /The memories this session had been given:\n\n## \/memories\/people\/dentist\.md/);
  },

  /** As the context grows past the reminder's tokens, the next prompt asks the model to record its progress, once. */
  async progressReminder(check) {
    check.install();
    const session = check.session();
    check.model.script({text: 'A long answer.', usage: {input_tokens: 150_000}});
    await session.prompt('Start the migration plan.');
    // Claude Code writes its transcript a moment after the turn, as a person types the next prompt.
    await eventually(() => transcript(check, session).includes('"input_tokens":150000'));
    await session.prompt('Go on.');
    const reminded = messagesOf(lastAgentRequest(check));
    assert.match(reminded, /This session's context holds about 150,\d{3} tokens and will be summarized before long:/);
    await session.prompt('And on.');
    assert.equal(count(messagesOf(lastAgentRequest(check)), 'will be summarized before long'), 1, 'reminded once');
  },

  /** The model is told of one memory: memdir's, not Claude Code's auto memory; the hooks' tool is not shown to it. */
  async oneMemory(check) {
    check.install();
    const session = check.session();
    await session.prompt('Hello.');
    const request = lastAgentRequest(check);
    const system = shown({system: request.system});
    assert.doesNotMatch(system, /You have a persistent file-based memory at/, 'Claude Code\'s auto memory is off');
    assert.match(shown(request), /## memdir\nIMPORTANT: ALWAYS VIEW YOUR MEMORY DIRECTORY BEFORE DOING ANYTHING ELSE/);
    const tools = request.tools.map((tool) => tool.name);
    assert.ok(tools.includes('mcp__memdir__view'), 'memdir\'s tools are there');
    assert.ok(!tools.includes('mcp__memdir__context'), 'the hooks\' tool is not shown to the model');
  },

  /** Install and uninstall around a user's own settings and hooks: both hooks run, and uninstall gives the file back. */
  async installUninstall(check) {
    writeMemories(check.memory, DENTIST);
    const marker = path.join(check.dir, 'own-hook-ran');
    fs.mkdirSync(path.dirname(check.settingsFile()), {recursive: true});
    fs.writeFileSync(check.settingsFile(), JSON.stringify({
      permissions: {allow: ['Bash(git status)'], deny: ['Bash(rm -rf *)']},
      hooks: {UserPromptSubmit: [{hooks: [{type: 'command', command: `touch ${marker}`}]}]},
      env: {EDITOR: 'vim'},
    }, null, 4) + '\n');
    execFileSync(check.claude, ['mcp', 'list'], {env: claudeEnv(check.home, check.baseUrl, check.claude)});
    const before = fs.readFileSync(check.settingsFile());

    check.install();
    check.install();
    const session = check.session();
    await session.prompt('When is my dentist appointment?');
    await session.close();
    assert.ok(fs.existsSync(marker), 'the user\'s own hook ran');
    assert.match(messagesOf(lastAgentRequest(check)), /14 January 2027/, 'memdir\'s hook ran beside it');

    check.config('--uninstall');
    assert.deepEqual(fs.readFileSync(check.settingsFile()), before, 'uninstall gave the settings back byte for byte');
    const list = execFileSync(check.claude, ['mcp', 'list'], {env: claudeEnv(check.home, check.baseUrl, check.claude),
      encoding: 'utf8'});
    assert.doesNotMatch(list, /^memdir:/m, 'the registration is gone');
  },

  /**
   * The four ways Claude Code's own memory and memdir can stand (docs/claude-code.md#one-memory): a table of what the
   * model is told and what a write leaves, each way in the real CLI; the one --install chooses is held to its promise.
   */
  async memoryWays(check, run) {
    const rows = [];
    for (const [name, way] of Object.entries(WAYS)) {
      rows.push(await tryWay(run, name, way));
    }
    printWays(rows);
    assertChosen(rows.at(-1));
  },

  /** What memdir costs in the real requests, per session and per prompt (docs/claude-code.md#what-it-costs). */
  async cost(check) {
    writeMemories(check.memory, DENTIST);
    check.config('--install', '--without', 'prompt,file,compaction,auto-memory', '--', '--root', check.memory,
      '--context-tool');
    const bare = check.session();
    await bare.prompt('Hello.');
    const plain = lastAgentRequest(check);
    await bare.close();
    check.install();
    const session = check.session();
    await session.prompt('Hello.');
    const start = lastAgentRequest(check);
    await session.prompt('When is my dentist appointment?');
    const prompted = lastAgentRequest(check);
    const bytes = (text) => Buffer.byteLength(text);
    const ours = (request) => request.tools.filter((tool) => tool.name.startsWith('mcp__memdir__'));
    const hookTool = ours(plain).find((tool) => tool.name === 'mcp__memdir__context');
    assert.ok(hookTool, 'without the deny rule the model is shown the hooks\' tool');
    assert.ok(!ours(start).some((tool) => tool.name === 'mcp__memdir__context'), 'with it, not');
    const instructions = shown(start).match(/## memdir\n[\s\S]*?(?=\n\n(?:The following skills|# |$))/)[0];
    const hookText = added(prompted, 'UserPromptSubmit hook additional context: ')[0] ?? '';
    const autoMemory = shown({system: plain.system}).match(/# Memory\n\nYou have a persistent[\s\S]*?(?=\n# )/);
    const rows = [
      ['memdir\'s six tool definitions, every request', bytes(JSON.stringify(ours(start)))],
      ['the hooks\' tool, were the deny rule not there, every request', bytes(JSON.stringify(hookTool))],
      ['memdir\'s instructions with a one-line index, in every request\'s prefix', bytes(instructions)],
      ['Claude Code\'s own memory section (autoMemoryEnabled: false takes it out), in every request\'s prefix',
        bytes(autoMemory?.[0] ?? '')],
      ['a prompt that brings one small memory, with Claude Code\'s wrapper', bytes(hookText)],
    ];
    console.log('| what | bytes (about 4 a token) |');
    console.log('|---|---|');
    rows.forEach(([what, size]) => console.log(`| ${what} | ${size.toLocaleString('en')} |`));
    assert.ok(bytes(hookText) <= 2048 + 100, 'a hook adds at most its budget');
  },

  /** A team server over HTTP: the same hooks reach its context tool, with the principal's token. */
  async overHttp(check) {
    const team = path.join(check.dir, 'team');
    const token = execFileSync('java', ['-jar', check.jar, 'token', 'create', '--user', 'sam', '--root', team],
      {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}).trim();
    const server = await serveHttp(check, ['--root', team, '--context-tool']);
    try {
      check.config('--http', server.url, '--token', token, '--install');
      check.model.script({tool: 'mcp__memdir__create', input: {path: '/memories/people/dentist.md',
        file_text: DENTIST['people/dentist.md']}}, {text: 'Saved.'});
      const session = check.session(['--allowedTools', MEMDIR_TOOLS.join(',')]);
      await session.prompt('Note my dentist appointment: 14 January 2027 at 9:30 with Dr. Lin.');
      await session.prompt('Write a haiku about the first snow.');
      await session.prompt('When is my dentist appointment?');
      const relevant = added(lastAgentRequest(check), PROMPT_HEADER);
      assert.equal(relevant.length, 1, 'the team server\'s context tool answered the hook');
      assert.match(relevant[0], /## \/memories\/people\/dentist\.md: Dr\. Lin, the dentist/);
    } finally {
      await server.stop();
    }
  },
};
