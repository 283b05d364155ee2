#include "search/solver/kalah_proof_file.h"

#include <sstream>

#include "engine/error.h"
#include "engine/kalah/kalah_notation.h"
#include "search/solver/dfpn.h"
#include "search/solver/kalah_threshold_game.h"

namespace bao::search::solver {

namespace {

constexpr const char* kMagic = "kalah-margin-proof 1";

struct KalahProofText {
  const kalah::KalahRules* rules;
  std::string move(const kalah::KalahState&, const kalah::KalahMove& m) const { return kalah::format_move(m); }
  std::string position(const kalah::KalahState& s) const { return kalah::format_state(s, *rules); }
};

std::string signed_text(int v) {
  std::string t = std::to_string(v);
  if (v > 0) t.insert(t.begin(), '+');
  return t;
}

// One bound's proof: `attacker` wins the threshold game at t from root. Returns false
// when the budget ran out; throws when the other side wins (the bound is false).
bool prove_bound(std::ostream& body, const kalah::KalahRules& rules, const kalah::KalahState& root, int t, int attacker,
                 std::size_t table_mb, Budget& budget, ProofStats& stats) {
  const KalahThresholdGame g{kalah::KalahGame{rules}, t};
  Dfpn<KalahThresholdGame> dfpn(g, table_mb);
  const Verdict v = dfpn.prove(root, attacker, budget);
  if (v == Verdict::Disproven && !dfpn.disproof_used_path())
    throw InputError("kalah proof: South's margin is " + std::string(attacker == 0 ? "below " : "at least ") +
                     signed_text(t) + ", so the value given is not the position's");
  if (v != Verdict::Proven) return false;
  const KalahProofText text{&rules};
  ProofWriter<KalahThresholdGame, KalahProofText> writer(g, dfpn, text, body, budget);
  stats = writer.write(root);
  return true;
}

std::string next_line(std::istream& in, int& line_no, const std::string& what) {
  std::string line;
  ++line_no;
  if (!std::getline(in, line))
    throw InputError("kalah proof line " + std::to_string(line_no) + ": the file ends; expected " + what);
  return line;
}

void set_rule(kalah::KalahRules& r, const std::string& kv, int line_no) {
  const auto eq = kv.find('=');
  const std::string key = kv.substr(0, eq == std::string::npos ? kv.size() : eq);
  const std::string value = eq == std::string::npos ? "" : kv.substr(eq + 1);
  const auto number = [&] {
    if (value.empty() || value.size() > 3 || value.find_first_not_of("0123456789") != std::string::npos)
      throw InputError("kalah proof line " + std::to_string(line_no) + ": " + key + " expects a number, found '" +
                       value + "'");
    return std::stoi(value);
  };
  if (key == "houses")
    r.houses = number();
  else if (key == "seeds")
    r.seeds = number();
  else if (key == "empty_capture" && (value == "true" || value == "false"))
    r.empty_capture = value == "true";
  else if (key == "end" && (value == "either" || value == "mover"))
    r.end = value == "either" ? kalah::EndRule::Either : kalah::EndRule::Mover;
  else
    throw InputError("kalah proof line " + std::to_string(line_no) + ": unknown rule '" + kv.substr(0, 80) +
                     "' (houses=M, seeds=N, empty_capture=true|false, end=either|mover)");
}

}  // namespace

KalahProofStats write_kalah_proof(std::ostream& out, const kalah::KalahRules& rules, const kalah::KalahState& root,
                                  int value, std::size_t table_mb, Budget& budget) {
  KalahProofStats st;
  std::ostringstream at_least, at_most;
  if (!prove_bound(at_least, rules, root, value, 0, table_mb, budget, st.at_least)) return st;
  if (!prove_bound(at_most, rules, root, value + 1, 1, table_mb, budget, st.at_most)) return st;
  out << kMagic << "\nrule houses=" << rules.houses << "\nrule seeds=" << rules.seeds
      << "\nrule empty_capture=" << (rules.empty_capture ? "true" : "false")
      << "\nrule end=" << (rules.end == kalah::EndRule::Either ? "either" : "mover") << "\nposition "
      << kalah::format_state(root, rules) << "\nvalue " << signed_text(value) << "\nat-least\n"
      << at_least.str() << "at-most\n"
      << at_most.str();
  st.written = true;
  return st;
}

bool is_kalah_proof(std::istream& in) {
  const auto at = in.tellg();
  std::string line;
  const bool yes = static_cast<bool>(std::getline(in, line)) && line == kMagic;
  in.clear();
  in.seekg(at);
  return yes;
}

KalahProofCheck check_kalah_proof(std::istream& in) {
  KalahProofCheck c;
  int line_no = 0;
  std::string line = next_line(in, line_no, "'" + std::string(kMagic) + "'");
  if (line != kMagic)
    throw InputError("kalah proof line 1: expected '" + std::string(kMagic) + "', found '" + line.substr(0, 80) + "'");
  for (;;) {
    line = next_line(in, line_no, "'rule ...' or 'position ...'");
    if (line.rfind("rule ", 0) != 0) break;
    set_rule(c.rules, line.substr(5), line_no);
  }
  try {
    kalah::check_rules(c.rules);
  } catch (const InputError& e) {
    throw InputError("kalah proof line " + std::to_string(line_no) + ": " + e.what());
  }
  if (line.rfind("position ", 0) != 0)
    throw InputError("kalah proof line " + std::to_string(line_no) + ": expected 'position ...', found '" +
                     line.substr(0, 80) + "'");
  try {
    c.root = kalah::parse_state(line.substr(9), c.rules);
  } catch (const InputError& e) {
    throw InputError("kalah proof line " + std::to_string(line_no) + ": " + e.what());
  }
  line = next_line(in, line_no, "'value V'");
  try {
    std::size_t used = 0;
    if (line.rfind("value ", 0) != 0) throw std::invalid_argument("no value");
    c.value = std::stoi(line.substr(6), &used);
    if (used != line.size() - 6) throw std::invalid_argument("trailing text");
  } catch (const std::exception&) {
    throw InputError("kalah proof line " + std::to_string(line_no) + ": expected 'value V' (a signed margin), found '" +
                     line.substr(0, 80) + "'");
  }
  if (next_line(in, line_no, "'at-least'") != "at-least")
    throw InputError("kalah proof line " + std::to_string(line_no) + ": expected 'at-least'");
  // The first body ends at the line "at-most": read it whole, then the rest is the second.
  std::ostringstream first;
  for (;;) {
    line = next_line(in, line_no, "'at-most'");
    if (line == "at-most") break;
    first << line << "\n";
  }
  const KalahProofText text{&c.rules};
  {
    std::istringstream body(first.str());
    const KalahThresholdGame g{kalah::KalahGame{c.rules}, c.value};
    ProofChecker<KalahThresholdGame, KalahProofText> checker(g, text, body);
    c.at_least = checker.check(c.root, 0);
  }
  const KalahThresholdGame g{kalah::KalahGame{c.rules}, c.value + 1};
  ProofChecker<KalahThresholdGame, KalahProofText> checker(g, text, in);
  c.at_most = checker.check(c.root, 1);
  return c;
}

}  // namespace bao::search::solver
