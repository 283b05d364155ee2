// The solver's verdict beside the evaluation curve: "win in N" / "loss in N" for the
// side to move of the replayed position when the solver (/api/solve: df-pn, then the
// exact distance with the time left) proves it within the board's budget; Bao only.
// Stepping through the plies asks again after a short pause, and an answer that arrives
// for a ply no longer shown is dropped.

import { $ } from './dom.js';
import { api } from './api.js';

const PAUSE_MS = 250;
const BUDGET_MS = 1000;
let token = 0;
let timer = null;

// The verdict's text for an /api/solve answer.
export function verdictText(s) {
  if (s.status === 'over') return `Solver: the game is over (${s.result}).`;
  const cost = `${s.nodes} nodes, ${s.seconds.toFixed(2)} s`;
  if (s.status !== 'proven') return `Solver: not proven within ${BUDGET_MS / 1000} s (${cost}).`;
  const n = s.distance_exact ? `${s.distance}` : `at most ${s.distance}`;
  return `Solver: ${s.to_move} to move, ${s.value} in ${n} plies (${s.winner} wins; best ${s.best}; ${cost}).`;
}

// Asks for the verdict on `body` (a Bao game as /api/search takes it) after a pause;
// null clears the line (another game, or none open).
export function showVerdict(body) {
  const el = $('solve-verdict');
  const mine = ++token;
  clearTimeout(timer);
  el.textContent = '';
  if (!body) return;
  timer = setTimeout(async () => {
    el.textContent = 'Solver: working\u2026';
    try {
      const s = await api('POST', '/api/solve', { ...body, time_ms: BUDGET_MS });
      if (mine === token) el.textContent = verdictText(s);
    } catch (e) {
      if (mine === token) el.textContent = `Solver: ${e.message}`;
    }
  }, PAUSE_MS);
}
