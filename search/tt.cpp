#include "search/tt.h"

#include <algorithm>
#include <string>

#include "engine/error.h"

namespace bao::search {

TranspositionTable::TranspositionTable(std::size_t mib) {
  if (mib < 1 || mib > 65536)
    throw InputError("tt_mb: expected a table size of 1 to 65536 MiB, found " + std::to_string(mib));
  buckets_ = (mib << 20) / (2 * sizeof(TTEntry));
  if (buckets_ > (1ull << 32)) buckets_ = 1ull << 32;
  table_.assign(buckets_ * 2, TTEntry{});
}

void TranspositionTable::new_search() {
  if (++generation_ == 0) {  // wrapped: old entries would look current
    std::fill(table_.begin(), table_.end(), TTEntry{});
    generation_ = 1;
  }
}

}  // namespace bao::search
