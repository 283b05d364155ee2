// A parameter of a named component (a game, a searcher) as its registration declares
// it once: help texts, docs and the spec reader (search/registry.h's Args) all read it.
#pragma once

#include <cstdint>
#include <string>

namespace bao {

struct Param {
  enum class Type { Bool, Int, Text };
  std::string name;
  Type type = Type::Text;
  std::string def;                // the default as written in a spec; "" with required or no default
  std::int64_t min = 0, max = 0;  // Int: the accepted range
  std::string doc;                // one phrase: what it sets (and what its text may be)
  bool required = false;
};

}  // namespace bao
