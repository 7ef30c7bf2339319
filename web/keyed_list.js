// Redraws a list on the page from data in place: an element keeps its identity while its
// key stays in the list, and only what changed is rebuilt. The lobby redraws its lists on
// every message (each move of each game brings one); rebuilding them whole replaced the
// Watch link, Join or Play button under a pointer between mousedown and mouseup, and the
// click was lost, as was the keyboard focus on a button.
//
// Both functions keep each element's key in its data-<keyName> attribute (default "key";
// the lobby's rows use gameId and bot, which its pages and tests select by).

// Children of `parent` for `items`, one per item: a child is reused while keyOf(item) and
// sigOf(item) (a string that changes whenever the child must be redrawn) stay the same,
// otherwise build(item) makes a new one.
export function updateChildren(parent, items, { keyName = 'key', keyOf, sigOf, build }) {
  return keyed(parent, items, keyName, keyOf, (item, old) => {
    const sig = sigOf(item);
    if (old?.dataset.sig === sig) return old;
    const child = build(item);
    child.dataset.sig = sig;
    return child;
  });
}

// A table body's rows for `items`, with a finer grain: a row is kept while its key stays,
// and each cell is rebuilt only when its signature changes. cellsOf(item): one entry per
// column, {sig, content, title}: content() a text, a node, or an array of nodes (put in one
// span: on a phone the cell is a two-column grid, heading and value, where each node would
// take a grid cell of its own); title an optional tooltip.
export function updateRows(body, items, { keyName = 'key', keyOf, cellsOf }) {
  return keyed(body, items, keyName, keyOf, (item, old) => {
    const row = old ?? document.createElement('tr');
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
}

// A cell whose content is a plain text: the text is its own signature.
export function textCell(text, title) {
  return { sig: `t:${text}:${title ?? ''}`, content: () => text, title };
}

// The children of `parent` for `items`: make(item, old) reuses or replaces `old`, the child
// that had the item's key (undefined when none). Only a change of order or membership moves
// elements.
function keyed(parent, items, keyName, keyOf, make) {
  const old = new Map([...parent.children].map((child) => [child.dataset[keyName], child]));
  const children = items.map((item) => {
    const key = String(keyOf(item));
    const child = make(item, old.get(key));
    child.dataset[keyName] = key;
    return child;
  });
  const same = children.length === parent.children.length &&
    children.every((child, i) => parent.children[i] === child);
  if (!same) parent.replaceChildren(...children);
  return children;
}

function wrap(content) {
  if (!Array.isArray(content)) return content;
  const span = document.createElement('span');
  span.append(...content);
  return span;
}
