// The local memory's other pages: stale files and their prune, the index gauge, search; then axe-core on each main
// page, with its screenshot.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { GUIDE } from './local.mjs';
import { assertStatus, onDisk, open, query, screenshot, submit, writeFiles } from './harness.mjs';

const STALE = '/memories/old-plan.md';
const INDEX_LINE = '- [Guide](notes/guide.md): how the team works\n';

export function seed(root) {
  writeFiles(root, { [STALE]: 'A plan nobody touched for 200 days.\n', '/memories/MEMORY.md': INDEX_LINE });
  const longAgo = new Date(Date.now() - 200 * 86_400_000);
  utimesSync(onDisk(root, STALE), longAgo, longAgo);
}

export async function checks(run, ctx) {
  await run.check('stale-prune', () => stale(ctx));
  await run.check('index-gauge', () => indexGauge(ctx));
  await run.check('search', () => search(ctx));
  await run.check('accessibility', () => accessibility(run, ctx));
}

async function stale({ page, root }) {
  await open(page, '/ui/');
  const row = page.locator(`tr[data-path="${STALE}"]`);
  assert.ok(await row.evaluate(tr => tr.classList.contains('stale')), 'the stale file\'s row has no class stale');
  assert.equal(await row.locator('.stale-mark').count(), 1, 'the stale file\'s row has no .stale-mark');
  assert.equal(await page.locator(`tr[data-path="${GUIDE}"].stale, tr[data-path="/memories/notes/"].stale`)
    .count(), 0, 'a fresh entry is marked stale');
  await open(page, '/ui/stale');
  assert.deepEqual(await page.$$eval('ul#stale li[data-path]', items => items.map(li => li.dataset.path)), [STALE]);
  await assertStatus(page, await submit(page, '#prune-form'), 200, 'the prune');
  assert.ok(!existsSync(onDisk(root, STALE)), 'the pruned file is still in place');
  const archive = onDisk(root, '/memories/archive');
  const archived = !existsSync(archive) ? [] : readdirSync(archive, { recursive: true })
    .map(name => join(archive, name))
    .filter(file => statSync(file).isFile() && readFileSync(file, 'utf8').includes('200 days'));
  assert.equal(archived.length, 1, 'the pruned file is not in /memories/archive/');
}

// The gauge on an index within, near and over its budget (200 lines by default, near from 90%).
async function indexGauge({ page, root }) {
  const verdicts = [['within', 1], ['near', 185], ['over', 230]];
  for (const [verdict, lines] of verdicts) {
    writeFiles(root, { '/memories/MEMORY.md': INDEX_LINE.repeat(lines) });
    await open(page, '/ui/index');
    const gauge = page.locator('section#index-gauge');
    assert.ok(await gauge.evaluate((section, v) => section.classList.contains(v), verdict),
      `an index of ${lines} lines is not shown ${verdict} (class "${await gauge.getAttribute('class')}")`);
    assert.equal(await page.getAttribute('meter#index-lines', 'max'), '200');
    assert.equal(await page.getAttribute('meter#index-bytes', 'max'), '25000');
    assert.equal(Number(await page.getAttribute('meter#index-lines', 'value')), Math.min(lines, 200));
    assert.match(await gauge.innerText(), new RegExp(`\\b${lines}\\b`), 'the figures text lacks the line count');
  }
  writeFiles(root, { '/memories/MEMORY.md': INDEX_LINE });
}

async function search({ page }) {
  // The first recall loads the embedding models: it may take a while.
  const response = await page.goto(`/ui/search?${query({ q: 'guide first item' })}`, { timeout: 90_000 });
  assert.equal(response.status(), 200);
  const found = await page.$$eval('ol#results li[data-path]', items => items.map(li => li.dataset.path));
  assert.ok(found.includes(GUIDE), `the search did not find ${GUIDE}: ${found.join(', ')}`);
}

const MAIN_PAGES = {
  tree: '/ui/',
  file: `/ui/file?${query({ path: GUIDE })}`,
  edit: `/ui/edit?${query({ path: GUIDE })}`,
  history: `/ui/history?${query({ path: GUIDE })}`,
  index: '/ui/index',
  search: `/ui/search?${query({ q: 'guide' })}`,
};

// axe-core runs through DevTools (page.evaluate), which the page's CSP (script-src 'self') does not govern.
async function accessibility(run, { page }) {
  const axe = readFileSync(run.require.resolve('axe-core/axe.min.js'), 'utf8');
  const serious = [];
  for (const [name, url] of Object.entries(MAIN_PAGES)) {
    await open(page, url);
    await screenshot(run, page, name);
    await page.evaluate(axe);
    const violations = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] })
      .then(result => result.violations.map(v => ({
        id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ')),
      }))));
    const minor = violations.filter(v => !['serious', 'critical'].includes(v.impact));
    if (minor.length) {
      console.error(`ui-e2e: axe on ${name}, not serious: ${minor.map(v => `${v.id} (${v.impact})`).join(', ')}`);
    }
    serious.push(...violations.filter(v => ['serious', 'critical'].includes(v.impact))
      .map(v => `${name}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.join('; ')}`));
  }
  assert.deepEqual(serious, [], `axe-core found serious violations:\n${serious.join('\n')}`);
}
