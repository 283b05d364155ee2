// A game without a drawing of its own on the page: its board as the server draws it for
// the terminal (AnyGame::draw, `bao show --game G`), line by line in SVG. Moves are
// typed in the move field.

import { svgEl } from './dom.js';

export function drawText(svg, state) {
  const lines = (state.board || state.position).replace(/\n$/, '').split('\n');
  const width = Math.max(20, ...lines.map((l) => l.length));
  const W = 20 + 9.6 * width, H = 24 + 20 * lines.length;
  svg.innerHTML = '';
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svgEl('rect', { x: 2, y: 2, width: W - 4, height: H - 4, rx: 10, class: 'frame' }, svg);
  lines.forEach((l, i) => svgEl('text', { x: 10, y: 24 + 20 * i, class: 'textboard' }, svg, l));
}
