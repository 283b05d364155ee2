// The fixed positions `bao bench` searches (and the search benchmarks use).
#pragma once

#include <vector>

#include "engine/bao/rules.h"

namespace bao {

struct BenchPosition {
  Variant variant;
  const char* kind;      // "kiswahili mtaji", "kujifunza", ...
  const char* position;  // position string
};

const std::vector<BenchPosition>& bench_positions();

}  // namespace bao
