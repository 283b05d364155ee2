// The Replay tab: the games of results folders (bao serve --results DIR), stepped ply by
// ply with the predicted replies of opponent-model players and an engine's analysis.

import { $, specSpan, fill } from './dom.js';
import { api } from './api.js';
import { showBoard } from './bao_board.js';
import { plySide, plyLabel, sideOf, fillMoveList, fillPlyList } from './move_list.js';
import { boardFor } from './boards.js';
import { choice, specName } from './game_choice.js';
import { animateOn, pitOfMove } from './play.js';
import { drawCurve } from './curves.js';
import { showVerdict } from './solve_verdict.js';

// game: the open game (/api/game); curves: the evaluation curves drawn for it
// (/api/curve answers with a label and colour each); best: the move to mark at a ply.
export const replay = { folder: null, games: [], game: null, ply: 0, curves: [], best: null, token: 0,
  evaluatorsOf: 'bao' };

// A record of another game than Bao (games.jsonl's game_spec): drawn by its board, its
// plies named by their movers (sides need not alternate), analysed through "game".
const otherGame = (g) => Boolean(g && g.game_spec);
const boardOf = (g) => boardFor(specName(g.game_spec));
const sidesOf = (g) => g.sides || ['South', 'North'];

// The evaluators of the analysis form: the open game's (the registry's list), Bao's
// otherwise; filled again only when the kind of game changes, so a choice stays.
function fillEvaluators(g) {
  const name = otherGame(g) ? specName(g.game_spec) : 'bao';
  if (replay.evaluatorsOf === name) return;
  replay.evaluatorsOf = name;
  const entry = choice.registry.find((e) => e.name === name);
  const names = otherGame(g) ? (entry ? entry.evaluators.map((e) => e.name) : []) : choice.baoEvaluators;
  const sel = $('analyse-eval');
  sel.innerHTML = '';
  for (const v of names) sel.appendChild(Object.assign(document.createElement('option'), { value: v, textContent: v }));
  if (!otherGame(g) && names.includes('default')) sel.value = 'default';
}

export const missed = (g) => Boolean(g.prediction && g.prediction.misses.length);

export function gameMatches(g, text, result, misses) {
  if (result && g.result !== result) return false;
  if (misses && !missed(g)) return false;
  if (!text) return true;
  const hay = [g.pairing, g.south, g.north, g.winner, g.reason, g.result, g.opening, g.id].join(' ').toLowerCase();
  return text.toLowerCase().split(/\s+/).filter(Boolean).every((w) => hay.includes(w));
}

// "hits/tries" of a game's predicted replies, or a dash without any.
export const hitText = (p) => (p && p.tries ? `${p.hits}/${p.tries}` : '\u2014');

export function renderGames() {
  const text = $('filter-text').value.trim(), result = $('filter-result').value, misses = $('filter-miss').checked;
  const body = $('games-table').querySelector('tbody');
  body.innerHTML = '';
  let shown = 0;
  for (const g of replay.games) {
    if (!gameMatches(g, text, result, misses)) continue;
    ++shown;
    const tr = document.createElement('tr');
    tr.dataset.index = String(g.index);
    const cells = [g.index, g.pairing, g.south, g.north, g.result, g.winner || '\u2014', g.plies, g.reason,
      hitText(g.prediction), g.opening];
    cells.forEach((c, i) => {
      const td = document.createElement('td');
      td.textContent = String(c);
      if (i === 8) td.title = 'predicted replies that were played, of those predicted';
      if (i === 9) {
        td.className = 'opening';
        td.title = String(c);
      }
      tr.appendChild(td);
    });
    if (replay.game && replay.game.index === g.index) tr.classList.add('current');
    tr.addEventListener('click', () => openGame(g.index));
    body.appendChild(tr);
  }
  $('games-count').textContent = `${shown} of ${replay.games.length} games`;
}

export async function loadGames(folder) {
  replay.folder = folder;
  replay.game = null;
  $('viewer').hidden = true;
  $('viewer-empty').hidden = false;
  try {
    const r = await api('GET', `/api/games?folder=${encodeURIComponent(folder)}`);
    replay.games = r.games;
  } catch (e) {
    replay.games = [];
    $('games-count').textContent = e.message;
    return;
  }
  renderGames();
}

