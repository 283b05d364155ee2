#include "search/tt.h"

#include <unistd.h>

#include <algorithm>
#include <string>

#include "engine/error.h"

namespace bao::search {

TranspositionTable::TranspositionTable(std::size_t mib) {
  if (mib < 1 || mib > static_cast<std::size_t>(kMaxTableMb))
    throw InputError("tt_mb: expected a table size of 1 to " + std::to_string(kMaxTableMb) + " MiB, found " +
                     std::to_string(mib));
  buckets_ = (mib << 20) / (2 * sizeof(TTEntry));
  if (buckets_ > (1ull << 32)) buckets_ = 1ull << 32;
  allocate_table(mib, "the alpha-beta transposition table (tt_mb)", [&] { table_.assign(buckets_ * 2, TTEntry{}); });
}

std::uint64_t machine_memory_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) : 0;
}

void table_too_large(std::size_t mib, const char* what, bool out_of_memory) {
  const std::string size = std::to_string(mib) + " MiB for " + what;
  if (out_of_memory) throw InputError("out of memory allocating " + size + "; lower tt_mb");
  throw InputError(size + " is more than 80% of this machine's " + std::to_string(machine_memory_bytes() >> 20) +
                   " MiB of memory; lower tt_mb");
}

void TranspositionTable::new_search() {
  if (++generation_ == 0) {  // wrapped: old entries would look current
    std::fill(table_.begin(), table_.end(), TTEntry{});
    generation_ = 1;
  }
}

}  // namespace bao::search
