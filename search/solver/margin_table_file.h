// The margin solver's table in a file, so that a long solve stopped by a budget or a
// signal resumes with everything it proved (docs/solver.md, "Resuming a long solve").
//
// Every entry the solver records holds for the game's rules on every path, whatever
// position the solve started from and whatever window it searched with (margin.h), so a
// table saved by one run is sound for any later run of the same rules and table size.
// The file: a text line "bao-margin-table 1 <what> buckets=N" (what: the caller's name
// for the rules, e.g. the game's spec), then the buckets' bytes as the table holds them
// (this machine's byte order). load_margin_table fills a table of the same size byte for
// byte; into a table of another size (a larger --tt-mb for a solve that filled its table)
// it places every entry in its bucket there, and where a bucket overflows (a smaller
// table) the entries that rank lowest give way, as in play. It refuses a file whose header
// differs (other rules, another format) or whose length is wrong, naming it.
#pragma once

#include <string>

#include "search/solver/margin_table.h"

namespace bao::search::solver {

// Writes `path` (through path + ".part", renamed once complete). Throws InputError.
void save_margin_table(const MarginTable& t, const std::string& path, const std::string& what);
// Fills t, a table with no entries yet, from `path`. Throws InputError naming what does
// not match.
void load_margin_table(MarginTable& t, const std::string& path, const std::string& what);

}  // namespace bao::search::solver