// "om (South): om-beta(model=material), default, depth 3" with the short name shown.
export function playerLine(g, side) {
  const p = g.players && g.players[side];
  const li = document.createElement('li');
  li.append(`${side}: ${side === 'South' ? g.south : g.north}`);
  if (p) li.append(' \u2014 ', specSpan(p.searcher), `, ${p.eval}${p.depth ? `, depth ${p.depth}` : ''}`);
  const rate = g.prediction && g.prediction[side];
  if (rate && rate.tries) {
    li.append(`; predicted replies: ${rate.hits} of ${rate.tries} (${(100 * rate.rate).toFixed(0)}%)`);
  }
  return li;
}

export async function openGame(index) {
  const token = ++replay.token;
  let g;
  try {
    g = await api('GET', `/api/game?folder=${replay.folder}&index=${index}`);
  } catch (e) {
    $('games-count').textContent = e.message;
    return;
  }
  if (token !== replay.token) return;
  replay.game = g;
  fillEvaluators(g);
  replay.curves = [];
  replay.best = null;
  $('viewer').hidden = false;
  $('viewer-empty').hidden = true;
  $('replay-slider').max = String(g.moves.length);
  $('replay-title').textContent = `${g.pairing}: ${g.south} (South) against ${g.north} (North); ` +
    `${g.result === 'capped' ? 'capped' : g.winner + ' won'} after ${g.plies} plies (${g.reason})`;
  fill($('replay-players'), playerLine(g, 'South'), playerLine(g, 'North'));
  const p = g.prediction;
  $('replay-hits').textContent = p && p.tries
    ? `Hit rate of the predicted replies: ${p.hits} of ${p.tries} (${(100 * p.rate).toFixed(1)}%); ` +
      `${p.misses.length} miss${p.misses.length === 1 ? '' : 'es'}`
    : 'No predicted replies in this record.';
  $('miss-nav').hidden = !(p && p.misses.length);
  $('analysis').textContent = '';
  $('curve-info').textContent = '';
  $('eval-curve').innerHTML = '';
  $('eval-curve').toggleAttribute('hidden', true);  // an SVG element has no .hidden
  const players = ['South', 'North'].filter((s) => g.players && g.players[s]);
  $('curve-players').hidden = players.length === 0;
  renderGames();
  setPly(0, false);
}

// The predicted reply shown at ply k (1-based): the mover of ply k-1 expected the move
// of ply k (records.h: predicted[k-2] against moves[k-1]); null where none was made.
export function predictionAt(g, k) {
  if (!g.predicted || k < 2 || !g.predicted[k - 2]) return null;
  let by;
  if (otherGame(g)) {
    by = g.states[k - 2].to_move;
  } else {
    const first = sideOf(g.states[0].position);
    by = plySide(k - 2, first) === 'S' ? 'South' : 'North';
  }
  return { by, name: by === sidesOf(g)[0] ? g.south : g.north, predicted: g.predicted[k - 2], actual: g.moves[k - 1],
    hit: g.predicted[k - 2] === g.moves[k - 1] };
}

export function renderPrediction(g, k) {
  const box = $('replay-prediction');
  const p = predictionAt(g, k);
  box.className = `prediction ${p ? (p.hit ? 'hit' : 'miss') : ''}`;
  if (!p) {
    box.textContent = k >= 2 && g.predicted && g.predicted.length ? 'No reply was predicted for this move.' : '';
    return;
  }
  const predicted = Object.assign(document.createElement('code'), { id: 'pred-predicted', textContent: p.predicted });
  const actual = Object.assign(document.createElement('code'), { id: 'pred-actual', textContent: p.actual });
  fill(box, `Predicted by ${p.by} (${p.name}): `, predicted, ' \u2014 played: ', actual,
    p.hit ? ' \u2714 hit' : ' \u2718 miss');
}

// Marks the plies whose move was not the one predicted (their title names the
// prediction).
export function markMisses(g) {
  for (const k of (g.prediction && g.prediction.misses) || []) {
    const e = $('replay-moves').querySelector(`[data-ply="${k}"]`);
    if (!e) continue;
    e.classList.add('miss');
    e.title += ` (predicted ${g.predicted[k - 2]})`;
  }
}

