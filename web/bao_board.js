// Bao's board in SVG: four rows of eight pits as `bao show` draws them, the hands, and
// a move shown as the change from the position before to the one after.

import { sleep, svgEl } from './dom.js';

// Four rows as `bao show` draws them (North's b and a on top, South's A and B below),
// a gap between the halves, the hands on the right.
export const G = { cell: 78, r: 30, left: 46, top: 34, gap: 18, hands: 170 };
export const BOARD_W = G.left + 8 * G.cell + 16 + G.hands;
export const BOARD_H = G.top + 4 * G.cell + G.gap + 34;

export function rowY(i) {
  return G.top + i * G.cell + (i >= 2 ? G.gap : 0) + G.cell / 2;
}

// Seeds as dots on a ring around the count (up to 12; the number says the rest).
export function drawSeeds(g, cx, cy, n) {
  const shown = Math.min(n, 12);
  for (let k = 0; k < shown; ++k) {
    const a = -Math.PI / 2 + (k * 2 * Math.PI) / Math.max(shown, 6);
    svgEl('circle', { cx: cx + 21 * Math.cos(a), cy: cy + 21 * Math.sin(a), r: 3.5, class: 'seed' }, g);
  }
}

// opt: movable (Set of pit names), selected, from (the pit a move started at),
// changed ({pit: 'gain'|'loss'}), counts ({pit: number} shown instead of the state's),
// hands ({South, North} shown instead), onPit(name), flip (South on top: the board
// turned round), best ({pit, dir, move}: a move to mark, e.g. the engine's choice).
export function drawBoard(svg, state, opt = {}) {
  svg.innerHTML = '';
  svg.setAttribute('viewBox', `0 0 ${BOARD_W} ${BOARD_H}`);
  svgEl('rect', { x: 4, y: 4, width: G.left + 8 * G.cell + 4, height: BOARD_H - 8, rx: 18, class: 'frame' }, svg);
  const midY = G.top + 2 * G.cell + G.gap / 2;
  svgEl('line', { x1: G.left - 6, y1: midY, x2: G.left + 8 * G.cell + 2, y2: midY, class: 'divider' }, svg);
  for (let c = 0; c < 8; ++c) {
    const x = G.left + c * G.cell + G.cell / 2;
    svgEl('text', { x, y: G.top - 14, class: 'label' }, svg, String(8 - c));
    svgEl('text', { x, y: BOARD_H - 20, class: 'label' }, svg, String(c + 1));
  }
  // Turned round, the rows come in the other order and each row runs the other way.
  const rows = opt.flip ? [...state.rows].reverse().map((r) => ({ ...r, pits: [...r.pits].reverse() })) : state.rows;
  rows.forEach((row, i) => {
    const y = rowY(i);
    svgEl('text', { x: G.left - 22, y, class: 'rowlabel' }, svg, row.row);
    row.pits.forEach((p, c) => drawPit(svg, p, G.left + c * G.cell + G.cell / 2, y, opt));
  });
  drawHands(svg, state, opt);
}

