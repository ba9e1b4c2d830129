// Memory content is hostile input: a corpus of Markdown and of file names that must render inert (no script runs,
// no dialog opens, no request leaves the server, no dangerous element or link survives), and names that must still
// open the right file.
import assert from 'node:assert/strict';
import { open, query, treePaths, writeFiles } from './harness.mjs';

const PWN = 'window.__pwned=1;alert(1)';
const MARKDOWN = {
  'script.md': `<script>${PWN}</script>\n\n<SCRIPT SRC=//example.com/x.js></SCRIPT>`,
  'img-onerror.md': `<img src=x onerror="${PWN}">\n\n<IMG SRC=x OnErRoR=${PWN}>`,
  'js-links.md': '[plain](javascript:alert(1))\n\n[caps](JaVaScRiPt:alert(1))\n\n' +
    '[entity](java&#115;cript:alert(1))\n\n[tab](java\tscript:alert(1))\n\n' +
    '<a href="javascript:alert(1)">raw</a>\n\n<a href=" javascript:alert(1)">spaced</a>',
  'svg.md': `<svg onload="${PWN}"><circle r="10"/></svg>\n\n<svg><script>${PWN}</script></svg>\n\n` +
    `<math><mtext><table><mglyph><style><img src=x onerror="${PWN}">`,
  'iframe.md': '<iframe src="javascript:alert(1)"></iframe>\n\n<iframe srcdoc="<script>parent.__pwned=1</script>">' +
    '</iframe>\n\n<iframe src="https://example.com/"></iframe>',
  'entities.md': '&lt;script&gt;alert(1)&lt;/script&gt; and &amp;lt;b&amp;gt;',
  // "<&" opens no tag and "&" no entity: the 200,001 characters must show as they are.
  'long-line.md': 'a<&'.repeat(66_667),
  'remote-images.md': '![tracker](https://example.com/x.png)\n\n<img src="https://example.com/y.png">\n\n' +
    '![protocol-relative](//example.com/z.png)\n\n<img srcset="https://example.com/s.png 2x" src="data:,">',
  'data-links.md': '<a href="data:text/html,<script>alert(1)</script>">data</a>\n\n' +
    '[md data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  'elements.md': '<object data="x.swf"></object><embed src="x.swf"><form action="https://example.com/"><button>go' +
    '</button></form><base href="https://example.com/">' +
    '<meta http-equiv="refresh" content="0;url=https://example.com/">' +
    '<style>body{display:none}</style><link rel="stylesheet" href="https://example.com/s.css">' +
    '<div style="background:url(https://example.com/bg.png)">styled</div>',
  'frontmatter.md': '---\nname: "<script>alert(1)</script>"\ndescription: "<img src=x onerror=alert(1)>"\n---\nbody',
  'code.md': '```html\n<script>alert(1)</script>\n```\n\n`<img src=x onerror=alert(1)>`',
};

// File names: what the file system takes; memdir itself refuses some (percent escapes, colons, control
// characters), and those need only render inert.
const NAMES = ['<img src=x onerror=alert(1)>.md', 'quote".md', "apos'.md", 'amp&amp;.md', 'lt&lt;.md', '%2e%2e.md',
  '%41.md', 'rtl-\u202Edm.exe', `${'long'.repeat(60)}.md`, 'space name.md', 'hash#frag.md', 'query?x=1&y=2.md',
  'plus+sign.md', 'colon:name.md', 'back\\slash.md', 'line\nbreak.md', '\u00e9t\u00e9.md', '\u{1F9E0}.md', '..md'];

const end = name => `END-OF-${name}`;

// shows(TEXT, NAME): TEXT shows NAME, with no bidirectional control left in it to reorder what a person reads
// ("rtl-\u202Edm.exe" must not read as "rtl-exe.md"); the controls themselves may be shown in any visible form.
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
function shows(text, name) {
  let at = 0;
  for (const part of name.split(new RegExp(BIDI.source, 'gu'))) {
    at = text.indexOf(part, at);
    if (at < 0) {
      return false;
    }
    at += part.length;
  }
  return !BIDI.test(text);
}

export function seed(root) {
  writeFiles(root, Object.fromEntries(Object.entries(MARKDOWN)
    .map(([name, text]) => [`/memories/hostile/${name}`, `${text}\n\n${end(name)}\n`])));
  writeFiles(root, Object.fromEntries(NAMES.map((name, i) => [`/memories/names/${name}`, `marker ${i}\n`])));
}

