#include "search/solver/margin_table_file.h"

#include <cstdio>
#include <fstream>

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
  if (line != header(t, what))
    throw InputError("table file '" + path + "': its header is '" + line.substr(0, 200) + "', expected '" +
                     header(t, what) + "' (the same rules and --tt-mb)");
  in.read(t.bytes(), static_cast<std::streamsize>(t.byte_size()));
  if (in.gcount() != static_cast<std::streamsize>(t.byte_size()) || in.peek() != EOF)
    throw InputError("table file '" + path + "': expected " + std::to_string(t.byte_size()) +
                     " bytes after the header");
}

}  // namespace bao::search::solver
