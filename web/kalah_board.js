// Kalah's board in SVG (docs/kalah.md): two rows of houses and a store at each end, as
// `bao show --game kalah` draws it: North's row on top with its house 1 on the right (each
// side sows counter-clockwise, towards its own store), North's store on the left, South's
// row below with house 1 on the left, South's store on the right. Flipped, the board is
// turned round. A house is named by its side and number ("S3"), which is the move of the
// side to move that sows it.

import { svgEl } from './dom.js';
import { drawSeeds } from './bao_board.js';

const K = { cell: 76, r: 29, store: 86, top: 34, pad: 10 };

// "4,4,4/4,4,4 0,0 S" -> {houses: {South: [...], North: [...]}, stores: {South, North}, toMove}.
export function parseKalah(position) {
  const [rows, stores, side] = position.trim().split(/\s+/);
  const [south, north] = rows.split('/').map((r) => r.split(',').map(Number));
  const [s, n] = stores.split(',').map(Number);
  return { houses: { South: south, North: north }, stores: { South: s, North: n }, toMove: side === 'S' ? 'South' : 'North' };
}

// The house a move sows: the mover's side and the move's number.
export const kalahPitOf = (state, move) => `${state.to_move[0]}${move}`;

// opt: movable (Set of house names), onPit(name), flip, best ({pit, move}), from.
export function drawKalah(svg, state, opt = {}) {
  const k = parseKalah(state.position);
  const m = k.houses.South.length;
  const W = 2 * K.pad + 2 * K.store + m * K.cell, H = K.top + 2 * K.cell + 40;
  svg.innerHTML = '';
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svgEl('rect', { x: 4, y: 4, width: W - 8, height: H - 8, rx: 18, class: 'frame' }, svg);
  const top = opt.flip ? 'South' : 'North', bottom = opt.flip ? 'North' : 'South';
  const x0 = K.pad + K.store;
  const rowY = (i) => K.top + i * K.cell + K.cell / 2;
  // The top row runs m..1 from left to right, the bottom row 1..m.
  for (const [i, side] of [[0, top], [1, bottom]]) {
    for (let c = 0; c < m; ++c) {
      const house = i === 0 ? m - c : c + 1;
      const x = x0 + c * K.cell + K.cell / 2, y = rowY(i);
      const name = `${side[0]}${house}`;
      const n = k.houses[side][house - 1];
      const g = svgEl('g', { 'data-pit': name, class: 'pitgroup' }, svg);
      const cls = ['pit'];
      if (opt.movable && opt.movable.has(name)) cls.push('movable');
      if (opt.from === name) cls.push('from');
      if (opt.best && opt.best.pit === name) cls.push('best');
      svgEl('circle', { cx: x, cy: y, r: K.r, class: cls.join(' ') }, g);
      drawSeeds(g, x, y, n);
      svgEl('text', { x, y, class: 'count', 'data-count': name }, g, String(n));
      svgEl('title', {}, g, `${side}'s house ${house}: ${n} seed${n === 1 ? '' : 's'}` +
        (opt.best && opt.best.pit === name ? `; best move ${opt.best.move}` : ''));
      if (opt.onPit) g.addEventListener('click', () => opt.onPit(name));
      svgEl('text', { x, y: i === 0 ? K.top - 14 : H - 18, class: 'label' }, svg, String(house));
    }
  }
  // The top side's store on the left, the bottom side's on the right.
  for (const [side, x] of [[top, K.pad], [bottom, x0 + m * K.cell]]) {
    const cx = x + K.store / 2, cy = K.top + K.cell;
    svgEl('rect', { x: x + 8, y: K.top + 6, width: K.store - 16, height: 2 * K.cell - 12, rx: 30, class: 'pit store',
      'data-store': side }, svg);
    svgEl('text', { x: cx, y: cy, class: 'count', 'data-store-count': side }, svg, String(k.stores[side]));
    const mark = state.outcome === 'ongoing' && state.to_move === side ? `\u25B6 ${side}`
      : state.outcome === side ? `${side} wins` : side;
    // The side's name beside its store, outside it: above the top side's, below the other's.
    svgEl('text', { x: cx, y: side === top ? K.top - 14 : K.top + 2 * K.cell + 22,
      class: `hand-text${state.outcome === 'ongoing' && state.to_move === side ? ' tomove' : ''}` }, svg, mark);
  }
}
