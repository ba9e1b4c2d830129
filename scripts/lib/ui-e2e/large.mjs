// Two large memories, written straight into their roots before a server starts: 10,000 files (100 folders of 100)
// with one file of 1,000 versions written by an agent; and one folder of 10,000 files, which pages. The tree and
// history pages must render and page; their timings (the server's Server-Timing and the browser's navigation timing,
// the median of 5 loads after a first one) are figures for the table, not checks.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { localSession, open, query, startAgent, startUi, stop } from './harness.mjs';

const FOLDERS = 100;
const NOTES = 100;
const ALL = 10_000;
const TREE_PAGE = 500;
const VERSIONS = 1000;
const LOADS = 5;
const VERSIONED = '/memories/versions.md';
const HISTORY_OPTIONS = ['--history-keep', '5000', '--history-max-bytes', '100M'];

const number = (i, digits) => String(i).padStart(digits, '0');
const note = i => `# Note ${i}\n\nA few lines of memory, number ${i}.\n- one point\n- another point\n`;

function writeFolders(root) {
  for (let d = 0; d < FOLDERS; d++) {
    const folder = join(root, `topic-${number(d, 3)}`);
    mkdirSync(folder, { recursive: true });
    for (let n = 0; n < NOTES; n++) {
      writeFileSync(join(folder, `note-${number(n, 3)}.md`), note(d * NOTES + n));
    }
  }
}

function writeOneFolder(root) {
  mkdirSync(join(root, 'all'), { recursive: true });
  for (let n = 0; n < ALL; n++) {
    writeFileSync(join(root, 'all', `note-${number(n, 5)}.md`), note(n));
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

// served(RUN, ROOT, CHECKS): `memdir ui` on ROOT and a session, for CHECKS, a list of [name, fn(page)].
async function served(run, root, checks) {
  const ui = await startUi(run, root, HISTORY_OPTIONS);
  const { page, context } = await localSession(run, ui);
  try {
    for (const [name, fn] of checks) {
      await run.check(name, () => fn(run, page));
    }
  } finally {
    await context.close();
    await stop(ui);
  }
}

export async function checks(run, work) {
  const [folders, oneFolder] = [join(work, 'folders'), join(work, 'one-folder')];
  const started = Date.now();
  writeFolders(folders);
  await writeVersions(run, folders);
  writeOneFolder(oneFolder);
  console.error(`ui-e2e: the large memories written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await served(run, folders, [['large-tree', tree], ['large-history-paging', historyPaging]]);
  await served(run, oneFolder, [['large-folder-paging', folderPaging]]);
}

async function tree(run, page) {
  await measure(run, page, `/ui/ (${FOLDERS} folders)`, '/ui/', 'table#tree tr[data-path]', FOLDERS + 1);
  await measure(run, page, `/ui/?dir=topic-050 (${NOTES} notes)`, `/ui/?${query({ dir: '/memories/topic-050' })}`,
    'table#tree tr[data-path]', NOTES);
}

// A folder of 10,000: page 1, then rel=next to the last page, which is timed too.
async function folderPaging(run, page) {
  const rows = 'table#tree tr[data-path]';
  const first = `/ui/?${query({ dir: '/memories/all' })}`;
  await measure(run, page, `/ui/?dir=all (${ALL.toLocaleString('en')} notes)`, first, rows, TREE_PAGE);
  const seen = new Set(await page.$$eval(rows, trs => trs.map(tr => tr.dataset.path)));
  let pages = 1;
  while (await page.locator('a[rel=next]').count() && pages < ALL) {
    await followRel(page, 'next');
    pages++;
    assert.equal(await page.locator('a[rel=prev]').count(), 1, `folder page ${pages} has no prev link`);
    (await page.$$eval(rows, trs => trs.map(tr => tr.dataset.path))).forEach(path => seen.add(path));
  }
  assert.equal(pages, ALL / TREE_PAGE, `the folder has ${pages} pages`);
  assert.equal(seen.size, ALL, `the ${pages} pages show ${seen.size} distinct files`);
  await measure(run, page, `the same, entries ${ALL - TREE_PAGE + 1}-${ALL}`, page.url(), rows, TREE_PAGE);
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
