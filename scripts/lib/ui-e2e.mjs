// Run by scripts/ui-e2e (not on its own): the web UI's end-to-end checks in Chromium through playwright-core. Groups,
// each in scripts/lib/ui-e2e/: the local memory of `memdir ui` (local, hostile, pages: one server, one session),
// the team server (team), large memories (large). Every check prints `ui-e2e: ok NAME` or `ui-e2e: FAILED NAME:
// why`; the run goes on after a failure and exits 1 at the end if any check failed.
// Usage: node ui-e2e.mjs TOOLS-DIR WORK-DIR JAR SCREENSHOT-DIR [local|team|large...] (all three by default)
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Run, startAgent, startUi, stop } from './ui-e2e/harness.mjs';
import * as hostile from './ui-e2e/hostile.mjs';
import * as large from './ui-e2e/large.mjs';
import * as local from './ui-e2e/local.mjs';
import * as pages from './ui-e2e/pages.mjs';
import * as team from './ui-e2e/team.mjs';

const [toolsDir, work, jar, shots, ...chosen] = process.argv.slice(2);
const run = new Run({ toolsDir, work, jar, shots });
const started = Date.now();

async function localMemory() {
  const root = join(work, 'memory');
  for (const group of [local, pages, hostile]) {
    group.seed(root);
  }
  const ui = await startUi(run, root);
  const agent = await startAgent(run, root);
  const ctx = { root, ui, agent };
  try {
    await local.checks(run, ctx);
    await hostile.checks(run, ctx);
    await pages.checks(run, ctx);
    // No page of the web UI opens a dialog (confirm, alert): one that opened is a script of the memory's, or a bug.
    await run.check('no-dialogs', () => assert.deepEqual(ctx.page?.dialogs ?? [], [], 'dialogs opened'));
  } finally {
    await ctx.context?.close();
    await agent.close();
  }
  await run.check('ui-sigterm', async () => {
    const { code, signal } = await stop(ui);
    assert.equal(code, 0, `memdir ui ended with ${code ?? signal} on SIGTERM`);
  });
}

async function group(name, body) {
  if (chosen.length && !chosen.includes(name)) {
    return;
  }
  try {
    await body();
  } catch (error) {
    // A group that could not even start (a server that printed no URL) counts as one failed check.
    await run.check(`${name}-start`, () => { throw error; });
  }
}

try {
  await run.launchBrowser();
  await group('local', localMemory);
  await group('team', () => team.checks(run, join(work, 'team')));
  await group('large', () => large.checks(run, join(work, 'large')));
} finally {
  await run.close();
}
large.printFigures(run.figures);
console.error(`ui-e2e: took ${((Date.now() - started) / 1000).toFixed(0)} s; screenshots in ${shots}`);
console.error(`ui-e2e: ${run.passed} passed, ${run.failed.length} failed`);
process.exit(run.failed.length ? 1 : 0);
