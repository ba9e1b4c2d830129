// The four ways Claude Code's auto memory and memdir can stand to each other, each tried in the real CLI: what the
// model is told (Claude Code's "# Memory" section, memdir's instructions, how many copies of the index), and what a
// write through the path the model is told of leaves (memdir's history, its index budget notice).
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {Check} from './harness.mjs';
import {shown} from './standin.mjs';
import {writeMemories} from './session.mjs';

const INDEX_LINE = '- [Flat](home/flat.md): the flat we rent and its landlord';
const LONG_INDEX = Array.from({length: 230}, (_, i) => `- [Topic ${i}](topic-${i}.md): notes on topic ${i}`)
  .join('\n') + '\n';
const AUTO_MEMORY = /# Memory\n\nYou have a persistent file-based memory at `([^`]+)`[\s\S]*?(?=\n# )/;

export const WAYS = {
  'both on (default Claude Code beside memdir)': {without: ['auto-memory'], server: []},
  'autoMemoryDirectory = memdir\'s folder': {without: ['auto-memory'], server: [], pointAt: true},
  'memdir serves Claude Code\'s folder (--claude-code-memory)': {without: ['auto-memory'],
    server: ['--claude-code-memory']},
  'autoMemoryEnabled: false (memdir\'s --install)': {without: [], server: []},
};

/** Tries one way in a check of its own; returns its row of the table. */
export async function tryWay(run, name, way) {
  const check = new Check(run, 'ways');
  await check.start();
  try {
    const claudeFolder = path.join(check.home, '.claude', 'projects', check.project.replace(/[^A-Za-z0-9]/g, '-'),
      'memory');
    const memdirRoot = way.server.includes('--claude-code-memory') ? claudeFolder : check.memory;
    writeMemories(memdirRoot, {'MEMORY.md': INDEX_LINE + '\n'});
    const serverArgs = way.server.length > 0 ? way.server : ['--root', check.memory];
    check.config('--install', ...way.without.flatMap((part) => ['--without', part]), '--', ...serverArgs);
    if (way.pointAt) {
      const settings = JSON.parse(fs.readFileSync(check.settingsFile(), 'utf8'));
      settings.autoMemoryDirectory = check.memory;
      fs.writeFileSync(check.settingsFile(), JSON.stringify(settings, null, 2) + '\n');
    }
    const session = check.session(['--permission-mode', 'acceptEdits', '--allowedTools',
      'mcp__memdir__create,mcp__memdir__str_replace,Write,Edit,Read', '--add-dir', memdirRoot, '--add-dir',
      claudeFolder]);
    await session.prompt('Hello.');
    const first = check.model.agentRequests().at(-1);
    const autoMemory = shown({system: first.system}).match(AUTO_MEMORY);
    const told = autoMemory ? path.resolve(autoMemory[1]) : null;
    const steps = told
      ? [{tool: 'Read', input: {file_path: path.join(told, 'MEMORY.md')}},
        {tool: 'Write', input: {file_path: path.join(told, 'MEMORY.md'), content: LONG_INDEX}},
        {tool: 'Edit', input: {file_path: path.join(told, 'MEMORY.md'), old_string: 'topic 0\n',
          new_string: 'topic zero\n'}}]
      : [{tool: 'mcp__memdir__create', input: {path: '/memories/topics.md', file_text: 'topics\n'}},
        {tool: 'mcp__memdir__str_replace', input: {path: '/memories/MEMORY.md', old_str: INDEX_LINE + '\n',
          new_str: LONG_INDEX}},
        {tool: 'mcp__memdir__str_replace', input: {path: '/memories/MEMORY.md', old_str: 'topic 0\n',
          new_str: 'topic zero\n'}}];
    check.model.script(...steps, {text: 'Recorded.'});
    await session.prompt('Record the topics in your memory index.');
    const results = shown({messages: check.model.agentRequests().at(-1).messages});
    const written = path.join(told ?? memdirRoot, 'MEMORY.md');
    const lines = fs.existsSync(written) ? fs.readFileSync(written, 'utf8').split('\n').length - 1 : 0;
    const history = execFileSync('java', ['-jar', run.jar, 'history', '/memories/MEMORY.md', '--root', memdirRoot],
      {encoding: 'utf8', env: {...process.env, HOME: check.home}});
    return {
      name,
      told: autoMemory ? `${Buffer.byteLength(autoMemory[0])} bytes, folder ${told === memdirRoot ? 'memdir\'s' : told
        === claudeFolder ? 'Claude Code\'s' : told}` : 'none',
      lines,
      memdir: /## memdir\nIMPORTANT: ALWAYS VIEW YOUR MEMORY DIRECTORY/.test(shown(first)) ? 'yes' : 'no',
      indexCopies: shown(first).split(INDEX_LINE).length - 1,
      budgetNotice: /Over budget: the write succeeded, but \/memories\/MEMORY\.md is now/.test(results) ? 'yes' : 'no',
      versions: (history.match(/^ *\d+ /gm) ?? []).length,
    };
  } finally {
    await check.close();
  }
}

export function printWays(rows) {
  console.log('| way | Claude Code\'s "# Memory" section | memdir\'s instructions | copies of the index |'
    + ' lines of MEMORY.md after the writes | over its budget: notice to the model | versions memdir kept |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(`| ${row.name} | ${row.told} | ${row.memdir} | ${row.indexCopies} | ${row.lines} |`
      + ` ${row.budgetNotice} | ${row.versions} |`);
  }
}

/** The chosen way: one memory, one set of instructions, every write through memdir. */
export function assertChosen(row) {
  assert.equal(row.told, 'none', 'Claude Code\'s auto memory section is gone');
  assert.equal(row.memdir, 'yes');
  assert.equal(row.indexCopies, 1, 'the index reaches the model once');
  assert.equal(row.budgetNotice, 'yes', 'an index over its budget is reported to the model');
  assert.equal(row.lines, 230, 'the writes went through');
  assert.ok(row.versions >= 1, 'memdir kept the earlier versions');
}
