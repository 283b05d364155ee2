// The game chosen on the Play tab, from the registry's games (GET /api/registry, no list
// by hand). Bao is played in its own form (variant, rules options, the rows of pits);
// every other game through its spec ("kalah(houses=6,seeds=4)") and the generic API,
// drawn by its board (boards.js).

import { $ } from './dom.js';

export const choice = { registry: [], searchers: [], baoEvaluators: [], entry: null };

export const isBao = () => !choice.entry || choice.entry.name === 'bao';

// The spec of the chosen game as the form gives it (the registry's default spec when
// the field is empty); null for Bao, which requests name by variant and rules.
export function chosenSpec() {
  if (isBao()) return null;
  return $('game-spec').value.trim() || choice.entry.spec;
}

// The game's name in a spec: "kalah(houses=4)" -> "kalah".
export const specName = (spec) => spec.split('(')[0].trim();

// The side names of the chosen game, first to move at the start first.
export const sideNames = () => (isBao() ? ['South', 'North'] : choice.entry.sides);

function fillOptions(sel, values, chosen) {
  sel.innerHTML = '';
  for (const v of values) sel.appendChild(Object.assign(document.createElement('option'), { value: v, textContent: v }));
  if (chosen !== undefined && values.includes(chosen)) sel.value = chosen;
}

// Shows the controls of the chosen game: Bao's variant and rules, or the spec field;
// its evaluators; a searcher every game runs.
export function chooseGame(name) {
  choice.entry = choice.registry.find((g) => g.name === name) || null;
  const bao = isBao();
  // The page's subtitle: Bao's rules, or the game chosen with its registry summary.
  if (choice.baoSubtitle === undefined) choice.baoSubtitle = $('game-summary').textContent;
  $('game-summary').textContent = bao ? choice.baoSubtitle : `\u2014 ${choice.entry.summary}`;
  document.querySelectorAll('.bao-only').forEach((e) => { e.hidden = !bao; });
  document.querySelectorAll('.game-only').forEach((e) => { e.hidden = bao; });
  if (bao) {
    fillOptions($('eval'), choice.baoEvaluators, 'td-long');  // the strength mode's (docs/strength.md)
    $('searcher').value = 'engine';
  } else {
    $('game-spec').value = choice.entry.spec;
    fillOptions($('eval'), choice.entry.evaluators.map((e) => e.name));
    $('searcher').value = 'alphabeta';
  }
  const [first, second] = sideNames();
  $('human').options[0].textContent = first;
  $('human').options[1].textContent = second;
}

export function fillGames(registry) {
  choice.registry = registry.games;
  fillOptions($('game'), registry.games.map((g) => g.name), 'bao');
  for (const o of $('game').options) o.title = registry.games.find((g) => g.name === o.value).summary;
}
