// The Summary tab: summary.md and summary.csv of a results folder, the running score of
// each pairing and the SPRT's log-likelihood ratio.

import { $, svgEl } from './dom.js';
import { api } from './api.js';

export const escapeHtml = (s) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

// The markdown bao run writes: headings, paragraphs and pipe tables.
export function markdownToHtml(md) {
  const out = [];
  const lines = md.split('\n');
  let para = [];
  const flush = () => {
    if (para.length) out.push(`<p>${escapeHtml(para.join(' '))}</p>`);
    para = [];
  };
  for (let i = 0; i < lines.length; ++i) {
    const line = lines[i];
    if (line.startsWith('#')) {
      flush();
      const level = Math.min(4, line.match(/^#+/)[0].length + 2);
      out.push(`<h${level}>${escapeHtml(line.replace(/^#+\s*/, ''))}</h${level}>`);
    } else if (line.trim().startsWith('|')) {
      flush();
      const rows = [];
      while (i < lines.length && lines[i].trim().startsWith('|')) rows.push(lines[i++].trim());
      --i;
      const cells = (r) => r.replace(/^\||\|$/g, '').split('|').map((c) => escapeHtml(c.trim()));
      let html = '<table>';
      rows.forEach((r, k) => {
        if (k === 1 && /^[|\s:-]+$/.test(r)) return;
        const tag = k === 0 ? 'th' : 'td';
        html += `<tr>${cells(r).map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;
      });
      out.push(`${html}</table>`);
    } else if (!line.trim()) {
      flush();
    } else {
      para.push(line.trim());
    }
  }
  flush();
  return out.join('\n');
}

export function csvToHtml(csv) {
  const rows = csv.trim().split('\n').map((r) => r.split(',').map((c) => escapeHtml(c)));
  return '<table>' + rows.map((r, k) => `<tr>${r.map((c) => (k ? `<td>${c}</td>` : `<th>${c}</th>`)).join('')}</tr>`)
    .join('') + '</table>';
}

export const COLORS = ['#1f5fa8', '#c0392b', '#2e7d32', '#8e44ad', '#d35400', '#16a085', '#7f8c8d', '#b7950b'];

// The first player's running score of each pairing over its games, with its 95%
// interval as a band: the mean of the points so far plus or minus 1.96 standard errors
// of single games (the summary's interval counts game pairs, so it can differ).
export function drawPlot(svg, games) {
  svg.innerHTML = '';
  const W = 760, H = 300, L = 48, R = 16, T = 16, B = 36;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const series = new Map();
  for (const g of games) {
    if (!series.has(g.pairing)) series.set(g.pairing, { points: 0, squares: 0, ys: [], lo: [], hi: [] });
    const s = series.get(g.pairing);
    s.points += g.first_points;
    s.squares += g.first_points * g.first_points;
    const n = s.ys.length + 1, mean = s.points / n;
    const half = n > 1 ? 1.959964 * Math.sqrt(Math.max(0, (s.squares / n - mean * mean) * n / (n - 1)) / n) : 0.5;
    s.ys.push(mean);
    s.lo.push(Math.max(0, mean - half));
    s.hi.push(Math.min(1, mean + half));
  }
  const n = Math.max(1, ...[...series.values()].map((s) => s.ys.length));
  const X = (i) => L + (W - L - R) * (n === 1 ? 0.5 : i / (n - 1));
  const Y = (v) => T + (H - T - B) * (1 - v);
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    svgEl('line', { x1: L, x2: W - R, y1: Y(v), y2: Y(v), class: v === 0.5 ? 'even' : 'grid' }, svg);
    svgEl('text', { x: L - 6, y: Y(v) + 4, 'text-anchor': 'end' }, svg, `${v * 100}%`);
  }
  svgEl('line', { x1: L, x2: L, y1: T, y2: H - B, class: 'axis' }, svg);
  svgEl('line', { x1: L, x2: W - R, y1: H - B, y2: H - B, class: 'axis' }, svg);
  const ticks = Math.min(n, 10);
  for (let k = 0; k < ticks; ++k) {
    const i = ticks === 1 ? 0 : Math.round((k * (n - 1)) / (ticks - 1));
    svgEl('text', { x: X(i), y: H - B + 16, 'text-anchor': 'middle' }, svg, String(i + 1));
  }
  svgEl('text', { x: (L + W - R) / 2, y: H - 4, 'text-anchor': 'middle' }, svg, 'games of the pairing');
  let k = 0;
  for (const [name, s] of series) {
    const color = COLORS[k % COLORS.length];
    if (s.ys.length > 1) {
      // From the second game: one game has no spread to measure.
      const upper = s.hi.slice(1).map((v, i) => `${X(i + 1)},${Y(v)}`);
      const lower = s.lo.slice(1).map((v, i) => `${X(i + 1)},${Y(v)}`).reverse();
      svgEl('polygon', { points: [...upper, ...lower].join(' '), class: 'band', fill: color, 'data-pairing': name },
        svg);
    }
    const pts = s.ys.map((v, i) => `${X(i)},${Y(v)}`).join(' ');
    svgEl(s.ys.length === 1 ? 'circle' : 'polyline',
      s.ys.length === 1 ? { cx: X(0), cy: Y(s.ys[0]), r: 4, fill: color }
        : { points: pts, class: 'line', stroke: color }, svg);
    const last = s.ys.length - 1;
    svgEl('text', { x: L + 10, y: T + 14 + 15 * k, fill: color }, svg,
      `${name}: ${(100 * s.ys[last]).toFixed(1)}% after ${s.ys.length}` +
      (s.ys.length > 1 ? ` (95%: ${(100 * s.lo[last]).toFixed(1)}\u2013${(100 * s.hi[last]).toFixed(1)}%)` : ''));
    ++k;
  }
  if (!series.size) svgEl('text', { x: W / 2, y: H / 2, 'text-anchor': 'middle' }, svg, 'no games');
}

// Each pairing's LLR after each game pair the SPRT counted, against the bounds at which
// it accepts H0 (below) or H1 (above).
export function drawLlr(svg, r) {
  svg.innerHTML = '';
  // The legend (a line per pairing) sits above the plot area.
  const W = 760, H = 260 + 15 * r.pairings.length, L = 56, R = 16, T = 22 + 15 * r.pairings.length, B = 36;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const sp = r.sprt;
  const n = Math.max(1, ...r.pairings.map((p) => p.pairs));
  let lo = sp.lower, hi = sp.upper;
  for (const p of r.pairings) for (const t of p.track) { lo = Math.min(lo, t.llr); hi = Math.max(hi, t.llr); }
  const pad = 0.08 * (hi - lo);
  lo -= pad;
  hi += pad;
  const X = (i) => L + ((W - L - R) * i) / n;
  const Y = (v) => T + ((H - T - B) * (hi - v)) / (hi - lo);
  svgEl('line', { x1: L, x2: L, y1: T, y2: H - B, class: 'axis' }, svg);
  svgEl('line', { x1: L, x2: W - R, y1: H - B, y2: H - B, class: 'axis' }, svg);
  svgEl('line', { x1: L, x2: W - R, y1: Y(0), y2: Y(0), class: 'grid' }, svg);
  for (const [v, text] of [[sp.upper, `accept H1 (elo ${sp.elo1})`], [sp.lower, `accept H0 (elo ${sp.elo0})`]]) {
    svgEl('line', { x1: L, x2: W - R, y1: Y(v), y2: Y(v), class: 'bound', 'data-bound': v.toFixed(3) }, svg);
    svgEl('text', { x: W - R - 4, y: Y(v) - 4, 'text-anchor': 'end' }, svg, `${text}: ${v.toFixed(2)}`);
    svgEl('text', { x: L - 6, y: Y(v) + 4, 'text-anchor': 'end' }, svg, v.toFixed(2));
  }
  svgEl('text', { x: L - 6, y: Y(0) + 4, 'text-anchor': 'end' }, svg, '0');
  svgEl('text', { x: (L + W - R) / 2, y: H - 4, 'text-anchor': 'middle' }, svg, 'game pairs counted');
  const ticks = Math.min(n, 10);
  for (let t = 0; t <= ticks; ++t) {
    const i = Math.round((t * n) / ticks);
    svgEl('text', { x: X(i), y: H - B + 16, 'text-anchor': 'middle' }, svg, String(i));
  }
  r.pairings.forEach((p, k) => {
    const color = COLORS[k % COLORS.length];
    const pts = [{ pairs: 0, llr: 0 }, ...p.track].map((t) => `${X(t.pairs)},${Y(t.llr)}`).join(' ');
    svgEl('polyline', { points: pts, class: 'line', stroke: color, 'data-pairing': p.pairing }, svg);
    const verdict = p.decision ? `${p.decision} accepted` : 'no decision yet';
    svgEl('text', { x: L + 10, y: 16 + 15 * k, fill: color }, svg,
      `${p.pairing}: LLR ${p.llr.toFixed(3)} after ${p.pairs} pairs, ${verdict}`);
  });
}

export async function loadSummary(folder) {
  const box = $('summary');
  box.innerHTML = '';
  try {
    const [s, g, t] = await Promise.all([api('GET', `/api/summary?folder=${folder}`),
      api('GET', `/api/games?folder=${folder}`), api('GET', `/api/sprt?folder=${folder}`)]);
    drawPlot($('score-plot'), g.games);
    $('llr-section').hidden = !t.sprt;
    if (t.sprt) {
      $('llr-note').textContent = `elo0 ${t.sprt.elo0}, elo1 ${t.sprt.elo1}, alpha ${t.sprt.alpha}, ` +
        `beta ${t.sprt.beta}, ${t.sprt.model}; the test follows the game pairs in opening order, as bao run does.`;
      drawLlr($('llr-plot'), t);
    }
    let html = '';
    if (s.markdown) html += markdownToHtml(s.markdown);
    if (s.csv) html += `<h3>summary.csv</h3>${csvToHtml(s.csv)}`;
    if (!html) html = '<p>No summary.md or summary.csv in this folder (the run has not ended).</p>';
    box.innerHTML = html;
  } catch (e) {
    box.textContent = e.message;
  }
}
