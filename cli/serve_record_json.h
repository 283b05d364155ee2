// A results folder's games as `bao serve` reads and writes them: the records of a
// games.jsonl read from its text, a record's row for the games table, and how well each
// side's predicted replies (TournamentGame::predicted) matched the moves (docs/serve.md,
// "prediction").
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "cli/serve_request.h"
#include "experiments/records.h"

namespace bao::cli {

// The games of a games.jsonl read as text (experiments::load_records's rules, without
// repair): a complete line that is no record is an InputError naming `where`, the line
// and what is wrong, a torn last line (a run writing now) is left out, a game recorded
// twice counts once.
std::vector<experiments::TournamentGame> records_from_text(const std::string& text, const std::string& where);

// The record's fields for the games table, with its number `index` in the folder.
json game_row(const experiments::TournamentGame& g, std::size_t index);

// Per side, the replies it predicted ("tries") and those played ("hits"), and the plies
// (1-based) whose move was not the one predicted, against the canonical moves `texts`. A
// prediction of the last move's reply has no move to meet and counts for nothing.
// `mover[k]`: the side that played texts[k]; empty: Bao's sides, which alternate from
// the opening's.
json prediction_json(const experiments::TournamentGame& r, const std::vector<std::string>& texts,
                     const std::vector<int>& mover = {});

}  // namespace bao::cli
