// bao serve: the page. Plain JavaScript in ES modules, no libraries; everything it knows
// about the rules comes from the JSON API (docs/serve.md): legal moves, positions,
// results. This module wires the controls and starts the page.

import { $, message } from './dom.js';
import { api } from './api.js';
import { play, chosenHumans, renderPlay, newGame, playMove, maybeEngine, undo, hint, save } from './play.js';
import { replay, renderGames, loadGames, setPly, stepPly, jumpMiss, analyse } from './replay.js';
import { curveChosen, curvePlayers } from './curves.js';
import { loadSummary } from './summary.js';
import { choice, chooseGame, fillGames } from './game_choice.js';
import { playCurve } from './play_curve.js';

function showTab(name) {
  document.querySelectorAll('#tabs button').forEach((b) => b.classList.toggle('active', b.dataset.tab === name));
  document.querySelectorAll('.tab').forEach((t) => t.classList.toggle('active', t.id === `tab-${name}`));
}

function fillSelect(sel, values, chosen) {
  sel.innerHTML = '';
  for (const v of values) {
    const o = document.createElement('option');
    o.value = typeof v === 'object' ? v.value : v;
    o.textContent = typeof v === 'object' ? v.label : v;
    sel.appendChild(o);
  }
  if (chosen !== undefined) sel.value = chosen;
}

async function start() {
  document.querySelectorAll('#tabs button').forEach((b) => b.addEventListener('click', () => showTab(b.dataset.tab)));
  $('setup').addEventListener('submit', (e) => { e.preventDefault(); newGame(); });
  $('move-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = $('move-input').value.trim();
    if (text) playMove(text).then(() => { $('move-input').value = ''; });
  });
  $('undo').addEventListener('click', undo);
  $('hint').addEventListener('click', hint);
  $('engine-move').addEventListener('click', () => {
    if (play.busy) return message('Wait: the engine is thinking.', 'error');
    maybeEngine(true);
  });
  $('save').addEventListener('click', save);
  $('play-curve-button').addEventListener('click', playCurve);
  $('game').addEventListener('change', () => {
    chooseGame($('game').value);
    $('start-position').value = '';
    $('start-moves').value = '';
    newGame();
  });
  $('human').addEventListener('change', () => {
    play.human = chosenHumans();
    if (play.state) { renderPlay(null, null); maybeEngine(); }
  });
  $('filter-text').addEventListener('input', renderGames);
  $('filter-result').addEventListener('change', renderGames);
  $('filter-miss').addEventListener('change', renderGames);
  $('folder').addEventListener('change', () => loadGames($('folder').value));
  $('summary-folder').addEventListener('change', () => loadSummary($('summary-folder').value));
  $('replay-first').addEventListener('click', () => setPly(0, false));
  $('replay-prev').addEventListener('click', () => stepPly(-1));
  $('replay-next').addEventListener('click', () => stepPly(1));
  $('miss-prev').addEventListener('click', () => jumpMiss(-1));
  $('miss-next').addEventListener('click', () => jumpMiss(1));
  $('replay-flip').addEventListener('change', () => setPly(replay.ply, false));
  $('flip').addEventListener('change', () => { if (play.state) renderPlay(null, null); });
  $('curve').addEventListener('click', curveChosen);
  $('curve-players').addEventListener('click', curvePlayers);
  $('replay-last').addEventListener('click', () => setPly(Infinity, false));
  $('replay-slider').addEventListener('input', () => setPly(Number($('replay-slider').value), false));
  $('analyse-form').addEventListener('submit', (e) => { e.preventDefault(); analyse(); });
  document.addEventListener('keydown', (e) => {
    if (!$('tab-replay').classList.contains('active') || !replay.game) return;
    const el = document.activeElement;
    // Arrows belong to a text field or a list while it has the focus (the slider and
    // check boxes step the game as well).
    const typing = el.tagName === 'INPUT' && !['range', 'checkbox'].includes(el.type);
    if (['SELECT', 'TEXTAREA'].includes(el.tagName) || typing) return;
    const keys = { ArrowLeft: () => stepPly(-1), ArrowRight: () => stepPly(1), Home: () => setPly(0, false),
      End: () => setPly(Infinity, false) };
    if (!keys[e.key]) return;
    e.preventDefault();
    keys[e.key]();
  });

  let info;
  try {
    info = await api('GET', '/api/info');
  } catch (e) {
    message(`The server does not answer: ${e.message}`, 'error');
    return;
  }
  const names = $('searcher-names');
  for (const s of info.searchers) {
    const o = document.createElement('option');
    o.value = s;
    names.appendChild(o);
  }
  fillSelect($('eval'), info.evaluators, 'td-long');  // the strength mode's (docs/strength.md)
  choice.baoEvaluators = info.evaluators;
  try {
    fillGames(await api('GET', '/api/registry'));
  } catch (e) {
    message(`The server does not list its games: ${e.message}`, 'error');
  }
  fillSelect($('analyse-eval'), info.evaluators, 'default');
  // The form starts at depth 6, or at the server's cap when that is lower (a request
  // beyond the cap is refused).
  for (const id of ['depth', 'analyse-depth']) {
    $(id).max = String(info.limits.max_depth);
    if (Number($(id).value) > info.limits.max_depth) $(id).value = String(info.limits.max_depth);
  }
  const folders = info.results.map((f) => ({ value: String(f.folder), label: `${f.name} (${f.path})` }));
  fillSelect($('folder'), folders);
  fillSelect($('summary-folder'), folders);
  $('no-results').hidden = folders.length > 0;
  if (folders.length) {
    loadGames(folders[0].value);
    loadSummary(folders[0].value);
  }
  const params = new URLSearchParams(location.search);
  if (params.get('tab')) showTab(params.get('tab'));
  document.body.dataset.ready = 'true';
  await newGame();
}

start();