export async function checks(run, ctx) {
  await run.check('hostile-markdown', () => markdown(ctx));
  await run.check('hostile-names', () => names(ctx));
  await run.check('hostile-queries', () => queries(ctx));
}

// inert(PAGE): the page's problems, as a list; none is the only answer that passes.
function inert(page) {
  return page.evaluate(() => {
    const problems = [];
    const article = document.querySelector('article#rendered');
    const forbidden = ['script', 'iframe', 'frame', 'svg', 'math', 'object', 'embed', 'base', 'meta', 'link',
      'style', 'form', '[srcdoc]', '[formaction]'];
    for (const selector of forbidden) {
      if (article?.querySelector(selector)) {
        problems.push(`article#rendered holds ${selector}`);
      }
    }
    for (const script of document.querySelectorAll('script')) {
      if (script.src !== `${location.origin}/ui/assets/app.js`) {
        problems.push(`a script other than app.js: ${script.outerHTML.slice(0, 80)}`);
      }
    }
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        if (/^on/i.test(attribute.name)) {
          problems.push(`<${element.localName} ${attribute.name}>`);
        }
      }
    }
    for (const link of document.querySelectorAll('a[href], area[href]')) {
      if (!['http:', 'https:', 'mailto:'].includes(new URL(link.href, location.href).protocol)) {
        problems.push(`a link to ${link.getAttribute('href').slice(0, 60)}`);
      }
    }
    for (const image of document.querySelectorAll('img, image, source, video, audio, input[type=image]')) {
      const src = image.getAttribute('src') ?? image.getAttribute('href') ?? '';
      if (src && !src.startsWith('data:') && new URL(src, location.href).origin !== location.origin) {
        problems.push(`a remote image ${src}`);
      }
      if (image.hasAttribute('srcset')) {
        problems.push(`an image with srcset ${image.getAttribute('srcset')}`);
      }
    }
    if (window.__pwned !== undefined) {
      problems.push(`window.__pwned is ${window.__pwned}`);
    }
    return problems;
  });
}

async function assertInert(page, what) {
  const problems = await inert(page);
  assert.deepEqual(problems, [], `${what} is not inert:\n${problems.join('\n')}`);
}

function assertStayedHome(page, base) {
  const away = page.requested.filter(url => !url.startsWith(`${base}/`) && !url.startsWith('data:'));
  assert.deepEqual(away, [], 'requests left the server');
  assert.deepEqual(page.dialogs, [], 'a dialog opened');
}

async function markdown({ page, agent, ui }) {
  const byAgent = `${MARKDOWN['svg.md']}\n\nbyagent\n`;
  await agent.call('create', { path: '/memories/hostile/by-agent.md', file_text: byAgent });
  page.requested.length = 0;
  await open(page, `/ui/?${query({ dir: '/memories/hostile' })}`);
  await assertInert(page, 'the tree of /memories/hostile');
  for (const name of [...Object.keys(MARKDOWN), 'by-agent.md']) {
    await open(page, `/ui/file?${query({ path: `/memories/hostile/${name}` })}`);
    await page.waitForTimeout(name === 'by-agent.md' ? 500 : 100);
    await assertInert(page, name);
    const text = await page.locator('article#rendered').textContent();
    assert.ok(text.includes(name === 'by-agent.md' ? 'byagent' : end(name)), `${name}: the text after it is gone`);
  }
  await open(page, `/ui/file?${query({ path: '/memories/hostile/entities.md' })}`);
  const entities = await page.locator('article#rendered').textContent();
  assert.ok(entities.includes('<script>alert(1)</script>'), 'entities are not shown as the characters they stand for');
  assert.ok(entities.includes('&lt;b&gt;'), '&amp;lt; is not shown as &lt;');
  await open(page, `/ui/file?${query({ path: '/memories/hostile/code.md' })}`);
  assert.ok((await page.locator('article#rendered pre code').textContent()).includes('<script>alert(1)</script>'),
    'a code block does not show its text');
  await open(page, `/ui/file?${query({ path: '/memories/hostile/long-line.md' })}`);
  assert.ok((await page.locator('article#rendered').textContent()).includes('a<&'.repeat(66_667)),
    'the 200,000-character line is not shown as text');
  assertStayedHome(page, ui.base);
}

