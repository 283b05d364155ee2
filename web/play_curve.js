// The Play tab's analysis, for any game: the evaluation curve of the game so far (POST
// /api/evaluate: every position searched by the form's engine), and any earlier ply
// looked at on the board, from the curve or the move list, while the game waits at its
// last ply.

import { $, fill, shortSpec, specSpan } from './dom.js';
import { api } from './api.js';
import { drawBoard } from './bao_board.js';
import { boardFor } from './boards.js';
import { CURVE_COLORS, drawCurve } from './curves.js';
import { sideNames, specName } from './game_choice.js';
import { play, engineBody, gameBody, renderPlay } from './play.js';

// curve: the last curve (/api/evaluate) and the moves it was of; states: every ply's
// state of the moves `statesOf`; ply: the ply on the board, null at the game's last.
const view = { curve: null, curveOf: '', states: null, statesOf: '', ply: null };

const movesKey = () => `${play.start}\n${play.moves.join(' ')}`;

// The game's spec for /api/evaluate: Bao's variant and rules options as its parameters.
function evaluateSpec() {
  if (play.game) return play.game;
  const params = [`variant=${play.variant}`, ...Object.entries(play.rules).map(([k, v]) => `${k}=${v}`)];
  return `bao(${params.join(',')})`;
}

function drawCurveAt(k) {
  if (!view.curve || view.curveOf !== movesKey()) {
    $('play-curve').toggleAttribute('hidden', true);
    return;
  }
  $('play-curve').toggleAttribute('hidden', false);
  drawCurve($('play-curve'), [view.curve], k, viewPly, view.curve.sides || sideNames());
}

// Called whenever the game's board is drawn at its last ply: the curve's cursor follows,
// and a curve of other moves is hidden.
export function gameShown() {
  view.ply = null;
  drawCurveAt(play.moves.length);
}

export async function playCurve() {
  const e = engineBody();
  // The strength mode is Bao's alone; the curve of any game searches with alpha-beta then.
  const searcher = e.searcher === 'engine' ? 'alphabeta' : e.searcher;
  const key = movesKey();
  $('play-curve-info').textContent = 'Evaluating every position\u2026';
  try {
    const r = await api('POST', '/api/evaluate', { game: evaluateSpec(), position: play.start, moves: play.moves,
      searcher, eval: e.eval, depth: e.depth });
    view.curve = { ...r, label: `${shortSpec(r.searcher)} ${r.eval}`, color: CURVE_COLORS[0] };
    view.curveOf = key;
    fill($('play-curve-info'), specSpan(r.searcher), ` ${r.eval} depth ${r.depth}: ${r.seconds.toFixed(2)} s` +
      (r.complete ? '' : ` (stopped after ${r.points.length} positions: the server's time cap)`) +
      `. Values from ${r.sides[0]}'s view; a click on a point shows its ply.`);
    drawCurveAt(view.ply === null ? play.moves.length : view.ply);
  } catch (err) {
    $('play-curve-info').textContent = err.message;
  }
}

// Shows ply k (0: the start) on the board; the game's last ply goes back to the game.
export async function viewPly(k) {
  if (k >= play.moves.length) {
    renderPlay(null, null);
    return;
  }
  const key = movesKey();
  if (view.statesOf !== key) {
    try {
      const r = await api('POST', '/api/position', { ...gameBody(), all: true });
      view.states = r.states;
      view.statesOf = key;
    } catch (err) {
      $('play-status').textContent = err.message;
      return;
    }
  }
  view.ply = k;
  const s = view.states[k];
  const opt = { flip: $('flip').checked };
  if (play.game) boardFor(specName(play.game)).draw($('play-board'), s, opt);
  else drawBoard($('play-board'), s, opt);
  $('play-status').textContent = `Looking at ply ${k} of ${play.moves.length}` +
    ` (${s.to_move} to move); the game goes on from ply ${play.moves.length}: click its last move.`;
  $('play-position').textContent = s.position;
  $('play-moves').querySelectorAll('.ply').forEach((e) => e.classList.toggle('current', Number(e.dataset.ply) === k));
  drawCurveAt(k);
}
