// The Play tab: a person against an engine, two people, or two engines. The page keeps
// the game (start and moves); the server answers with positions and legal moves.

import { $, sleep, specSpan, fill, message } from './dom.js';
import { api } from './api.js';
import { drawBoard, showBoard, animationDone } from './bao_board.js';
import { plySide, sideOf, fillMoveList, fillPlyList } from './move_list.js';
import { boardFor } from './boards.js';
import { gameShown, viewPly } from './play_curve.js';
import { chosenSpec, specName, sideNames } from './game_choice.js';

export const play = {
  variant: 'kiswahili', rules: {}, start: '', moves: [], state: null,
  human: { South: true, North: false }, token: 0, busy: false, selected: null,
  // Any game but Bao: its spec, and the side to move before each ply and after the last.
  game: null, sides: [],
};

// The drawing of the game being played (any game but Bao).
const board = () => boardFor(specName(play.game));

export function parseRules(text) {
  const rules = {};
  for (const item of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    const eq = item.indexOf('=');
    if (eq < 0) throw new Error(`rules: expected key=value, found '${item}'`);
    rules[item.slice(0, eq).trim()] = item.slice(eq + 1).trim();
  }
  return rules;
}

export const gameBody = () => (play.game ? { game: play.game, position: play.start, moves: play.moves }
  : { variant: play.variant, rules: play.rules, position: play.start, moves: play.moves });
export const engineBody = () => ({ searcher: $('searcher').value.trim() || 'engine', eval: $('eval').value,
  depth: Number($('depth').value) || 6 });
export const animateOn = () => $('animate').checked;
export const humanToMove = () => play.state && play.state.outcome === 'ongoing' && play.human[play.state.to_move];
export const engineName = () => { const e = engineBody(); return `${e.searcher}/${e.eval} depth ${e.depth}`; };
export const pitOfMove = (m) => (m ? m.slice(0, 2) : null);

// Who plays by hand, from the "You play" choice.
// The first option is the side that moves first (South in Bao and Kalah).
export const chosenHumans = () => {
  const h = $('human').value, [first, second] = sideNames();
  return { [first]: h === 'South' || h === 'both', [second]: h === 'North' || h === 'both' };
};
const anyHuman = () => Object.values(play.human).some(Boolean);

export function renderStatus() {
  const s = play.state;
  $('play-status').textContent = s.outcome === 'ongoing'
    ? `${s.to_move} to move${s.stage ? ` (${s.stage} stage)` : ''}${play.human[s.to_move] ? '' : ' \u2014 engine'}`
    : `Game over: ${s.result}`;
}

export function renderPlay(prev, from) {
  const s = play.state;
  renderStatus();
  if (play.game) s.legal.forEach((m) => { m.pit = board().pitOf(s, m.move); });
  const movable = new Set(humanToMove() ? s.legal.map((m) => m.pit) : []);
  const opt = { movable, selected: play.selected, from, onPit: pitClicked, flip: $('flip').checked };
  if (play.game) {
    board().draw($('play-board'), s, opt);
    fillPlyList($('play-moves'), play.moves, play.sides, null, viewPly);
  } else {
    showBoard($('play-board'), prev, s, opt, animateOn() && prev);
    fillMoveList($('play-moves'), play.moves, sideOf(play.start), null, viewPly);
  }
  gameShown();
  // A move of this game as the example of the move field: its notation differs by game.
  if (s.legal.length) $('move-input').placeholder = s.legal[0].move;
  $('play-position').textContent = s.position;
  $('choices').innerHTML = '';
}

export function setPlayState(state, moves, from) {
  const prev = play.state;
  // The sides to move: kept for the plies still played, the new state's appended.
  play.sides = [...play.sides.slice(0, moves.length), state.to_move];
  play.state = state;
  play.moves = moves;
  play.selected = null;
  renderPlay(from ? prev : null, from);
}

export async function newGame() {
  play.token++;
  play.busy = false;
  try {
    play.game = chosenSpec();
    play.variant = $('variant').value;
    play.rules = parseRules($('rules').value);
    play.human = chosenHumans();
    const body = play.game ? { game: play.game } : { variant: play.variant, rules: play.rules };
    const start = $('start-position').value.trim();
    if (start) body.position = start;
    // Moves to replay from the start: the game goes on after the last.
    const moves = $('start-moves').value.split(/[\s,]+/).filter(Boolean);
    if (moves.length) {
      body.moves = moves;
      body.all = true;
    }
    const r = await api('POST', '/api/position', body);
    play.start = r.start;
    play.state = null;
    play.sides = r.states ? r.states.map((x) => x.to_move) : [];
    setPlayState(r.state, r.moves, null);
    $('save').hidden = Boolean(play.game);
    $('play-curve').toggleAttribute('hidden', true);
    $('play-curve-info').textContent = '';
    $('engine-info').textContent = '';
    $('hint-text').textContent = '';
    $('record').hidden = true;
    message('New game.', 'ok');
  } catch (e) {
    message(e.message, 'error');
    return;
  }
  maybeEngine();
}

export function describeMove(m, siblings) {
  let s = `${m.move}: ${m.dir === 'L' ? 'left' : 'right'}`;
  if (m.takasa) s += ', takasa (no capture)';
  if (m.safari) s += ', safari (sow on from the house)';
  else if (siblings.some((o) => o.safari && o.dir === m.dir)) s += ', stop at the house';
  return s;
}

