// A results folder's identity (Config::identity): every value that decides the games
// played and their content, normalised, as DIR/config.ini stores it and a resumed run or
// bao merge compares it. The reading and writing functions are declared in
// experiments/config.h; these are what the config reader uses to build it.
#pragma once

#include <map>
#include <string>

#include "experiments/config.h"

namespace bao::experiments {

// A double as the identity writes it ("%.17g": it reads back to the same double).
std::string format_double(double x);

// What decides the games played and their content, from the values read: how a config
// spells them (defaults left out, inherited or not) does not count. `openings_hash` is
// the openings file's hash ("" for random openings).
std::map<std::string, std::string> make_identity(const Config& c, const std::string& openings_hash);

}  // namespace bao::experiments
