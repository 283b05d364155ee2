// The drawing of each game on the page, by the game's registry name (GET /api/registry):
// draw(svg, state, opt) and pitOf(state, move), the clickable place that plays a move
// (null: none, the move is typed). A game without an entry here is drawn as text.

import { drawCheckers, checkersPitOf } from './checkers_board.js';
import { drawKalah, kalahPitOf } from './kalah_board.js';
import { drawText } from './text_board.js';

const BOARDS = {
  kalah: { draw: drawKalah, pitOf: kalahPitOf },
  checkers: { draw: drawCheckers, pitOf: checkersPitOf },
};

const TEXT = { draw: (svg, state) => drawText(svg, state), pitOf: () => null };

export const boardFor = (name) => BOARDS[name] || TEXT;