export function drawPit(svg, p, x, y, opt) {
  const g = svgEl('g', { 'data-pit': p.pit, class: 'pitgroup' }, svg);
  const cls = ['pit'];
  if (p.house) cls.push('house');
  if (p.owned) cls.push('owned');
  if (opt.movable && opt.movable.has(p.pit)) cls.push('movable');
  if (opt.selected === p.pit) cls.push('selected');
  if (opt.from === p.pit) cls.push('from');
  if (opt.changed && opt.changed[p.pit]) cls.push(opt.changed[p.pit]);
  const best = opt.best && opt.best.pit === p.pit;
  if (best) cls.push('best');
  const attrs = { class: cls.join(' ') };
  if (p.house) {
    svgEl('rect', { ...attrs, x: x - G.r, y: y - G.r, width: 2 * G.r, height: 2 * G.r, rx: 6 }, g);
  } else {
    svgEl('circle', { ...attrs, cx: x, cy: y, r: G.r }, g);
  }
  const n = opt.counts && p.pit in opt.counts ? opt.counts[p.pit] : p.seeds;
  drawSeeds(g, x, y, p.seeds);
  svgEl('text', { x, y, class: 'count', 'data-count': p.pit }, g, String(n));
  if (p.takasia) {
    svgEl('circle', { cx: x, cy: y, r: G.r + 5, class: 'takasia' }, g);
    svgEl('text', { x: x + G.r - 2, y: y - G.r + 4, class: 'takasia-mark' }, g, 'T');
  }
  if (best) {
    // The best move's direction as a badge on its pit: the letter and an arrow the way
    // the first seed goes. R is clockwise round the owner's ring (docs/rules.md): up the
    // front row's numbers and down the back row's; South's pits run left to right and
    // North's right to left, and flipping turns both round.
    const front = p.pit[0] === 'A' || p.pit[0] === 'a';
    let screenRight = opt.best.dir === 'R';
    for (const turned of [p.side === 'North', !front, Boolean(opt.flip)]) if (turned) screenRight = !screenRight;
    const g2 = svgEl('g', { class: 'best-badge', 'data-best': opt.best.move }, g);
    svgEl('rect', { x: x - 17, y: y + G.r - 12, width: 34, height: 20, rx: 9 }, g2);
    svgEl('text', { x, y: y + G.r - 2 }, g2, screenRight ? `${opt.best.dir}\u2192` : `\u2190${opt.best.dir}`);
  }
  const title = `${p.pit}: ${p.seeds} seed${p.seeds === 1 ? '' : 's'}` +
    (p.house ? (p.owned ? ', the owned house (nyumba)' : ', the house pit') : '') +
    (p.takasia ? ', takasia: may not be emptied' : '') +
    (best ? `; best move ${opt.best.move} (direction ${opt.best.dir})` : '');
  svgEl('title', {}, g, title);
  if (opt.onPit) g.addEventListener('click', () => opt.onPit(p.pit));
}

export function drawHands(svg, state, opt) {
  const x = G.left + 8 * G.cell + 16 + G.hands / 2;
  for (const side of ['North', 'South']) {
    const top = (side === 'North') !== Boolean(opt.flip);
    const y = top ? rowY(0) + G.cell / 2 : rowY(2) + G.cell / 2;
    const n = opt.hands ? opt.hands[side] : state.hands[side];
    svgEl('text', { x, y: y - 48, class: 'hand-text' }, svg, `${side}'s hand`);
    svgEl('circle', { cx: x, cy: y, r: 28, class: 'hand' }, svg);
    svgEl('text', { x, y, class: 'hand-count', 'data-hand': side }, svg, String(n));
    if (state.outcome === 'ongoing' && state.to_move === side) {
      svgEl('text', { x, y: y + 48, class: 'hand-text tomove' }, svg, `\u25B6 ${side} to move`);
    } else if (state.outcome === side) {
      svgEl('text', { x, y: y + 48, class: 'hand-text over' }, svg, `${side} wins`);
    }
  }
}

export function pitMap(state) {
  const m = {};
  for (const row of state.rows) for (const p of row.pits) m[p.pit] = p.seeds;
  return m;
}

// Step-by-step sowing needs the engine to report each lap, which it does not: a move
// is shown as the change from the position before to the one after, each changed pit
// lit (green gained, red lost) while its count runs from the old number to the new.
export const anim = { token: 0, until: 0 };
export function showBoard(svg, prev, state, opt, animate) {
  const token = ++anim.token;
  if (!animate || !prev) {
    drawBoard(svg, state, opt);
    return;
  }
  anim.until = performance.now() + 1100;
  const before = pitMap(prev), after = pitMap(state);
  const changed = {};
  for (const k of Object.keys(after)) {
    if (after[k] > before[k]) changed[k] = 'gain';
    else if (after[k] < before[k]) changed[k] = 'loss';
  }
  drawBoard(svg, state, { ...opt, changed, counts: before, hands: prev.hands });
  const t0 = performance.now(), duration = 700;
  const step = (now) => {
    if (token !== anim.token) return;
    const f = Math.min(1, (now - t0) / duration);
    for (const k of Object.keys(changed)) {
      const t = svg.querySelector(`[data-count="${k}"]`);
      if (t) t.textContent = String(Math.round(before[k] + (after[k] - before[k]) * f));
    }
    for (const side of ['South', 'North']) {
      const t = svg.querySelector(`[data-hand="${side}"]`);
      if (t) t.textContent = String(Math.round(prev.hands[side] + (state.hands[side] - prev.hands[side]) * f));
    }
    if (f < 1) {
      requestAnimationFrame(step);
    } else {
      setTimeout(() => {
        if (token === anim.token) drawBoard(svg, state, opt);
      }, 350);
    }
  };
  requestAnimationFrame(step);
}

// Waits until the move being shown has been shown.
export const animationDone = () => sleep(Math.max(0, anim.until - performance.now()));
