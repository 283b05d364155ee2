// A parameter of a named component (a game, a searcher) as its registration declares
// it once: help texts, docs and the spec reader (search/registry.h's Args) all read it.
#pragma once

#include <cstdint>
#include <string>

namespace bao {

struct Param {
  enum class Type { Bool, Int, Text };
  // What a parameter costs beyond the search's limits, for the checks that bound a
  // search's resources (SearcherRegistry::memory_bytes, bao serve's caps): they read it
  // here, so a parameter added with a cost is bounded without a list of names to update.
  enum class Cost {
    None,
    Memory,   // MiB the searcher allocates (a table, a node pool): counted by memory_bytes
    Threads,  // threads one search runs (Int): at most the machine's hardware threads
    Plies,    // a depth searched inside the search (a model's search, a rollout): Int, or
              // Text whose numbers are depths (root-om's model_depth=d-1|d|N)
  };
  std::string name;
  Type type = Type::Text;
  std::string def;                // the default as written in a spec; "" with required or no default
  std::int64_t min = 0, max = 0;  // Int: the accepted range
  std::string doc;                // one phrase: what it sets (and what its text may be)
  bool required = false;
  Cost cost = Cost::None;
};

}  // namespace bao
