#include "search/solver/margin_table_file.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <vector>

#include "engine/error.h"

namespace bao::search::solver {

namespace {

std::string header(const MarginTable& t, const std::string& what) {
  return "bao-margin-table 1 " + what + " buckets=" + std::to_string(t.buckets());
}

}  // namespace

void save_margin_table(const MarginTable& t, const std::string& path, const std::string& what) {
  const std::string part = path + ".part";
  {
    std::ofstream out(part, std::ios::binary);
    if (!out) throw InputError("table file: cannot open '" + part + "' for writing");
    out << header(t, what) << "\n";
    out.write(t.bytes(), static_cast<std::streamsize>(t.byte_size()));
    if (!out) throw InputError("table file: writing '" + part + "' failed");
  }
  if (std::rename(part.c_str(), path.c_str()) != 0)
    throw InputError("table file: cannot rename '" + part + "' to '" + path + "'");
}

void load_margin_table(MarginTable& t, const std::string& path, const std::string& what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("table file: cannot open '" + path + "'");
  std::string line;
  std::getline(in, line);
  const std::string prefix = "bao-margin-table 1 " + what + " buckets=";
  const std::string count = line.rfind(prefix, 0) == 0 ? line.substr(prefix.size()) : "";
  if (count.empty() || count.size() > 18 || count.find_first_not_of("0123456789") != std::string::npos)
    throw InputError("table file '" + path + "': its header is '" + line.substr(0, 200) + "', expected '" +
                     header(t, what) + "' (the same rules; any --tt-mb)");
  const std::size_t buckets = std::stoull(count);
  if (buckets == 0 || (buckets & (buckets - 1)) != 0 || buckets > (std::size_t{1} << 40))
    throw InputError("table file '" + path + "': " + count + " buckets is not a power of two up to 2^40");
  const std::size_t bytes = buckets * (t.byte_size() / t.buckets());
  if (buckets == t.buckets()) {
    in.read(t.bytes(), static_cast<std::streamsize>(t.byte_size()));
  } else {
    // Another size: every entry goes to its bucket in this table, read a chunk at a time
    // so that a file larger than the free memory beside the table still loads.
    std::vector<MarginTable::Entry> chunk(std::size_t{1} << 16);
    std::size_t left = bytes / sizeof(MarginTable::Entry);
    while (left > 0 && in) {
      const std::size_t n = std::min(left, chunk.size());
      in.read(reinterpret_cast<char*>(chunk.data()), static_cast<std::streamsize>(n * sizeof(MarginTable::Entry)));
      if (in.gcount() != static_cast<std::streamsize>(n * sizeof(MarginTable::Entry))) break;
      for (std::size_t i = 0; i < n; ++i)
        if (chunk[i].used) t.place(chunk[i]);
      left -= n;
    }
    if (left > 0) in.setstate(std::ios::failbit);
  }
  if (!in || in.peek() != EOF)
    throw InputError("table file '" + path + "': expected " + std::to_string(bytes) + " bytes after the header");
}

}  // namespace bao::search::solver
