// POST /api/solve: the value of a Bao position under perfect play for the analysis board
// ("win in N" / "loss in N", docs/serve.md), within the board's time budget.
//
// The request names a Bao game as /api/search does ("variant", "rules", "position",
// "moves") and may give "time_ms" (default the smaller of 2,000 and the server's
// --max-time-ms, at most that). df-pn (search/solver/solve.h) proves the value first; with
// the time left the distance search (search/solver/exact.h) makes the distance exact.
// Answers: {"status": "proven", "to_move", "winner", "value": "win"|"loss" (the side to
// move's), "distance" (plies), "distance_exact" (false: the proof's longest line, an upper
// bound), "best", "nodes", "seconds"}; {"status": "open", "nodes", "seconds"} when the
// budget ran out first; {"status": "over", "result"} for a finished game. The two tables are
// at most 32 MiB each and together at most the server's --max-memory-mb; a solve holds one of the
// server's search slots like a search.
#pragma once

#include <semaphore>

#include "cli/serve_api.h"
#include "cli/serve_request.h"

namespace bao::cli {

json solve_bao_position(const json& request, const ServeOptions& o, std::counting_semaphore<1024>& slots);

}  // namespace bao::cli
