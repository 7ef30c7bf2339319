// The variation tree of a review board (docs/protocol.md, "Reviews"), drawn as the line the
// board is on (from the root, through the current node, on along first children to its end)
// plus the alternatives where the line branches: every node is a button that takes the board
// there. `nodes` is the server's compact list: [parent, colour "B"|"W"|"", vertex, annotated].
// Works on any size of tree: only the current line and its branch points are drawn.

import { t } from './i18n.js';

export class ReviewTree {
  constructor(container, { onGoTo }) {
    this.container_ = container;
    this.onGoTo_ = onGoTo;
    this.nodes_ = [];
    this.children_ = [];
    this.current_ = 0;
  }

  setTree(nodes, current) {
    this.nodes_ = nodes;
    this.current_ = current;
    this.children_ = nodes.map(() => []);
    nodes.forEach(([parent], index) => {
      if (parent >= 0) this.children_[parent].push(index);
    });
    this.render();
  }

  get current() { return this.current_; }
  parentOf(node) { return this.nodes_[node]?.[0] ?? -1; }
  firstChildOf(node) { return this.children_[node]?.[0] ?? -1; }
  // Siblings of `node` (itself included), in the tree's order.
  siblingsOf(node) {
    const parent = this.parentOf(node);
    return parent < 0 ? [node] : this.children_[parent];
  }
  // The last node of the line through `node` (first children on).
  endOf(node) {
    let at = node;
    while (this.firstChildOf(at) >= 0) at = this.firstChildOf(at);
    return at;
  }
  // How many moves lead to `node`.
  moveNumberOf(node) {
    let count = 0;
    for (let at = node; at >= 0; at = this.parentOf(at)) if (this.nodes_[at]?.[1]) count += 1;
    return count;
  }
  // "12. White G3" (or the root's name) for buttons and announcements.
  describe(node) {
    const [, colour, vertex] = this.nodes_[node] ?? [];
    if (!colour) return node === 0 ? t('review.root') : t('review.noMove', { node });
    const side = t(colour === 'B' ? 'color.black' : 'color.white');
    const move = vertex === 'pass' ? t('review.passMove') : vertex;
    return t('review.move', { number: this.moveNumberOf(node), side, move });
  }

  line_() {
    const path = [];
    for (let at = this.current_; at >= 0; at = this.parentOf(at)) path.unshift(at);
    for (let at = this.firstChildOf(this.current_); at >= 0; at = this.firstChildOf(at)) {
      path.push(at);
    }
    return path;
  }

  button_(node) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'review-node';
    button.dataset.node = String(node);
    button.textContent = this.describe(node);
    if (this.nodes_[node]?.[3]) button.classList.add('annotated');
    if (node === this.current_) {
      button.setAttribute('aria-current', 'step');
      button.classList.add('current');
    }
    button.addEventListener('click', () => this.onGoTo_(node));
    return button;
  }

  render() {
    const list = document.createElement('ol');
    list.className = 'review-line';
    list.setAttribute('aria-label', t('review.lineLabel'));
    for (const node of this.line_()) {
      const item = document.createElement('li');
      item.append(this.button_(node));
      // Where the line branches: the other moves played from the same node.
      const others = this.siblingsOf(node).filter((sibling) => sibling !== node);
      if (others.length) {
        const branch = document.createElement('span');
        branch.className = 'review-branch';
        branch.append(document.createTextNode(` ${t('review.or')} `));
        for (const other of others) branch.append(this.button_(other));
        item.append(branch);
      }
      list.append(item);
    }
    this.container_.replaceChildren(list);
    this.container_.querySelector('.current')?.scrollIntoView?.({ block: 'nearest' });
  }
}
