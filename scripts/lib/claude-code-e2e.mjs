// The checks of scripts/claude-code-e2e: the pinned Claude Code CLI, in print mode with stream-json input, against a
// scripted stand-in for the model on 127.0.0.1, memdir installed by `memdir config claude-code --install`; every
// check asserts on what Claude Code sent the model. Usage: node claude-code-e2e.mjs WORK JAR CLAUDE [CHECK...]
import assert from 'node:assert/strict';
import {Check} from './claude-code-e2e/harness.mjs';
import {checks} from './claude-code-e2e/checks.mjs';

const [work, jar, claude, ...chosen] = process.argv.slice(2);
const run = {work, jar, claude};
const names = chosen.length > 0 ? chosen : Object.keys(checks);
let failed = 0;
for (const name of names) {
  assert.ok(checks[name], `no check named ${name}; the checks: ${Object.keys(checks).join(', ')}`);
  const check = new Check(run, name);
  const started = Date.now();
  try {
    await check.start();
    await checks[name](check, run);
    console.log(`ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failed++;
    console.log(`FAIL ${name}: ${error.stack}`);
  } finally {
    await check.close();
  }
}
console.log(failed === 0 ? `claude-code-e2e: all ${names.length} checks passed`
  : `claude-code-e2e: ${failed} of ${names.length} checks failed`);
process.exit(failed === 0 ? 0 : 1);
