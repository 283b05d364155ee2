#include "search/searcher.h"

#include <string>

#include "engine/error.h"

namespace bao::search {

void check_limits(const Limits& l, std::string_view who) {
  // The message's start is made only for a message: a search checks its limits and
  // allocates nothing.
  const auto at = [&] { return who.empty() ? std::string() : std::string(who) + ": "; };
  if (l.depth < 0) throw InputError(at() + "depth must be at least 1, found " + std::to_string(l.depth));
  if (l.depth > kMaxPly - 1)  // the searchers' per-ply buffers end there
    throw InputError(at() + "depth must be at most " + std::to_string(kMaxPly - 1) +
                     " (the deepest ply a search reaches), found " + std::to_string(l.depth));
  if (l.depth == 0 && l.nodes == 0 && l.time_ms <= 0)
    throw InputError(at() + "a search needs a limit: a depth of at least 1, a node count or a time");
  if (l.time_ms < 0) throw InputError(at() + "time must be positive, found " + std::to_string(l.time_ms) + " ms");
}

}  // namespace bao::search
