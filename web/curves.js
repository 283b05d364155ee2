// Evaluation curves: the value of every position of a game by one engine, over the plies.

import { $, svgEl, shortSpec, specSpan, fill } from './dom.js';
import { api } from './api.js';
import { replay, setPly } from './replay.js';

export const CURVE_COLORS = ['#1f5fa8', '#c0392b', '#2e7d32', '#8e44ad'];

// Fetches the curves of `requests` ({label, searcher, eval, depth}) for the open game and
// draws them; the server computes each once and keeps it.
export async function loadCurves(requests) {
  const g = replay.game;
  if (!g) return;
  const token = replay.token;
  $('curve-info').textContent = 'Evaluating every position\u2026';
  try {
    const curves = await Promise.all(requests.map((q) => api('GET', `/api/curve?folder=${replay.folder}` +
      `&index=${g.index}&searcher=${encodeURIComponent(q.searcher)}&eval=${encodeURIComponent(q.eval)}` +
      `&depth=${q.depth}`).then((c) => ({ ...c, label: q.label }))));
    if (token !== replay.token) return;
    curves.forEach((c, i) => { c.color = CURVE_COLORS[i % CURVE_COLORS.length]; });
    replay.curves = curves;
    $('eval-curve').toggleAttribute('hidden', false);
    fill($('curve-info'), ...curves.flatMap((c, i) => [i ? '; ' : '', specSpan(c.searcher),
      ` ${c.eval} depth ${c.depth}: ${c.seconds.toFixed(2)} s${c.cached ? ' (cached)' : ''}` +
      (c.complete ? '' : ` (stopped after ${c.points.length} positions: the server's time cap)`)]),
    `. Values from ${(g.sides || ['South'])[0]}'s view; a click on a point shows its ply, the best move is marked ` +
      'on the board.');
    setPly(replay.ply, false);
  } catch (e) {
    if (token === replay.token) $('curve-info').textContent = e.message;
  }
}

export function curveChosen() {
  const searcher = $('analyse-searcher').value.trim() || 'alphabeta', ev = $('analyse-eval').value;
  const depth = Number($('analyse-depth').value) || 6;
  loadCurves([{ label: `${shortSpec(searcher)} ${ev}`, searcher, eval: ev, depth }]);
}

// One curve per player's evaluator (the one config.ini gives it), with the searcher and
// depth of the form; one when both use the same.
export function curvePlayers() {
  const g = replay.game;
  const searcher = $('analyse-searcher').value.trim() || 'alphabeta';
  const depth = Number($('analyse-depth').value) || 6;
  const reqs = [];
  for (const side of ['South', 'North']) {
    const p = g.players && g.players[side];
    if (!p) continue;
    const same = reqs.find((r) => r.eval === p.eval);
    if (same) same.label += ` and ${side}'s`;
    else reqs.push({ label: `${side}'s evaluator (${p.eval})`, searcher, eval: p.eval, depth });
  }
  if (reqs.length) loadCurves(reqs);
}

// The curves over the plies; decisive values (a win found) are drawn at the edge. A
// point is a circle (data-ply) that calls onPick(ply); the current ply is a line. The
// legend (a line per curve, right) and "South ahead" (left) stand in a band above the
// plot area, one line high per curve: a curve at the top of the plot, as every decisive
// value is, never runs through them. `sides`: the first side's name (values are from its
// view) and the second's.
export function drawCurve(svg, curves, current, onPick, sides = ['South', 'North']) {
  svg.innerHTML = '';
  const LINE = 13, band = LINE * Math.max(1, curves.length);
  const W = 760, H = 230 + band, L = 58, R = 14, T = 12 + band, B = 30;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const n = Math.max(1, ...curves.map((c) => c.points.length - 1));
  const decisive = (c, v) => Math.abs(v) > c.win - 1000;
  let M = 1;
  for (const c of curves) {
    for (const p of c.points) if (p.value !== null && !decisive(c, p.value)) M = Math.max(M, Math.abs(p.value));
  }
  M *= 1.15;
  const X = (k) => L + ((W - L - R) * k) / n;
  const Y = (v) => T + ((H - T - B) * (1 - (v + M) / (2 * M)));
  const shown = (c, p) => {
    if (p.value === null) return p.winner === sides[0] ? M : p.winner === sides[1] ? -M : 0;
    return decisive(c, p.value) ? Math.sign(p.value) * M : p.value;
  };
  svgEl('line', { x1: L, x2: W - R, y1: Y(0), y2: Y(0), class: 'even' }, svg);
  svgEl('line', { x1: L, x2: L, y1: T, y2: H - B, class: 'axis' }, svg);
  svgEl('line', { x1: L, x2: W - R, y1: H - B, y2: H - B, class: 'axis' }, svg);
  for (const v of [M / 1.15, 0, -M / 1.15]) {
    svgEl('text', { x: L - 6, y: Y(v) + 4, 'text-anchor': 'end' }, svg, String(Math.round(v)));
  }
  svgEl('text', { x: L + 4, y: T - 8 }, svg, `${sides[0]} ahead \u2191`);
  svgEl('text', { x: L + 4, y: H - B - 6, class: 'faint' }, svg, `${sides[1]} ahead \u2193`);
  const ticks = Math.min(n, 10);
  for (let t = 0; t <= ticks; ++t) {
    const k = Math.round((t * n) / ticks);
    svgEl('text', { x: X(k), y: H - B + 16, 'text-anchor': 'middle' }, svg, String(k));
  }
  svgEl('text', { x: W - R, y: H - 4, 'text-anchor': 'end' }, svg, 'ply');
  svgEl('line', { x1: X(current), x2: X(current), y1: T, y2: H - B, class: 'cursor' }, svg);
  curves.forEach((c, i) => {
    svgEl('polyline', { points: c.points.map((p) => `${X(p.ply)},${Y(shown(c, p))}`).join(' '), class: 'line',
      stroke: c.color }, svg);
    // The colour set as a style too (through the CSSOM, which a content security policy
    // allows): the page's `.plot text` rule overrides a fill attribute.
    const name = svgEl('text', { x: W - R, y: 14 + LINE * i, 'text-anchor': 'end', fill: c.color, class: 'legend' },
      svg, c.label);
    name.style.fill = c.color;
    for (const p of c.points) {
      const dot = svgEl('circle', { cx: X(p.ply), cy: Y(shown(c, p)), r: p.ply === current ? 5 : 3.5, fill: c.color,
        class: 'point', 'data-ply': p.ply, 'data-curve': i }, svg);
      const over = p.winner === 'draw' ? 'a draw' : `${p.winner} has won`;
      const v = p.value === null ? over : decisive(c, p.value) ? `a win for ${p.value > 0 ? sides[0] : sides[1]} found`
        : `value ${p.value}`;
      svgEl('title', {}, dot, `ply ${p.ply}: ${v}${p.best ? `; best ${p.best}` : ''} (${c.label})`);
      dot.addEventListener('click', () => onPick(p.ply));
    }
  });
}
