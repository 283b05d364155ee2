// bao serve: the page. Plain JavaScript, no libraries; everything it knows about the
// rules comes from the JSON API (docs/serve.md): legal moves, positions, results.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  const SVGNS = 'http://www.w3.org/2000/svg';
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  // ---------------------------------------------------------------- the API

  async function api(method, path, body) {
    const opts = { method, headers: {} };
    if (body !== undefined) {
      opts.body = JSON.stringify(body);
      opts.headers['Content-Type'] = 'application/json';
    }
    const res = await fetch(path, opts);
    let data;
    try {
      data = await res.json();
    } catch (e) {
      data = { error: `HTTP ${res.status}` };
    }
    if (!res.ok) {
      const err = new Error(data.error || `HTTP ${res.status}`);
      err.status = res.status;
      throw err;
    }
    return data;
  }

  // ---------------------------------------------------------------- the board in SVG

  // Four rows as `bao show` draws them (North's b and a on top, South's A and B below),
  // a gap between the halves, the hands on the right.
  const G = { cell: 78, r: 30, left: 46, top: 34, gap: 18, hands: 170 };
  const BOARD_W = G.left + 8 * G.cell + 16 + G.hands;
  const BOARD_H = G.top + 4 * G.cell + G.gap + 34;

  function svgEl(tag, attrs, parent, text) {
    const e = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }

  function rowY(i) {
    return G.top + i * G.cell + (i >= 2 ? G.gap : 0) + G.cell / 2;
  }

  // Seeds as dots on a ring around the count (up to 12; the number says the rest).
  function drawSeeds(g, cx, cy, n) {
    const shown = Math.min(n, 12);
    for (let k = 0; k < shown; ++k) {
      const a = -Math.PI / 2 + (k * 2 * Math.PI) / Math.max(shown, 6);
      svgEl('circle', { cx: cx + 21 * Math.cos(a), cy: cy + 21 * Math.sin(a), r: 3.5, class: 'seed' }, g);
    }
  }

  // opt: movable (Set of pit names), selected, from (the pit a move started at),
  // changed ({pit: 'gain'|'loss'}), counts ({pit: number} shown instead of the state's),
  // hands ({South, North} shown instead), onPit(name).
  function drawBoard(svg, state, opt = {}) {
    svg.innerHTML = '';
    svg.setAttribute('viewBox', `0 0 ${BOARD_W} ${BOARD_H}`);
    svgEl('rect', { x: 4, y: 4, width: G.left + 8 * G.cell + 4, height: BOARD_H - 8, rx: 18, class: 'frame' }, svg);
    const midY = G.top + 2 * G.cell + G.gap / 2;
    svgEl('line', { x1: G.left - 6, y1: midY, x2: G.left + 8 * G.cell + 2, y2: midY, class: 'divider' }, svg);
    for (let c = 0; c < 8; ++c) {
      const x = G.left + c * G.cell + G.cell / 2;
      svgEl('text', { x, y: G.top - 14, class: 'label' }, svg, String(8 - c));
      svgEl('text', { x, y: BOARD_H - 20, class: 'label' }, svg, String(c + 1));
    }
    state.rows.forEach((row, i) => {
      const y = rowY(i);
      svgEl('text', { x: G.left - 22, y, class: 'rowlabel' }, svg, row.row);
      row.pits.forEach((p, c) => drawPit(svg, p, G.left + c * G.cell + G.cell / 2, y, opt));
    });
    drawHands(svg, state, opt);
  }

  function drawPit(svg, p, x, y, opt) {
    const g = svgEl('g', { 'data-pit': p.pit, class: 'pitgroup' }, svg);
    const cls = ['pit'];
    if (p.house) cls.push('house');
    if (p.owned) cls.push('owned');
    if (opt.movable && opt.movable.has(p.pit)) cls.push('movable');
    if (opt.selected === p.pit) cls.push('selected');
    if (opt.from === p.pit) cls.push('from');
    if (opt.changed && opt.changed[p.pit]) cls.push(opt.changed[p.pit]);
    const attrs = { class: cls.join(' ') };
    if (p.house) {
      svgEl('rect', { ...attrs, x: x - G.r, y: y - G.r, width: 2 * G.r, height: 2 * G.r, rx: 6 }, g);
    } else {
      svgEl('circle', { ...attrs, cx: x, cy: y, r: G.r }, g);
    }
    const n = opt.counts && p.pit in opt.counts ? opt.counts[p.pit] : p.seeds;
    drawSeeds(g, x, y, p.seeds);
    svgEl('text', { x, y, class: 'count', 'data-count': p.pit }, g, String(n));
    if (p.takasia) {
      svgEl('circle', { cx: x, cy: y, r: G.r + 5, class: 'takasia' }, g);
      svgEl('text', { x: x + G.r - 2, y: y - G.r + 4, class: 'takasia-mark' }, g, 'T');
    }
    const title = `${p.pit}: ${p.seeds} seed${p.seeds === 1 ? '' : 's'}` +
      (p.house ? (p.owned ? ', the owned house (nyumba)' : ', the house pit') : '') +
      (p.takasia ? ', takasia: may not be emptied' : '');
    svgEl('title', {}, g, title);
    if (opt.onPit) g.addEventListener('click', () => opt.onPit(p.pit));
  }

  function drawHands(svg, state, opt) {
    const x = G.left + 8 * G.cell + 16 + G.hands / 2;
    for (const side of ['North', 'South']) {
      const y = side === 'North' ? rowY(0) + G.cell / 2 : rowY(2) + G.cell / 2;
      const n = opt.hands ? opt.hands[side] : state.hands[side];
      svgEl('text', { x, y: y - 48, class: 'hand-text' }, svg, `${side}'s hand`);
      svgEl('circle', { cx: x, cy: y, r: 28, class: 'hand' }, svg);
      svgEl('text', { x, y, class: 'hand-count', 'data-hand': side }, svg, String(n));
      if (state.outcome === 'ongoing' && state.to_move === side) {
        svgEl('text', { x, y: y + 48, class: 'hand-text tomove' }, svg, `\u25B6 ${side} to move`);
      } else if (state.outcome === side) {
        svgEl('text', { x, y: y + 48, class: 'hand-text over' }, svg, `${side} wins`);
      }
    }
  }

  function pitMap(state) {
    const m = {};
    for (const row of state.rows) for (const p of row.pits) m[p.pit] = p.seeds;
    return m;
  }

  // Step-by-step sowing needs the engine to report each lap, which it does not: a move
  // is shown as the change from the position before to the one after, each changed pit
  // lit (green gained, red lost) while its count runs from the old number to the new.
  const anim = { token: 0, until: 0 };
  function showBoard(svg, prev, state, opt, animate) {
    const token = ++anim.token;
    if (!animate || !prev) {
      drawBoard(svg, state, opt);
      return;
    }
    anim.until = performance.now() + 1100;
    const before = pitMap(prev), after = pitMap(state);
    const changed = {};
    for (const k of Object.keys(after)) {
      if (after[k] > before[k]) changed[k] = 'gain';
      else if (after[k] < before[k]) changed[k] = 'loss';
    }
    drawBoard(svg, state, { ...opt, changed, counts: before, hands: prev.hands });
    const t0 = performance.now(), duration = 700;
    const step = (now) => {
      if (token !== anim.token) return;
      const f = Math.min(1, (now - t0) / duration);
      for (const k of Object.keys(changed)) {
        const t = svg.querySelector(`[data-count="${k}"]`);
        if (t) t.textContent = String(Math.round(before[k] + (after[k] - before[k]) * f));
      }
      for (const side of ['South', 'North']) {
        const t = svg.querySelector(`[data-hand="${side}"]`);
        if (t) t.textContent = String(Math.round(prev.hands[side] + (state.hands[side] - prev.hands[side]) * f));
      }
      if (f < 1) {
        requestAnimationFrame(step);
      } else {
        setTimeout(() => {
          if (token === anim.token) drawBoard(svg, state, opt);
        }, 350);
      }
    };
    requestAnimationFrame(step);
  }

  // Waits until the move being shown has been shown.
  const animationDone = () => sleep(Math.max(0, anim.until - performance.now()));

  // ---------------------------------------------------------------- move lists

  // "1S", "1N", "2S", ... from the side that moves first.
  // The side ('S' or 'N') of ply i (0-based): the sides alternate.
  const plySide = (i, firstSide) => (i % 2 === 0 ? firstSide : firstSide === 'S' ? 'N' : 'S');
  function plyLabel(i, firstSide) {
    const number = 1 + Math.floor((i + (firstSide === 'N' ? 1 : 0)) / 2);
    return `${number}${plySide(i, firstSide)}`;
  }
  const sideOf = (position) => position.split(' ')[1];

  // One line per move number, South's ply then North's; each ply a span with its number
  // (data-ply: 1 for the first ply), the current one marked.
  function fillMoveList(ol, moves, firstSide, current, onClick) {
    ol.innerHTML = '';
    let li = null;
    moves.forEach((m, i) => {
      const label = plyLabel(i, firstSide);
      if (!li || label.endsWith('S')) {
        li = document.createElement('li');
        const num = document.createElement('span');
        num.className = 'num';
        num.textContent = `${parseInt(label, 10)}.`;
        li.appendChild(num);
        if (label.endsWith('N')) li.appendChild(Object.assign(document.createElement('span'), { textContent: '\u2026' }));
        ol.appendChild(li);
      }
      const span = document.createElement('span');
      span.className = 'ply';
      span.textContent = m;
      span.title = `${label} ${m}`;
      span.dataset.ply = String(i + 1);
      if (current === i + 1) span.classList.add('current');
      if (onClick) span.addEventListener('click', () => onClick(i + 1));
      li.appendChild(span);
    });
    const cur = ol.querySelector('.current') || ol.lastElementChild;
    if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: 'nearest' });
  }

  function message(text, kind) {
    const m = $('message');
    m.textContent = text || '';
    m.className = `message ${kind || ''}`;
  }

  // ---------------------------------------------------------------- play

  const play = {
    variant: 'kiswahili', rules: {}, start: '', moves: [], state: null,
    human: { South: true, North: false }, token: 0, busy: false, selected: null,
  };

  function parseRules(text) {
    const rules = {};
    for (const item of text.split(',').map((s) => s.trim()).filter(Boolean)) {
      const eq = item.indexOf('=');
      if (eq < 0) throw new Error(`rules: expected key=value, found '${item}'`);
      rules[item.slice(0, eq).trim()] = item.slice(eq + 1).trim();
    }
    return rules;
  }

  const gameBody = () => ({ variant: play.variant, rules: play.rules, position: play.start, moves: play.moves });
  const engineBody = () => ({ searcher: $('searcher').value.trim() || 'alphabeta', eval: $('eval').value,
    depth: Number($('depth').value) || 4 });
  const animateOn = () => $('animate').checked;
  const humanToMove = () => play.state && play.state.outcome === 'ongoing' && play.human[play.state.to_move];
  const engineName = () => { const e = engineBody(); return `${e.searcher}/${e.eval} depth ${e.depth}`; };
  const pitOfMove = (m) => (m ? m.slice(0, 2) : null);

  // Who plays by hand, from the "You play" choice.
  const chosenHumans = () => {
    const h = $('human').value;
    return { South: h === 'South' || h === 'both', North: h === 'North' || h === 'both' };
  };

  function renderStatus() {
    const s = play.state;
    $('play-status').textContent = s.outcome === 'ongoing'
      ? `${s.to_move} to move (${s.stage} stage)${play.human[s.to_move] ? '' : ' \u2014 engine'}`
      : `Game over: ${s.result}`;
  }

  function renderPlay(prev, from) {
    const s = play.state;
    renderStatus();
    const movable = new Set(humanToMove() ? s.legal.map((m) => m.pit) : []);
    const opt = { movable, selected: play.selected, from, onPit: pitClicked };
    showBoard($('play-board'), prev, s, opt, animateOn() && prev);
    fillMoveList($('play-moves'), play.moves, sideOf(play.start), null, null);
    $('play-position').textContent = s.position;
    $('choices').innerHTML = '';
  }

  function setPlayState(state, moves, from) {
    const prev = play.state;
    play.state = state;
    play.moves = moves;
    play.selected = null;
    renderPlay(from ? prev : null, from);
  }

  async function newGame() {
    play.token++;
    play.busy = false;
    try {
      play.variant = $('variant').value;
      play.rules = parseRules($('rules').value);
      play.human = chosenHumans();
      const body = { variant: play.variant, rules: play.rules };
      const start = $('start-position').value.trim();
      if (start) body.position = start;
      const r = await api('POST', '/api/position', body);
      play.start = r.start;
      play.state = null;
      setPlayState(r.state, [], null);
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

  function describeMove(m, siblings) {
    let s = `${m.move}: ${m.dir === 'L' ? 'left' : 'right'}`;
    if (m.takasa) s += ', takasa (no capture)';
    if (m.safari) s += ', safari (sow on from the house)';
    else if (siblings.some((o) => o.safari && o.dir === m.dir)) s += ', stop at the house';
    return s;
  }

  async function pitClicked(pit) {
    message('');
    const s = play.state;
    if (!s) return;
    if (s.outcome !== 'ongoing') return message(`The game is over: ${s.result}`, 'error');
    if (play.busy) return message('Wait: the engine is thinking.', 'error');
    if (!play.human[s.to_move]) return message(`${s.to_move} is the engine's side: press "Engine move".`, 'error');
    const moves = s.legal.filter((m) => m.pit === pit);
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
    drawBoard($('play-board'), s, { movable: new Set(s.legal.map((m) => m.pit)), selected: pit, onPit: pitClicked });
    const box = $('choices');
    box.innerHTML = '';
    const label = document.createElement('span');
    label.textContent = `${pit}:`;
    box.appendChild(label);
    for (const m of moves) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.move = m.move;
      b.textContent = describeMove(m, moves);
      b.addEventListener('click', () => playMove(m.move));
      box.appendChild(b);
    }
  }

  function afterMove(r) {
    setPlayState(r.state, r.moves, pitOfMove(r.move));
    $('hint-text').textContent = '';
  }

  async function playMove(text) {
    if (play.busy) return message('Wait: the engine is thinking.', 'error');
    const token = play.token;
    try {
      const r = await api('POST', '/api/play', { ...gameBody(), move: text });
      if (token !== play.token) return;
      afterMove(r);
      message(`${r.state.to_move === 'South' ? 'North' : 'South'} played ${r.move}.`, 'ok');
    } catch (e) {
      message(e.message, 'error');
      return;
    }
    maybeEngine();
  }

  async function engineMove(token) {
    const side = play.state.to_move;
    play.busy = true;
    $('play-status').textContent = `${side} is thinking\u2026`;
    try {
      const s = await api('POST', '/api/search', { ...gameBody(), ...engineBody() });
      if (token !== play.token) return false;
      $('engine-info').textContent = s.iterations
        .map((it) => `depth ${it.depth}  value ${it.value}  nodes ${it.nodes}  pv ${it.pv}`).join('\n') +
        `\n${side} plays ${s.best} (value ${s.value}, ${s.seconds.toFixed(2)} s; ${s.searcher}, ${s.eval})`;
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
  async function maybeEngine(force) {
    const token = play.token;
    let first = true;
    while (token === play.token && play.state && play.state.outcome === 'ongoing' && !play.busy &&
           ((force && first) || !play.human[play.state.to_move])) {
      if (!first || (!play.human.South && !play.human.North)) await sleep(150);
      if (token !== play.token) return;
      first = false;
      if (!(await engineMove(token))) return;
    }
    if (token === play.token && play.state) renderStatus();
  }

  async function undo() {
    if (!play.moves.length) return message('Nothing to undo.', 'error');
    play.token++;
    play.busy = false;
    const toMove = (k) => (plySide(k, sideOf(play.start)) === 'S' ? 'South' : 'North');
    const moves = play.moves.slice(0, -1);
    const anyHuman = play.human.South || play.human.North;
    while (anyHuman && moves.length && !play.human[toMove(moves.length)]) moves.pop();
    try {
      const r = await api('POST', '/api/position', { ...gameBody(), moves });
      setPlayState(r.state, r.moves, null);
      message(`Took back ${play.moves.length === 0 ? 'every move' : 'to ply ' + r.moves.length}.`, 'ok');
    } catch (e) {
      message(e.message, 'error');
    }
    if (anyHuman) maybeEngine();
  }

  async function hint() {
    if (!play.state || play.state.outcome !== 'ongoing') return message('No hint: the game is over.', 'error');
    $('hint-text').textContent = 'Thinking\u2026';
    try {
      const s = await api('POST', '/api/search', { ...gameBody(), ...engineBody() });
      $('hint-text').textContent =
        `Hint: ${s.best} (value ${s.value}, depth ${s.depth}) \u2014 PV: ${s.pv.join(' ')}  [${s.searcher}, ${s.eval}]`;
    } catch (e) {
      $('hint-text').textContent = '';
      message(e.message, 'error');
    }
  }

  async function save() {
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

  // ---------------------------------------------------------------- replay and analyse

  const replay = { folder: null, games: [], game: null, ply: 0 };

  function gameMatches(g, text, result) {
    if (result && g.result !== result) return false;
    if (!text) return true;
    const hay = [g.pairing, g.south, g.north, g.winner, g.reason, g.result, g.opening, g.id].join(' ').toLowerCase();
    return text.toLowerCase().split(/\s+/).filter(Boolean).every((w) => hay.includes(w));
  }

  function renderGames() {
    const text = $('filter-text').value.trim(), result = $('filter-result').value;
    const body = $('games-table').querySelector('tbody');
    body.innerHTML = '';
    let shown = 0;
    for (const g of replay.games) {
      if (!gameMatches(g, text, result)) continue;
      ++shown;
      const tr = document.createElement('tr');
      tr.dataset.index = String(g.index);
      const cells = [g.index, g.pairing, g.south, g.north, g.result, g.winner || '\u2014', g.plies, g.reason, g.opening];
      cells.forEach((c, i) => {
        const td = document.createElement('td');
        td.textContent = String(c);
        if (i === 8) {
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

  async function loadGames(folder) {
    replay.folder = folder;
    replay.game = null;
    $('viewer').hidden = true;
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

  async function openGame(index) {
    try {
      replay.game = await api('GET', `/api/game?folder=${replay.folder}&index=${index}`);
    } catch (e) {
      $('games-count').textContent = e.message;
      return;
    }
    const g = replay.game;
    $('viewer').hidden = false;
    $('replay-slider').max = String(g.moves.length);
    $('replay-title').textContent = `${g.pairing}: ${g.south} (South) against ${g.north} (North); ` +
      `${g.result === 'capped' ? 'capped' : g.winner + ' won'} after ${g.plies} plies (${g.reason})`;
    $('analysis').textContent = '';
    renderGames();
    setPly(0, false);
  }

  function setPly(k, animate) {
    const g = replay.game;
    if (!g) return;
    k = Math.max(0, Math.min(g.moves.length, k));
    const prev = g.states[replay.ply];
    const step = k === replay.ply + 1;
    replay.ply = k;
    const state = g.states[k];
    const from = k > 0 ? pitOfMove(g.moves[k - 1]) : null;
    showBoard($('replay-board'), step ? prev : null, state, { from }, animate && step && animateOn());
    $('replay-slider').value = String(k);
    const first = sideOf(g.states[0].position);
    $('replay-ply').textContent = k === 0 ? `start (of ${g.moves.length} plies)`
      : `ply ${k} of ${g.moves.length}: ${plyLabel(k - 1, first)} ${g.moves[k - 1]}`;
    $('replay-position').textContent = state.position;
    fillMoveList($('replay-moves'), g.moves, first, k, (p) => setPly(p, false));
  }

  async function analyse() {
    const g = replay.game;
    if (!g) return;
    const state = g.states[replay.ply];
    $('analysis').textContent = 'Searching\u2026';
    try {
      const s = await api('POST', '/api/search', {
        variant: g.variant, rules: g.rules_options, position: state.position,
        searcher: $('analyse-searcher').value.trim() || 'alphabeta', eval: $('analyse-eval').value,
        depth: Number($('analyse-depth').value) || 6,
      });
      const played = replay.ply < g.moves.length ? `; played: ${g.moves[replay.ply]}` : '';
      $('analysis').textContent = `best ${s.best}, value ${s.value} for ${state.to_move} (depth ${s.depth}, ` +
        `${s.nodes} nodes, ${s.seconds.toFixed(2)} s)${played}\nPV: ${s.pv.join(' ')}\n` +
        s.iterations.map((it) => `  depth ${it.depth}  value ${it.value}  pv ${it.pv}`).join('\n');
    } catch (e) {
      $('analysis').textContent = e.message;
    }
  }

  // ---------------------------------------------------------------- summary

  const escapeHtml = (s) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

  // The markdown bao run writes: headings, paragraphs and pipe tables.
  function markdownToHtml(md) {
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

  function csvToHtml(csv) {
    const rows = csv.trim().split('\n').map((r) => r.split(',').map((c) => escapeHtml(c)));
    return '<table>' + rows.map((r, k) => `<tr>${r.map((c) => (k ? `<td>${c}</td>` : `<th>${c}</th>`)).join('')}</tr>`)
      .join('') + '</table>';
  }

  const COLORS = ['#1f5fa8', '#c0392b', '#2e7d32', '#8e44ad', '#d35400', '#16a085', '#7f8c8d', '#b7950b'];

  // The first player's running score of each pairing over its games.
  function drawPlot(svg, games) {
    svg.innerHTML = '';
    const W = 760, H = 300, L = 48, R = 16, T = 16, B = 36;
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    const series = new Map();
    for (const g of games) {
      if (!series.has(g.pairing)) series.set(g.pairing, { points: 0, ys: [] });
      const s = series.get(g.pairing);
      s.points += g.first_points;
      s.ys.push(s.points / (s.ys.length + 1));
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
      const pts = s.ys.map((v, i) => `${X(i)},${Y(v)}`).join(' ');
      svgEl(s.ys.length === 1 ? 'circle' : 'polyline',
        s.ys.length === 1 ? { cx: X(0), cy: Y(s.ys[0]), r: 4, fill: color }
          : { points: pts, class: 'line', stroke: color }, svg);
      svgEl('text', { x: L + 10, y: T + 14 + 15 * k, fill: color }, svg,
        `${name}: ${(100 * s.ys[s.ys.length - 1]).toFixed(1)}% after ${s.ys.length}`);
      ++k;
    }
    if (!series.size) svgEl('text', { x: W / 2, y: H / 2, 'text-anchor': 'middle' }, svg, 'no games');
  }

  async function loadSummary(folder) {
    const box = $('summary');
    box.innerHTML = '';
    try {
      const [s, g] = await Promise.all([api('GET', `/api/summary?folder=${folder}`),
        api('GET', `/api/games?folder=${folder}`)]);
      drawPlot($('score-plot'), g.games);
      let html = '';
      if (s.markdown) html += markdownToHtml(s.markdown);
      if (s.csv) html += `<h3>summary.csv</h3>${csvToHtml(s.csv)}`;
      if (!html) html = '<p>No summary.md or summary.csv in this folder (the run has not ended).</p>';
      box.innerHTML = html;
    } catch (e) {
      box.textContent = e.message;
    }
  }

  // ---------------------------------------------------------------- start

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
    $('human').addEventListener('change', () => {
      play.human = chosenHumans();
      if (play.state) { renderPlay(null, null); maybeEngine(); }
    });
    $('filter-text').addEventListener('input', renderGames);
    $('filter-result').addEventListener('change', renderGames);
    $('folder').addEventListener('change', () => loadGames($('folder').value));
    $('summary-folder').addEventListener('change', () => loadSummary($('summary-folder').value));
    $('replay-first').addEventListener('click', () => setPly(0, false));
    $('replay-prev').addEventListener('click', () => setPly(replay.ply - 1, false));
    $('replay-next').addEventListener('click', () => setPly(replay.ply + 1, true));
    $('replay-last').addEventListener('click', () => setPly(Infinity, false));
    $('replay-slider').addEventListener('input', () => setPly(Number($('replay-slider').value), false));
    $('analyse-form').addEventListener('submit', (e) => { e.preventDefault(); analyse(); });
    document.addEventListener('keydown', (e) => {
      if (!$('tab-replay').classList.contains('active') || !replay.game) return;
      if (['INPUT', 'SELECT', 'TEXTAREA'].includes(document.activeElement.tagName)) return;
      if (e.key === 'ArrowLeft') setPly(replay.ply - 1, false);
      if (e.key === 'ArrowRight') setPly(replay.ply + 1, true);
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
    fillSelect($('eval'), info.evaluators, 'default');
    fillSelect($('analyse-eval'), info.evaluators, 'default');
    for (const id of ['depth', 'analyse-depth']) $(id).max = String(info.limits.max_depth);
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
})();
