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
  // hands ({South, North} shown instead), onPit(name), flip (South on top: the board
  // turned round), best ({pit, dir, move}: a move to mark, e.g. the engine's choice).
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
    // Turned round, the rows come in the other order and each row runs the other way.
    const rows = opt.flip ? [...state.rows].reverse().map((r) => ({ ...r, pits: [...r.pits].reverse() })) : state.rows;
    rows.forEach((row, i) => {
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
    const best = opt.best && opt.best.pit === p.pit;
    if (best) cls.push('best');
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
    if (best) {
      // The best move's direction as a badge on its pit: the letter and an arrow the way
      // the first seed goes. R is clockwise round the owner's ring (docs/rules.md): up the
      // front row's numbers and down the back row's; South's pits run left to right and
      // North's right to left, and flipping turns both round.
      const front = p.pit[0] === 'A' || p.pit[0] === 'a';
      let screenRight = opt.best.dir === 'R';
      for (const turned of [p.side === 'North', !front, Boolean(opt.flip)]) if (turned) screenRight = !screenRight;
      const g2 = svgEl('g', { class: 'best-badge', 'data-best': opt.best.move }, g);
      svgEl('rect', { x: x - 17, y: y + G.r - 12, width: 34, height: 20, rx: 9 }, g2);
      svgEl('text', { x, y: y + G.r - 2 }, g2, screenRight ? `${opt.best.dir}\u2192` : `\u2190${opt.best.dir}`);
    }
    const title = `${p.pit}: ${p.seeds} seed${p.seeds === 1 ? '' : 's'}` +
      (p.house ? (p.owned ? ', the owned house (nyumba)' : ', the house pit') : '') +
      (p.takasia ? ', takasia: may not be emptied' : '') +
      (best ? `; best move ${opt.best.move} (direction ${opt.best.dir})` : '');
    svgEl('title', {}, g, title);
    if (opt.onPit) g.addEventListener('click', () => opt.onPit(p.pit));
  }

  function drawHands(svg, state, opt) {
    const x = G.left + 8 * G.cell + 16 + G.hands / 2;
    for (const side of ['North', 'South']) {
      const top = (side === 'North') !== Boolean(opt.flip);
      const y = top ? rowY(0) + G.cell / 2 : rowY(2) + G.cell / 2;
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

  // A searcher spec's name without its parameters: "om-beta(model=material)" -> "om-beta".
  const shortSpec = (spec) => (spec.indexOf('(') < 0 ? spec : spec.slice(0, spec.indexOf('(')));

  // The short name in a span whose title (shown on hover) is the full spec.
  function specSpan(spec) {
    const e = document.createElement('span');
    e.className = 'spec';
    e.textContent = shortSpec(spec);
    e.title = spec;
    return e;
  }

  // Fills el with text pieces and nodes in order.
  function fill(el, ...parts) {
    el.textContent = '';
    for (const p of parts) el.append(p);
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
  const engineBody = () => ({ searcher: $('searcher').value.trim() || 'engine', eval: $('eval').value,
    depth: Number($('depth').value) || 6 });
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
    const opt = { movable, selected: play.selected, from, onPit: pitClicked, flip: $('flip').checked };
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
    drawBoard($('play-board'), s,
      { movable: new Set(s.legal.map((m) => m.pit)), selected: pit, onPit: pitClicked, flip: $('flip').checked });
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
      fill($('hint-text'), `Hint: ${s.best} (value ${s.value}, depth ${s.depth}) \u2014 PV: ${s.pv.join(' ')}  [`,
        specSpan(s.searcher), `, ${s.eval}]`);
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

  // game: the open game (/api/game); curves: the evaluation curves drawn for it
  // (/api/curve answers with a label and colour each); best: the move to mark at a ply.
  const replay = { folder: null, games: [], game: null, ply: 0, curves: [], best: null, token: 0 };

  const missed = (g) => Boolean(g.prediction && g.prediction.misses.length);

  function gameMatches(g, text, result, misses) {
    if (result && g.result !== result) return false;
    if (misses && !missed(g)) return false;
    if (!text) return true;
    const hay = [g.pairing, g.south, g.north, g.winner, g.reason, g.result, g.opening, g.id].join(' ').toLowerCase();
    return text.toLowerCase().split(/\s+/).filter(Boolean).every((w) => hay.includes(w));
  }

  // "hits/tries" of a game's predicted replies, or a dash without any.
  const hitText = (p) => (p && p.tries ? `${p.hits}/${p.tries}` : '\u2014');

  function renderGames() {
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

  async function loadGames(folder) {
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
  function playerLine(g, side) {
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

  async function openGame(index) {
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
  function predictionAt(g, k) {
    if (!g.predicted || k < 2 || !g.predicted[k - 2]) return null;
    const first = sideOf(g.states[0].position);
    const by = plySide(k - 2, first) === 'S' ? 'South' : 'North';
    return { by, name: by === 'South' ? g.south : g.north, predicted: g.predicted[k - 2], actual: g.moves[k - 1],
      hit: g.predicted[k - 2] === g.moves[k - 1] };
  }

  function renderPrediction(g, k) {
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
  function markMisses(g) {
    for (const k of (g.prediction && g.prediction.misses) || []) {
      const e = $('replay-moves').querySelector(`[data-ply="${k}"]`);
      if (!e) continue;
      e.classList.add('miss');
      e.title += ` (predicted ${g.predicted[k - 2]})`;
    }
  }

  // The move to mark at ply k: the first curve's best move there, else the last
  // evaluation's when it was of this ply.
  function bestAt(k) {
    for (const c of replay.curves) {
      const p = c.points[k];
      if (p && p.best) return { pit: p.pit, dir: p.dir, move: p.best };
    }
    return replay.best && replay.best.ply === k ? replay.best : null;
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
    const opt = { from, flip: $('replay-flip').checked, best: bestAt(k) };
    showBoard($('replay-board'), step ? prev : null, state, opt, animate && step && animateOn());
    $('replay-slider').value = String(k);
    const first = sideOf(g.states[0].position);
    $('replay-ply').textContent = k === 0 ? `start (of ${g.moves.length} plies)`
      : `ply ${k} of ${g.moves.length}: ${plyLabel(k - 1, first)} ${g.moves[k - 1]}`;
    $('replay-position').textContent = state.position;
    fillMoveList($('replay-moves'), g.moves, first, k, (p) => setPly(p, false));
    markMisses(g);
    renderPrediction(g, k);
    if (replay.curves.length) drawCurve($('eval-curve'), replay.curves, k, (p) => setPly(p, false));
  }

  // The next (dir 1) or previous (-1) ply from the current one, or the next miss when
  // stepping through misses only.
  function stepPly(dir) {
    const g = replay.game;
    if (!g) return;
    const misses = (g.prediction && g.prediction.misses) || [];
    if ($('misses-only').checked && misses.length) return jumpMiss(dir);
    setPly(replay.ply + dir, dir > 0);
  }

  function jumpMiss(dir) {
    const misses = (replay.game.prediction && replay.game.prediction.misses) || [];
    const k = dir > 0 ? misses.find((m) => m > replay.ply) : [...misses].reverse().find((m) => m < replay.ply);
    if (k !== undefined) setPly(k, false);
  }

  async function analyse() {
    const g = replay.game;
    if (!g) return;
    const ply = replay.ply;
    const state = g.states[ply];
    $('analysis').textContent = 'Searching\u2026';
    try {
      const s = await api('POST', '/api/search', {
        variant: g.variant, rules: g.rules_options, position: state.position,
        searcher: $('analyse-searcher').value.trim() || 'alphabeta', eval: $('analyse-eval').value,
        depth: Number($('analyse-depth').value) || 6,
      });
      const played = ply < g.moves.length ? `; played: ${g.moves[ply]}` : '';
      $('analysis').textContent = `best ${s.best}, value ${s.value} for ${state.to_move} (depth ${s.depth}, ` +
        `${s.nodes} nodes, ${s.seconds.toFixed(2)} s)${played}\nPV: ${s.pv.join(' ')}\n` +
        s.iterations.map((it) => `  depth ${it.depth}  value ${it.value}  pv ${it.pv}`).join('\n');
      const m = state.legal.find((l) => l.move === s.best);
      replay.best = m ? { ply, pit: m.pit, dir: m.dir, move: m.move } : null;
      if (replay.ply === ply) setPly(ply, false);
    } catch (e) {
      $('analysis').textContent = e.message;
    }
  }

  // ---------------------------------------------------------------- evaluation curves

  const CURVE_COLORS = ['#1f5fa8', '#c0392b', '#2e7d32', '#8e44ad'];

  // Fetches the curves of `requests` ({label, searcher, eval, depth}) for the open game and
  // draws them; the server computes each once and keeps it.
  async function loadCurves(requests) {
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
      '. Values from South\'s view; a click on a point shows its ply, the best move is marked on the board.');
      setPly(replay.ply, false);
    } catch (e) {
      if (token === replay.token) $('curve-info').textContent = e.message;
    }
  }

  function curveChosen() {
    const searcher = $('analyse-searcher').value.trim() || 'alphabeta', ev = $('analyse-eval').value;
    const depth = Number($('analyse-depth').value) || 6;
    loadCurves([{ label: `${shortSpec(searcher)} ${ev}`, searcher, eval: ev, depth }]);
  }

  // One curve per player's evaluator (the one config.ini gives it), with the searcher and
  // depth of the form; one when both use the same.
  function curvePlayers() {
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
  // value is, never runs through them.
  function drawCurve(svg, curves, current, onPick) {
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
      if (p.value === null) return p.winner === 'South' ? M : -M;
      return decisive(c, p.value) ? Math.sign(p.value) * M : p.value;
    };
    svgEl('line', { x1: L, x2: W - R, y1: Y(0), y2: Y(0), class: 'even' }, svg);
    svgEl('line', { x1: L, x2: L, y1: T, y2: H - B, class: 'axis' }, svg);
    svgEl('line', { x1: L, x2: W - R, y1: H - B, y2: H - B, class: 'axis' }, svg);
    for (const v of [M / 1.15, 0, -M / 1.15]) {
      svgEl('text', { x: L - 6, y: Y(v) + 4, 'text-anchor': 'end' }, svg, String(Math.round(v)));
    }
    svgEl('text', { x: L + 4, y: T - 8 }, svg, 'South ahead \u2191');
    svgEl('text', { x: L + 4, y: H - B - 6, class: 'faint' }, svg, 'North ahead \u2193');
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
        const v = p.value === null ? `${p.winner} has won` : decisive(c, p.value) ? `a win for ${p.value > 0 ? 'South'
          : 'North'} found` : `value ${p.value}`;
        svgEl('title', {}, dot, `ply ${p.ply}: ${v}${p.best ? `; best ${p.best}` : ''} (${c.label})`);
        dot.addEventListener('click', () => onPick(p.ply));
      }
    });
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

  // The first player's running score of each pairing over its games, with its 95%
  // interval as a band: the mean of the points so far plus or minus 1.96 standard errors
  // of single games (the summary's interval counts game pairs, so it can differ).
  function drawPlot(svg, games) {
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
  function drawLlr(svg, r) {
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

  async function loadSummary(folder) {
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
})();
