// English draughts (checkers) in SVG (docs/checkers.md): the 8x8 board with Black's side
// on top, as `bao show --game checkers` draws it; the 32 dark squares numbered 1..32 row
// by row from the top, square 1 the top row's leftmost dark square. A square is named
// "sq<N>"; a piece's square plays its moves (a step 11-15, a capture 22x15x8: the first
// number is where the piece stands), several moves from one square offered as choices.

import { svgEl } from './dom.js';

const C = { cell: 64, pad: 26 };

// The squares of "B:W21,22,K23:B1-12[:H4]" -> {pieces: {N: 'b'|'B'|'w'|'W'}, toMove}.
export function parseFen(fen) {
  const fields = fen.trim().replace(/\.$/, '').split(':');
  const pieces = {};
  for (const f of fields.slice(1)) {
    const colour = f[0];
    if (colour !== 'W' && colour !== 'B') continue;  // the draw-rule count, H<plies>
    for (const item of f.slice(1).split(',').filter(Boolean)) {
      const king = item.startsWith('K');
      const [a, b] = item.replace(/^K/, '').split('-').map(Number);
      for (let n = a; n <= (b || a); ++n) pieces[n] = king ? colour : colour.toLowerCase();
    }
  }
  return { pieces, toMove: fields[0] === 'B' ? 'Black' : 'White' };
}

export const checkersPitOf = (state, move) => `sq${parseInt(move, 10)}`;

// opt: movable (Set of square names), selected, onPit(name), flip (White's side on top),
// best ({pit, move}), from.
export function drawCheckers(svg, state, opt = {}) {
  const { pieces } = parseFen(state.position);
  const W = 2 * C.pad + 8 * C.cell;
  svg.innerHTML = '';
  svg.setAttribute('viewBox', `0 0 ${W} ${W}`);
  svgEl('rect', { x: 2, y: 2, width: W - 4, height: W - 4, rx: 12, class: 'frame' }, svg);
  for (let r = 0; r < 8; ++r) {
    for (let c = 0; c < 8; ++c) {
      const row = opt.flip ? 7 - r : r, col = opt.flip ? 7 - c : c;
      const x = C.pad + col * C.cell, y = C.pad + row * C.cell;
      if ((r + c) % 2 === 0) {
        svgEl('rect', { x, y, width: C.cell, height: C.cell, class: 'light-square' }, svg);
        continue;
      }
      const n = 4 * r + Math.floor(c / 2) + 1, name = `sq${n}`;
      const g = svgEl('g', { 'data-pit': name, class: 'pitgroup' }, svg);
      const cls = ['dark-square'];
      if (opt.movable && opt.movable.has(name)) cls.push('movable');
      if (opt.selected === name) cls.push('selected');
      if (opt.from === name) cls.push('from');
      if (opt.best && opt.best.pit === name) cls.push('best');
      svgEl('rect', { x, y, width: C.cell, height: C.cell, class: cls.join(' ') }, g);
      svgEl('text', { x: x + 4, y: y + 12, class: 'square-number' }, g, String(n));
      const p = pieces[n];
      if (p) {
        const cx = x + C.cell / 2, cy = y + C.cell / 2;
        svgEl('circle', { cx, cy, r: C.cell * 0.36, class: `piece ${p.toLowerCase() === 'b' ? 'black' : 'white'}`,
          'data-piece': p }, g);
        if (p === 'B' || p === 'W') svgEl('text', { x: cx, y: cy, class: 'king' }, g, 'K');
      }
      svgEl('title', {}, g, `square ${n}${p ? `: ${p === p.toUpperCase() ? 'king' : 'man'}` : ''}`);
      if (opt.onPit) g.addEventListener('click', () => opt.onPit(name));
    }
  }
}
