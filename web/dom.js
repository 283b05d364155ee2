// The page's small helpers: elements by id, SVG elements, messages, searcher specs.

export const $ = (id) => document.getElementById(id);
export const SVGNS = 'http://www.w3.org/2000/svg';
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function svgEl(tag, attrs, parent, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

// A searcher spec's name without its parameters: "om-beta(model=material)" -> "om-beta".
export const shortSpec = (spec) => (spec.indexOf('(') < 0 ? spec : spec.slice(0, spec.indexOf('(')));

// The short name in a span whose title (shown on hover) is the full spec.
export function specSpan(spec) {
  const e = document.createElement('span');
  e.className = 'spec';
  e.textContent = shortSpec(spec);
  e.title = spec;
  return e;
}

// Fills el with text pieces and nodes in order.
export function fill(el, ...parts) {
  el.textContent = '';
  for (const p of parts) el.append(p);
}

export function message(text, kind) {
  const m = $('message');
  m.textContent = text || '';
  m.className = `message ${kind || ''}`;
}
