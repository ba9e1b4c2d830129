// A large memory: 10,000 files (100 directories of 100) and a directory of 600 that pages, written straight into the
// root before the server starts, and one file with 1,000 versions written by an agent. The tree and history pages
// must render and page; their timings (the server's Server-Timing and the browser's navigation timing, the median
// of 5 loads after a first one) are figures for the table, not checks.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { localSession, open, query, startAgent, startUi, stop } from './harness.mjs';

const DIRS = 100;
const FILES = 100;
const WIDE = 600;
const VERSIONS = 1000;
const LOADS = 5;
const VERSIONED = '/memories/versions.md';
const HISTORY_OPTIONS = ['--history-keep', '5000', '--history-max-bytes', '100M'];

function seed(root) {
  const name = i => String(i).padStart(3, '0');
  for (let d = 0; d < DIRS; d++) {
    mkdirSync(join(root, `d${name(d)}`), { recursive: true });
    for (let f = 0; f < FILES; f++) {
      writeFileSync(join(root, `d${name(d)}`, `f${name(f)}.md`),
        `# Note ${d}.${f}\n\nA few lines of memory, number ${d * FILES + f}.\n- one point\n- another point\n`);
    }
  }
  mkdirSync(join(root, 'wide'));
  for (let f = 0; f < WIDE; f++) {
    writeFileSync(join(root, 'wide', `w${String(f).padStart(4, '0')}.md`), `wide ${f}\n`);
  }
}

async function writeVersions(run, root) {
  const agent = await startAgent(run, root, HISTORY_OPTIONS);
  try {
    await agent.call('create', { path: VERSIONED, file_text: '# Counter\n\nThe count is 0.\n' });
    for (let i = 0; i < VERSIONS; i++) {
      await agent.call('str_replace', { path: VERSIONED, old_str: `count is ${i}.`, new_str: `count is ${i + 1}.` });
    }
  } finally {
    await agent.close();
  }
}

export async function checks(run, root) {
  mkdirSync(root, { recursive: true });
  const started = Date.now();
  seed(root);
  await writeVersions(run, root);
  console.error(`ui-e2e: the large memory written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const ui = await startUi(run, root, HISTORY_OPTIONS);
  const { page, context } = await localSession(run, ui);
  try {
    await run.check('large-tree', () => tree(run, page));
    await run.check('large-tree-paging', () => treePaging(run, page));
    await run.check('large-history-paging', () => historyPaging(run, page));
  } finally {
    await context.close();
    await stop(ui);
  }
}

async function tree(run, page) {
  await measure(run, page, '/ui/ (102 entries)', '/ui/', 'table#tree tr[data-path]', DIRS + 2);
  await measure(run, page, '/ui/?dir=d050 (100 files)', `/ui/?${query({ dir: '/memories/d050' })}`,
    'table#tree tr[data-path]', FILES);
}

async function treePaging(run, page) {
  await measure(run, page, `/ui/?dir=wide (${WIDE}, page 1)`, `/ui/?${query({ dir: '/memories/wide' })}`,
    'table#tree tr[data-path]', 500);
  await followRel(page, 'next');
  assert.equal(await page.locator('table#tree tr[data-path]').count(), WIDE - 500, 'the second page is not the rest');
  assert.equal(await page.locator('a[rel=next]').count(), 0, 'the last page has a next link');
}

// Page 1, then rel=next to the end (the page numbers in the URLs are the server's business), then back by rel=prev.
async function historyPaging(run, page) {
  const first = `/ui/history?${query({ path: VERSIONED })}`;
  await measure(run, page, `history, ${VERSIONS} versions, page 1`, first, 'li.version', 50);
  assert.equal(await page.locator('a[rel=prev]').count(), 0, 'page 1 has a prev link');
  const seen = new Set(await versionsShown(page));
  let pages = 1;
  while (await page.locator('a[rel=next]').count() && pages < VERSIONS) {
    await followRel(page, 'next');
    pages++;
    assert.equal(await page.locator('li.version').count(), 50, `history page ${pages} has not 50 versions`);
    assert.equal(await page.locator('a[rel=prev]').count(), 1, `history page ${pages} has no prev link`);
    (await versionsShown(page)).forEach(v => seen.add(v));
  }
  assert.equal(pages, VERSIONS / 50, `the history has ${pages} pages`);
  assert.equal(seen.size, VERSIONS, `the ${pages} pages show ${seen.size} distinct versions`);
  const last = page.url();
  await followRel(page, 'prev');
  assert.notEqual(page.url(), last, 'prev leads nowhere');
  await measure(run, page, `history, page ${pages} (the last)`, last, 'li.version', 50);
}

function versionsShown(page) {
  return page.$$eval('li.version', items => items.map(li => li.dataset.version));
}

async function followRel(page, rel) {
  await Promise.all([page.waitForNavigation(), page.locator(`a[rel=${rel}]`).first().click()]);
}

// measure(RUN, PAGE, LABEL, URL, ROWS, COUNT): one first load, then LOADS more whose medians go to the table; each
// load must answer 200 with COUNT elements matching ROWS.
async function measure(run, page, label, url, rows, count) {
  const loads = [];
  for (let i = 0; i <= LOADS; i++) {
    const response = await open(page, url);
    assert.equal(await page.locator(rows).count(), count, `${label}: not ${count} ${rows}`);
    const timing = response.headers()['server-timing'] ?? '';
    const app = timing.match(/\bapp;dur=([\d.]+)/);
    assert.ok(app, `${label}: no Server-Timing app duration (${JSON.stringify(timing)})`);
    await page.waitForFunction(() => performance.getEntriesByType('navigation')[0]?.loadEventEnd > 0);
    const browser = await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0];
      return [n.responseStart, n.domContentLoadedEventEnd, n.loadEventEnd];
    });
    loads.push([Number(app[1]), ...browser]);
  }
  const median = column => loads.slice(1).map(l => l[column]).sort((a, b) => a - b)[Math.floor(LOADS / 2)];
  run.figures.push([label, loads[0][0], median(0), median(1), median(2), median(3)]);
}

export function printFigures(figures) {
  if (!figures.length) {
    return;
  }
  const head = ['page', 'server ms, 1st', 'server ms', 'responseStart', 'DOMContentLoaded', 'load'];
  const rows = [head, ...figures.map(([label, ...ms]) => [label, ...ms.map(v => v.toFixed(1))])];
  const widths = head.map((_, c) => Math.max(...rows.map(r => r[c].length)));
  console.error(`ui-e2e: timings (ms; server = Server-Timing app; the rest from the browser's navigation timing; ` +
    `median of ${LOADS} loads after the first)`);
  for (const row of rows) {
    console.error(`  ${row.map((cell, c) => (c ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join('  ')}`);
  }
}