// The move to mark at ply k: the first curve's best move there, else the last
// evaluation's when it was of this ply.
export function bestAt(k) {
  for (const c of replay.curves) {
    const p = c.points[k];
    if (p && p.best) {
      const g = replay.game;
      return otherGame(g) ? { pit: boardOf(g).pitOf(g.states[k], p.best), move: p.best }
        : { pit: p.pit, dir: p.dir, move: p.best };
    }
  }
  return replay.best && replay.best.ply === k ? replay.best : null;
}

export function setPly(k, animate) {
  const g = replay.game;
  if (!g) return;
  k = Math.max(0, Math.min(g.moves.length, k));
  const prev = g.states[replay.ply];
  const step = k === replay.ply + 1;
  replay.ply = k;
  const state = g.states[k];
  const other = otherGame(g);
  const from = k === 0 ? null : other ? boardOf(g).pitOf(g.states[k - 1], g.moves[k - 1]) : pitOfMove(g.moves[k - 1]);
  const opt = { from, flip: $('replay-flip').checked, best: bestAt(k) };
  if (other) boardOf(g).draw($('replay-board'), state, opt);
  else showBoard($('replay-board'), step ? prev : null, state, opt, animate && step && animateOn());
  $('replay-slider').value = String(k);
  const first = sideOf(g.states[0].position);
  const label = (i) => (other ? g.states[i].to_move : plyLabel(i, first));
  $('replay-ply').textContent = k === 0 ? `start (of ${g.moves.length} plies)`
    : `ply ${k} of ${g.moves.length}: ${label(k - 1)} ${g.moves[k - 1]}`;
  $('replay-position').textContent = state.position;
  if (other) fillPlyList($('replay-moves'), g.moves, g.states.map((s) => s.to_move), k, (p) => setPly(p, false));
  else fillMoveList($('replay-moves'), g.moves, first, k, (p) => setPly(p, false));
  markMisses(g);
  renderPrediction(g, k);
  if (replay.curves.length) drawCurve($('eval-curve'), replay.curves, k, (p) => setPly(p, false), sidesOf(g));
  showVerdict(other ? null : { variant: g.variant, rules: g.rules_options, position: state.position });
}

// The next (dir 1) or previous (-1) ply from the current one, or the next miss when
// stepping through misses only.
export function stepPly(dir) {
  const g = replay.game;
  if (!g) return;
  const misses = (g.prediction && g.prediction.misses) || [];
  if ($('misses-only').checked && misses.length) return jumpMiss(dir);
  setPly(replay.ply + dir, dir > 0);
}

export function jumpMiss(dir) {
  const misses = (replay.game.prediction && replay.game.prediction.misses) || [];
  const k = dir > 0 ? misses.find((m) => m > replay.ply) : [...misses].reverse().find((m) => m < replay.ply);
  if (k !== undefined) setPly(k, false);
}

export async function analyse() {
  const g = replay.game;
  if (!g) return;
  const ply = replay.ply;
  const state = g.states[ply];
  $('analysis').textContent = 'Searching\u2026';
  try {
    const game = otherGame(g) ? { game: g.game_spec } : { variant: g.variant, rules: g.rules_options };
    const s = await api('POST', '/api/search', {
      ...game, position: state.position,
      searcher: $('analyse-searcher').value.trim() || 'alphabeta', eval: $('analyse-eval').value,
      depth: Number($('analyse-depth').value) || 6,
    });
    const played = ply < g.moves.length ? `; played: ${g.moves[ply]}` : '';
    $('analysis').textContent = `best ${s.best}, value ${s.value} for ${state.to_move} (depth ${s.depth}, ` +
      `${s.nodes} nodes, ${s.seconds.toFixed(2)} s)${played}\nPV: ${s.pv.join(' ')}\n` +
      s.iterations.map((it) => `  depth ${it.depth}  value ${it.value}  pv ${it.pv}`).join('\n');
    const m = state.legal.find((l) => l.move === s.best);
    const pit = m && otherGame(g) ? boardOf(g).pitOf(state, m.move) : m && m.pit;
    replay.best = m ? { ply, pit, dir: m.dir, move: m.move } : null;
    if (replay.ply === ply) setPly(ply, false);
  } catch (e) {
    $('analysis').textContent = e.message;
  }
}
