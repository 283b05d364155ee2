// Move lists: plies numbered by move, each a clickable span.

// "1S", "1N", "2S", ... from the side that moves first.
// The side ('S' or 'N') of ply i (0-based): the sides alternate.
export const plySide = (i, firstSide) => (i % 2 === 0 ? firstSide : firstSide === 'S' ? 'N' : 'S');
export function plyLabel(i, firstSide) {
  const number = 1 + Math.floor((i + (firstSide === 'N' ? 1 : 0)) / 2);
  return `${number}${plySide(i, firstSide)}`;
}
export const sideOf = (position) => position.split(' ')[1];

// One line per move number, South's ply then North's; each ply a span with its number
// (data-ply: 1 for the first ply), the current one marked.
export function fillMoveList(ol, moves, firstSide, current, onClick) {
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

// One line per ply, for games whose sides need not alternate (a Kalah sowing into one's
// own store moves again): its number, the mover's initial (sides[i], the side to move
// before ply i+1) and the move; each ply a span as in fillMoveList.
export function fillPlyList(ol, moves, sides, current, onClick) {
  ol.innerHTML = '';
  moves.forEach((m, i) => {
    const li = document.createElement('li');
    const num = Object.assign(document.createElement('span'), { className: 'num', textContent: `${i + 1}.` });
    const side = (sides[i] || '?')[0];
    const span = Object.assign(document.createElement('span'), { className: 'ply', textContent: `${side} ${m}` });
    span.title = `ply ${i + 1}: ${sides[i] || ''} ${m}`;
    span.dataset.ply = String(i + 1);
    if (current === i + 1) span.classList.add('current');
    if (onClick) span.addEventListener('click', () => onClick(i + 1));
    li.append(num, span);
    ol.appendChild(li);
  });
  const cur = ol.querySelector('.current') || ol.lastElementChild;
  if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: 'nearest' });
}