export async function pitClicked(pit) {
  message('');
  const s = play.state;
  if (!s) return;
  if (s.outcome !== 'ongoing') return message(`The game is over: ${s.result}`, 'error');
  if (play.busy) return message('Wait: the engine is thinking.', 'error');
  if (!play.human[s.to_move]) return message(`${s.to_move} is the engine's side: press "Engine move".`, 'error');
  const moves = s.legal.filter((m) => m.pit === pit);
  if (play.game && moves.length === 1) return playMove(moves[0].move);
  if (!moves.length) {
    // Refused: the server's reader says why, in the CLI's words.
    try {
      const r = await api('POST', '/api/play', { ...gameBody(), move: pit });
      afterMove(r);
    } catch (e) {
      message(e.message, 'error');
    }
    return;
  }
  play.selected = pit;
  const opt = { movable: new Set(s.legal.map((m) => m.pit)), selected: pit, onPit: pitClicked, flip: $('flip').checked };
  if (play.game) board().draw($('play-board'), s, opt);
  else drawBoard($('play-board'), s, opt);
  const box = $('choices');
  box.innerHTML = '';
  const label = document.createElement('span');
  label.textContent = `${pit}:`;
  box.appendChild(label);
  for (const m of moves) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.move = m.move;
    b.textContent = play.game ? m.move : describeMove(m, moves);
    b.addEventListener('click', () => playMove(m.move));
    box.appendChild(b);
  }
}

export function afterMove(r) {
  setPlayState(r.state, r.moves, play.game ? board().pitOf({ to_move: play.sides[r.moves.length - 1] }, r.move)
    : pitOfMove(r.move));
  $('hint-text').textContent = '';
}

export async function playMove(text) {
  if (play.busy) return message('Wait: the engine is thinking.', 'error');
  const token = play.token;
  const mover = play.state.to_move;
  try {
    const r = await api('POST', '/api/play', { ...gameBody(), move: text });
    if (token !== play.token) return;
    afterMove(r);
    message(`${mover} played ${r.move}.`, 'ok');
  } catch (e) {
    message(e.message, 'error');
    return;
  }
  maybeEngine();
}

export async function engineMove(token) {
  const side = play.state.to_move;
  play.busy = true;
  $('play-status').textContent = `${side} is thinking\u2026`;
  try {
    const s = await api('POST', '/api/search', { ...gameBody(), ...engineBody() });
    if (token !== play.token) return false;
    fill($('engine-info'), s.iterations
      .map((it) => `depth ${it.depth}  value ${it.value}  nodes ${it.nodes}  pv ${it.pv}`).join('\n') +
      `\n${side} plays ${s.best} (value ${s.value}, ${s.seconds.toFixed(2)} s; `, specSpan(s.searcher),
      `, ${s.eval})`);
    const r = await api('POST', '/api/play', { ...gameBody(), move: s.best });
    await animationDone();
    if (token !== play.token) return false;
    afterMove(r);
    message(`${side} played ${r.move}.`, 'ok');
    return true;
  } catch (e) {
    if (token === play.token) message(e.message, 'error');
    return false;
  } finally {
    if (token === play.token) play.busy = false;
  }
}

// Lets the engine move while it is its turn (both sides in watch mode).
export async function maybeEngine(force) {
  const token = play.token;
  let first = true;
  while (token === play.token && play.state && play.state.outcome === 'ongoing' && !play.busy &&
         ((force && first) || !play.human[play.state.to_move])) {
    if (!first || !anyHuman()) await sleep(150);
    if (token !== play.token) return;
    first = false;
    if (!(await engineMove(token))) return;
  }
  if (token === play.token && play.state) renderStatus();
}

export async function undo() {
  if (!play.moves.length) return message('Nothing to undo.', 'error');
  play.token++;
  play.busy = false;
  // The side to move before ply k: Bao's sides alternate; any other game's are those kept.
  const toMove = (k) => (play.game ? play.sides[k] : plySide(k, sideOf(play.start)) === 'S' ? 'South' : 'North');
  const moves = play.moves.slice(0, -1);
  while (anyHuman() && moves.length && !play.human[toMove(moves.length)]) moves.pop();
  try {
    const r = await api('POST', '/api/position', { ...gameBody(), moves });
    setPlayState(r.state, r.moves, null);
    message(`Took back ${play.moves.length === 0 ? 'every move' : 'to ply ' + r.moves.length}.`, 'ok');
  } catch (e) {
    message(e.message, 'error');
  }
  if (anyHuman()) maybeEngine();
}

export async function hint() {
  if (!play.state || play.state.outcome !== 'ongoing') return message('No hint: the game is over.', 'error');
  $('hint-text').textContent = 'Thinking\u2026';
  try {
    const s = await api('POST', '/api/search', { ...gameBody(), ...engineBody() });
    fill($('hint-text'), `Hint: ${s.best} (value ${s.value}, depth ${s.depth}) \u2014 PV: ${s.pv.join(' ')}  [`,
      specSpan(s.searcher), `, ${s.eval}]`);
  } catch (e) {
    $('hint-text').textContent = '';
    message(e.message, 'error');
  }
}

export async function save() {
  try {
    const names = {
      south: play.human.South ? 'human' : engineName(),
      north: play.human.North ? 'human' : engineName(),
    };
    const r = await api('POST', '/api/record', { ...gameBody(), ...names });
    $('record').textContent = r.record;
    $('record').hidden = false;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([r.record], { type: 'text/plain' }));
    a.download = 'bao-game.txt';
    document.body.appendChild(a);
    a.click();
    a.remove();
    message('Saved the record (bao replay reads it).', 'ok');
  } catch (e) {
    message(e.message, 'error');
  }
}
