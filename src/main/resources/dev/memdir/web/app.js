// memdir's web page: keeps a page up to date while an agent changes the memory, without a reload, unless the
// visitor is editing a form on it.
(() => {
  'use strict';
  const body = document.body;
  let seen = Number(body.dataset.changes || 0);
  let editing = false;
  document.addEventListener('input', (event) => {
    if (event.target.closest('form:not([role=search])')) {
      editing = true;
    }
  });

  async function refresh() {
    const page = await fetch(location.href, { credentials: 'same-origin', cache: 'no-store' });
    if (!page.ok || page.redirected) {
      return;
    }
    const fresh = new DOMParser().parseFromString(await page.text(), 'text/html');
    const main = fresh.getElementById('main');
    if (main && !editing) {
      document.getElementById('main').replaceWith(main);
      seen = Number(fresh.body.dataset.changes || seen);
      body.dataset.changes = String(seen);
    }
  }

  async function poll() {
    try {
      const answer = await fetch('/ui/changes', { credentials: 'same-origin', cache: 'no-store' });
      if (answer.ok) {
        const { changes } = await answer.json();
        if (changes !== seen && !editing) {
          await refresh();
        }
      }
    } catch (unreachable) {
      // The server is away for a moment; the next poll tries again.
    }
    setTimeout(poll, 1000);
  }

  setTimeout(poll, 1000);
})();
