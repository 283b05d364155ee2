#include "search/tt.h"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <string>

#include "engine/error.h"

namespace bao::search {

TranspositionTable::TranspositionTable(std::size_t mib) {
  if (mib < 1 || mib > static_cast<std::size_t>(kMaxTableMb))
    throw InputError("tt_mb: expected a table size of 1 to " + std::to_string(kMaxTableMb) + " MiB, found " +
                     std::to_string(mib));
  buckets_ = (mib << 20) / (4 * sizeof(std::uint64_t));
  if (buckets_ > (1ull << 32)) buckets_ = 1ull << 32;
  allocate_table(mib, "the alpha-beta transposition table (tt_mb)", [&] { table_.assign(buckets_ * 4, 0); });
}

std::uint64_t machine_memory_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) : 0;
}

std::uint64_t available_memory_bytes() {
  std::ifstream in("/proc/meminfo");
  std::string key, unit;
  std::uint64_t kib = 0;
  while (in >> key >> kib) {
    if (key == "MemAvailable:") return kib << 10;
    std::getline(in, unit);  // the rest of the line: " kB"
  }
  return 0;
}

std::string table_memory_excess(std::uint64_t bytes, std::uint64_t total, std::uint64_t available) {
  const auto mib = [](std::uint64_t b) { return std::to_string(b >> 20) + " MiB"; };
  const std::uint64_t cap = total / 10 * 8;
  if (total && bytes > cap)
    return "more than 80% of this machine's " + mib(total) + " of memory in total (" + mib(cap) + ")";
  if (available && bytes > available)
    return "more than the " + mib(available) + " of memory available now (MemAvailable" +
           (total ? "; " + mib(total) + " in total)" : ")");
  return "";
}

void table_too_large(std::size_t mib, const char* what, const std::string& excess) {
  const std::string size = std::to_string(mib) + " MiB for " + what;
  if (excess.empty()) throw InputError("out of memory allocating " + size + "; lower tt_mb");
  throw InputError(size + " is " + excess + "; lower tt_mb");
}

void TranspositionTable::new_search() {
  if (++generation_ == 0) {  // wrapped: old entries would look current
    std::fill(table_.begin(), table_.end(), 0);
    generation_ = 1;
  }
}

}  // namespace bao::search
