// A player's rating history as an inline SVG line graph: one line per category, ratings up
// the left, dates along the bottom, a legend under it. The picture is role="img" with a
// one-sentence summary; a visually hidden table beside it lists every point for screen
// readers. The SVG is drawn for its container's width at the time (so its text keeps its size
// on a phone) and scales with it afterwards (viewBox, width 100%).

const kSvg = 'http://www.w3.org/2000/svg';
const kHeight = 300;
const kMargin = { left: 52, right: 16, top: 14, bottom: 34 };
const kNewcomerRating = 1500; // docs/protocol.md, "Players": a newcomer starts at 1500
// Colours told apart by people with the common colour-vision deficiencies (Okabe–Ito).
const kColours = ['#000000', '#d55e00', '#0072b2', '#009e73', '#cc79a7', '#e69f00', '#56b4e9',
  '#8a6d00'];

function svg(name, attributes = {}) {
  const element = document.createElementNS(kSvg, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

function html(name, text = '') {
  const element = document.createElement(name);
  if (text) element.textContent = text;
  return element;
}

const kSpeeds = ['blitz', 'live', 'correspondence'];

// A sort key putting categories in reading order: overall, the speeds, then the sizes, each
// followed by its speeds.
export function categoryOrder(category) {
  if (category === 'overall') return '0';
  if (kSpeeds.includes(category)) return `1${kSpeeds.indexOf(category)}`;
  const [board, speed] = category.split('-');
  return `2${board.padStart(5, '0')}${speed ? kSpeeds.indexOf(speed) + 1 : 0}`;
}

// Points grouped by category, overall first. A category whose whole history is here (its
// game count equals its points) starts from the newcomer's 1500, just before its first game,
// so a single game already draws a line.
export function graphLines(history, ratings = {}) {
  const byCategory = new Map();
  for (const point of history) {
    if (!byCategory.has(point.category)) byCategory.set(point.category, []);
    byCategory.get(point.category).push(point);
  }
  const times = history.map((point) => point.atMs);
  const span = times.length ? Math.max(...times) - Math.min(...times) : 0;
  const lead = Math.max(span * 0.05, 3600 * 1000);
  const lines = [...byCategory].map(([category, points]) => {
    const sorted = [...points].sort((a, b) => a.atMs - b.atMs);
    const whole = ratings[category]?.games === sorted.length;
    const start = whole ? [{ category, rating: kNewcomerRating, atMs: sorted[0].atMs - lead,
      start: true }] : [];
    return { category, points: [...start, ...sorted] };
  });
  return lines.sort((a, b) => categoryOrder(a.category).localeCompare(categoryOrder(b.category)));
}

// Round tick values covering [low, high]: steps of 25, 50, 100, 200 or 500.
function ratingTicks(low, high) {
  const step = [25, 50, 100, 200, 500, 1000].find((s) => (high - low) / s <= 5) ?? 1000;
  const first = Math.floor(low / step) * step;
  const ticks = [];
  for (let value = first; value <= high + step - 1e-9; value += step) ticks.push(value);
  return ticks;
}

// container: an element to fill. history: the profile's points; ratings: its categories
// (for game counts). labels: {category(name), date(ms), dateTime(ms), rating(number),
// summary({count, lines, from, to, low, high}), caption, colCategory, colDate, colRating}.
export function renderRatingGraph(container, history, ratings, labels) {
  const lines = graphLines(history, ratings);
  container.replaceChildren();
  if (!lines.length) return;
  const width = Math.max(300, Math.min(900, Math.round(container.clientWidth || 640)));
  const all = lines.flatMap((line) => line.points);
  const ratingsSeen = all.map((point) => point.rating);
  const ticks = ratingTicks(Math.min(...ratingsSeen), Math.max(...ratingsSeen));
  const low = ticks[0];
  const high = ticks[ticks.length - 1] === low ? low + 50 : ticks[ticks.length - 1];
  const t0 = Math.min(...all.map((point) => point.atMs));
  const t1 = Math.max(...all.map((point) => point.atMs));
  const plotW = width - kMargin.left - kMargin.right;
  const plotH = kHeight - kMargin.top - kMargin.bottom;
  const x = (ms) => kMargin.left + (t1 === t0 ? plotW / 2 : ((ms - t0) / (t1 - t0)) * plotW);
  const y = (rating) => kMargin.top + (1 - (rating - low) / (high - low)) * plotH;

  const real = history.length;
  const summary = labels.summary({ count: real, lines: lines.length,
    from: labels.date(t0), to: labels.date(t1),
    low: labels.rating(Math.min(...ratingsSeen)), high: labels.rating(Math.max(...ratingsSeen)) });
  const picture = svg('svg', { viewBox: `0 0 ${width} ${kHeight}`, role: 'img',
    'aria-label': summary, class: 'rating-svg', preserveAspectRatio: 'xMidYMid meet' });

  const axes = svg('g', { class: 'axes' });
  for (const value of ticks) {
    axes.append(svg('line', { x1: kMargin.left, x2: width - kMargin.right, y1: y(value),
      y2: y(value), class: 'grid' }));
    const label = svg('text', { x: kMargin.left - 6, y: y(value) + 4, 'text-anchor': 'end' });
    label.textContent = labels.rating(value);
    axes.append(label);
  }
  // Within a day one date says it all; a narrow graph has room for two dates, a wide one three.
  const kDayMs = 24 * 3600 * 1000;
  const dateTicks = t1 - t0 < kDayMs ? [(t0 + t1) / 2]
    : width < 480 ? [t0, t1] : [t0, (t0 + t1) / 2, t1];
  dateTicks.forEach((ms, index) => {
    const anchor = dateTicks.length === 1 ? 'middle'
      : index === 0 ? 'start' : index === dateTicks.length - 1 ? 'end' : 'middle';
    const label = svg('text', { x: x(ms), y: kHeight - 10, 'text-anchor': anchor });
    label.textContent = labels.date(ms);
    axes.append(label);
  });
  axes.append(svg('line', { x1: kMargin.left, x2: kMargin.left, y1: kMargin.top,
    y2: kMargin.top + plotH, class: 'axis' }));
  axes.append(svg('line', { x1: kMargin.left, x2: width - kMargin.right,
    y1: kMargin.top + plotH, y2: kMargin.top + plotH, class: 'axis' }));
  picture.append(axes);

  const groups = [];
  const legend = html('ul');
  legend.className = 'graph-legend';
  lines.forEach((line, index) => {
    const colour = kColours[index % kColours.length];
    const group = svg('g', { class: 'line', 'data-category': line.category });
    const d = line.points.map((point, i) =>
      `${i ? 'L' : 'M'}${x(point.atMs).toFixed(1)},${y(point.rating).toFixed(1)}`).join(' ');
    group.append(svg('path', { d, stroke: colour, fill: 'none',
      'stroke-width': line.category === 'overall' ? 3 : 2,
      'stroke-dasharray': index % 2 === 1 ? '6 3' : 'none' }));
    for (const point of line.points) {
      group.append(svg('circle', { cx: x(point.atMs), cy: y(point.rating), r: point.start ? 3 : 4,
        fill: point.start ? '#fff' : colour, stroke: colour, 'stroke-width': 1.5 }));
    }
    groups.push(group);
    const item = html('li');
    const swatch = html('span');
    swatch.className = 'swatch';
    swatch.style.borderTopColor = colour;
    swatch.style.borderTopStyle = index % 2 === 1 ? 'dashed' : 'solid';
    item.append(swatch, labels.category(line.category));
    legend.append(item);
  });

  // The hidden box is a div: a table ignores the 1px width it is given and would stick out.
  const hidden = html('div');
  hidden.className = 'visually-hidden';
  // Overall is drawn last, on top: with few games the categories' lines lie on each other.
  picture.append(...groups.reverse());

  const table = html('table');
  hidden.append(table);
  table.append(html('caption', labels.caption));
  const head = html('tr');
  head.append(html('th', labels.colCategory), html('th', labels.colDate),
    html('th', labels.colRating));
  table.append(head);
  for (const line of lines) {
    for (const point of line.points.filter((p) => !p.start)) {
      const row = html('tr');
      row.append(html('td', labels.category(line.category)), html('td', labels.dateTime(point.atMs)),
        html('td', labels.rating(point.rating)));
      table.append(row);
    }
  }
  container.append(picture, legend, hidden);
}
