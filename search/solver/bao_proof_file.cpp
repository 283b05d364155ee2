#include "search/solver/bao_proof_file.h"

#include <sstream>

#include "engine/error.h"

namespace bao::search::solver {

namespace {

constexpr const char* kMagic = "bao-proof 1";

// The next line of the header, which must start with `word` and a space; returns the rest.
std::string header_field(std::istream& in, const std::string& word, int& line_no) {
  std::string line;
  ++line_no;
  if (!std::getline(in, line))
    throw InputError("proof header line " + std::to_string(line_no) + ": the file ends; expected '" + word + " ...'");
  if (line.rfind(word + " ", 0) != 0)
    throw InputError("proof header line " + std::to_string(line_no) + ": expected '" + word + " ...', found '" +
                     line.substr(0, 80) + "'");
  return line.substr(word.size() + 1);
}

}  // namespace

ProofStats write_bao_proof(std::ostream& out, const BaoGame& g, Dfpn<BaoGame>& dfpn, const Position& root,
                           Budget& budget) {
  out << kMagic << "\n";
  std::istringstream rules(g.rules.describe());
  for (std::string line; std::getline(rules, line);) out << "rule " << line << "\n";
  out << "position " << format_position(root) << "\n";
  out << "winner " << (dfpn.attacker() == South ? "S" : "N") << "\nbody\n";
  const BaoProofText text;
  ProofWriter<BaoGame, BaoProofText> writer(g, dfpn, text, out, budget);
  return writer.write(root);
}

BaoProofCheck check_bao_proof(std::istream& in) {
  BaoProofCheck c;
  std::string line;
  int line_no = 1;
  if (!std::getline(in, line) || line != kMagic)
    throw InputError("proof header line 1: expected '" + std::string(kMagic) + "', found '" + line.substr(0, 80) + "'");
  // Rule lines, then the position.
  for (;;) {
    ++line_no;
    if (!std::getline(in, line))
      throw InputError("proof header line " + std::to_string(line_no) + ": the file ends; expected 'position ...'");
    if (line.rfind("rule ", 0) == 0) {
      const std::string kv = line.substr(5);
      const auto eq = kv.find('=');
      if (eq == std::string::npos)
        throw InputError("proof header line " + std::to_string(line_no) + ": expected 'rule KEY=VALUE', found '" +
                         line.substr(0, 80) + "'");
      try {
        c.rules.set(kv.substr(0, eq), kv.substr(eq + 1));
      } catch (const InputError& e) {
        throw InputError("proof header line " + std::to_string(line_no) + ": " + e.what());
      }
      continue;
    }
    if (line.rfind("position ", 0) != 0)
      throw InputError("proof header line " + std::to_string(line_no) +
                       ": expected 'rule ...' or 'position ...', found '" + line.substr(0, 80) + "'");
    try {
      c.root = parse_position(line.substr(9), c.rules.variant);
    } catch (const InputError& e) {
      throw InputError("proof header line " + std::to_string(line_no) + ": " + e.what());
    }
    break;
  }
  const std::string w = header_field(in, "winner", line_no);
  if (w != "S" && w != "N")
    throw InputError("proof header line " + std::to_string(line_no) + ": winner must be S or N, found '" + w + "'");
  c.winner = w == "S" ? South : North;
  ++line_no;
  if (!std::getline(in, line) || line != "body")
    throw InputError("proof header line " + std::to_string(line_no) + ": expected 'body', found '" +
                     line.substr(0, 80) + "'");
  const BaoGame g{c.rules};
  const BaoProofText text;
  ProofChecker<BaoGame, BaoProofText> checker(g, text, in);
  c.result = checker.check(c.root, c.winner);
  return c;
}

}  // namespace bao::search::solver
