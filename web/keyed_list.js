// Redraws a list on the page from data in place: an element keeps its identity while its
// key stays in the list, and only what changed is rebuilt. The lobby redraws its lists on
// every message (each move of each game brings one); rebuilding them whole replaced the
// Watch link, Join or Play button under a pointer between mousedown and mouseup, and the
// click was lost, as was the keyboard focus on a button.

// Children of `parent` for `items`, one per item: a child is reused while keyOf(item) and
// sigOf(item) (a string that changes whenever the child must be redrawn) stay the same,
// otherwise build(item) makes a new one.
export function updateChildren(parent, items, { keyOf, sigOf, build }) {
  const old = new Map([...parent.children].map((child) => [child.dataset.key, child]));
  const children = items.map((item) => {
    const key = String(keyOf(item));
    const sig = sigOf(item);
    const reused = old.get(key);
    if (reused && reused.dataset.sig === sig) return reused;
    const child = build(item);
    child.dataset.key = key;
    child.dataset.sig = sig;
    return child;
  });
  place(parent, children);
  return children;
}

// A table body's rows for `items`, with a finer grain: a row is kept while its key stays,
// and each cell is rebuilt only when its signature changes. cellsOf(item): one entry per
// column, {sig, content, title}: content() a text, a node, or an array of nodes (put in one
// span: on a phone the cell is a two-column grid, heading and value, where each node would
// take a grid cell of its own); title an optional tooltip.
export function updateRows(body, items, keyOf, cellsOf) {
  const old = new Map([...body.rows].map((row) => [row.dataset.key, row]));
  const rows = items.map((item) => {
    const key = String(keyOf(item));
    const row = old.get(key) ?? document.createElement('tr');
    row.dataset.key = key;
    const cells = cellsOf(item);
    while (row.cells.length > cells.length) row.lastElementChild.remove();
    cells.forEach((spec, index) => {
      const td = row.cells[index] ?? row.appendChild(document.createElement('td'));
      if (td.dataset.sig === spec.sig) return;
      td.dataset.sig = spec.sig;
      td.replaceChildren(wrap(spec.content()));
      if (spec.title) td.title = spec.title;
      else td.removeAttribute('title');
    });
    return row;
  });
  place(body, rows);
  return rows;
}

// A cell whose content is a plain text: the text is its own signature.
export function textCell(text, title) {
  return { sig: `t:${text}:${title ?? ''}`, content: () => text, title };
}

// Only a change of order or membership moves elements.
function place(parent, children) {
  const same = children.length === parent.children.length &&
    children.every((child, i) => parent.children[i] === child);
  if (!same) parent.replaceChildren(...children);
}

function wrap(content) {
  if (!Array.isArray(content)) return content;
  const span = document.createElement('span');
  span.append(...content);
  return span;
}