async function names({ page, agent, ui }) {
  page.requested.length = 0;
  await open(page, `/ui/?${query({ dir: '/memories/names' })}`);
  await assertInert(page, 'the tree of /memories/names');
  const listed = await treePaths(page);
  // The names an agent sees (its listing of the directory) and can open must work on the page too.
  const agentSees = (await agent.call('view', { path: '/memories/names' })).split('\n');
  const refused = [];
  for (const [i, name] of NAMES.entries()) {
    const path = `/memories/names/${name}`;
    if (!agentSees.some(line => line.trimEnd().endsWith(path)) || !(await agent.tryCall('view', { path })).ok) {
      refused.push(`${JSON.stringify(name)}${listed.includes(path) ? ' (listed)' : ''}`);
      continue;
    }
    await open(page, `/ui/?${query({ dir: '/memories/names' })}`);
    const row = (await treePaths(page)).indexOf(path);
    assert.ok(row >= 0, `${JSON.stringify(name)} is not in the tree`);
    const link = page.locator('table#tree tr[data-path]').nth(row).locator('.name a');
    assert.ok(shows(await link.textContent(), name), `${JSON.stringify(name)} is shown as ` +
      `${JSON.stringify(await link.textContent())}`);
    await Promise.all([page.waitForURL(/\/ui\/file\?/), link.click()]);
    assert.equal(new URL(page.url()).searchParams.get('path'), path,
      `${JSON.stringify(name)}'s link opens another path`);
    const heading = await page.locator('h1').first().textContent();
    assert.ok(shows(heading, path), `the file page of ${JSON.stringify(name)} is headed ${JSON.stringify(heading)}`);
    assert.equal((await page.locator('article#rendered').textContent()).trim(), `marker ${i}`,
      `${JSON.stringify(name)}'s link opens another file`);
    await assertInert(page, `the file page of ${JSON.stringify(name)}`);
  }
  console.error(`ui-e2e: names an agent cannot see or open (rendered inert, not opened): ${refused.join(', ')}`);
  assertStayedHome(page, ui.base);
}

// Hostile paths and text in the query string: every page answers inert, and a path out of the root opens nothing.
const TRAVERSALS = ['/memories/../../../../etc/passwd', '/memories/%2e%2e/%2e%2e/etc/passwd', '/etc/passwd',
  '/memories/..%2f..%2fetc/passwd', '/memories/a\\..\\..\\etc\\passwd', '/memories/\u0000/etc/passwd'];
const INJECTED = '"><img src=x onerror="window.__pwned=1;alert(1)"><script>alert(1)</script>';

async function queries({ page, context, ui }) {
  page.requested.length = 0;
  for (const path of TRAVERSALS) {
    for (const url of [`/ui/file?${query({ path })}`, `/ui/history?${query({ path })}`, `/ui/edit?${query({ path })}`,
      `/ui/?${query({ dir: path })}`]) {
      const response = await page.goto(url);
      assert.ok(response.status() >= 400 && response.status() < 500, `GET ${url} answered ${response.status()}`);
      assert.ok(!(await page.content()).includes('root:x:0'), `GET ${url} shows /etc/passwd`);
      await assertInert(page, `GET ${url}`);
    }
  }
  for (const url of [`/ui/file?${query({ path: `/memories/${INJECTED}` })}`, `/ui/search?${query({ q: INJECTED })}`,
    `/ui/?${query({ dir: `/memories/${INJECTED}` })}`, `/ui/new?${query({ dir: `/memories/${INJECTED}` })}`,
    `/ui/history?${query({ path: `/memories/${INJECTED}`, page: INJECTED })}`, `/ui/no-such-page?${INJECTED}`]) {
    await page.goto(url, { timeout: 60_000 });
    await assertInert(page, `GET ${url}`);
  }
  await open(page, '/ui/');
  const csrf = await page.locator('#logout-form [name=csrf]').inputValue();
  const created = await context.request.post('/ui/create', { form: { path: TRAVERSALS[0], content: 'x', csrf },
    maxRedirects: 0 });
  assert.ok(created.status() >= 400 && created.status() < 500, `a create out of the root answered ${created.status()}`);
  assertStayedHome(page, ui.base);
}
