#include "cli/serve_bao_state.h"

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"

namespace bao::cli {
namespace {

int ring_of(bool back, int k) { return back ? kRing - k : k - 1; }

json pit_json(const Position& p, int side, int ring) {
  const bool house = ring == kHouse;
  return {{"pit", pit_name(side, ring)},          {"side", side_word(side)},
          {"seeds", p.pits[side][ring]},          {"house", house},
          {"owned", house && p.owns_house(side)}, {"takasia", side == p.side && ring == p.takasia}};
}

// The four rows top to bottom as `bao show` draws them: North's back row b and front
// row a (pits 8..1 from left to right), then South's front row A and back row B (1..8).
json rows_json(const Position& p) {
  json rows = json::array();
  for (int back = 1; back >= 0; --back) {
    json cells = json::array();
    for (int k = 8; k >= 1; --k) cells.push_back(pit_json(p, North, ring_of(back, k)));
    rows.push_back({{"row", back ? "b" : "a"}, {"side", "North"}, {"pits", cells}});
  }
  for (int back = 0; back <= 1; ++back) {
    json cells = json::array();
    for (int k = 1; k <= 8; ++k) cells.push_back(pit_json(p, South, ring_of(back, k)));
    rows.push_back({{"row", back ? "B" : "A"}, {"side", "South"}, {"pits", cells}});
  }
  return rows;
}

}  // namespace

const char* side_word(int s) { return s == South ? "South" : "North"; }

json state_json(const Position& p, const Rules& rules, bool with_board_text) {
  ChildList children;
  generate_children(p, rules, children);
  json legal = json::array();
  for (const Child& c : children)
    legal.push_back({{"move", format_move(c.move, p.side)},
                     {"pit", pit_name(p.side, c.move.pit)},
                     {"dir", c.move.right ? "R" : "L"},
                     {"takasa", c.move.takasa()},
                     {"safari", c.move.safari()},
                     {"after", format_position(c.pos)}});
  const Outcome o = outcome(p, rules);
  json s = {{"position", format_position(p)},
            {"variant", variant_name(rules.variant)},
            {"to_move", side_word(p.side)},
            {"stage", p.hand[p.side] > 0 ? "namua" : "mtaji"},
            {"hands", {{"South", p.hand[South]}, {"North", p.hand[North]}}},
            {"houses", {{"South", p.owns_house(South)}, {"North", p.owns_house(North)}}},
            {"takasia", p.takasia == kNoPit ? json(nullptr) : json(pit_name(p.side, p.takasia))},
            {"outcome", o == Outcome::Ongoing     ? "ongoing"
                        : o == Outcome::SouthWins ? "South"
                                                  : "North"},
            {"result", result_text(p, rules)},
            {"rows", rows_json(p)},
            {"legal", legal}};
  if (with_board_text) s["board"] = format_board(p, rules);
  return s;
}

json rules_json(const Rules& r) {
  return {{"long_move_limit", r.long_move_limit},
          {"house_choice_any_count", r.house_choice_any_count},
          {"tax_any_lone_house", r.tax_any_lone_house},
          {"house_lost_when_hand_empties", r.house_lost_when_hand_empties},
          {"takasia_after_namua", r.takasia_after_namua}};
}

Rules rules_from(const json& j) {
  Rules r;
  r.variant = parse_variant(get_string(j, "variant", "kiswahili"));
  const auto it = j.find("rules");
  if (it == j.end() || it->is_null()) return r;
  if (!it->is_object()) bad("'rules' must be an object of rules options, found " + it->dump());
  for (const auto& [key, value] : it->items()) {
    const std::string name = "'rules': '" + plain("'rules' key", key) + "'";
    if (key == "variant") bad("'rules': give the variant as 'variant'");
    if (!value.is_string() && !value.is_number() && !value.is_boolean())
      bad(name + " must be a number, true, false or a string, found " + value.dump());
    r.set(key, value.is_string() ? plain(name, value.get<std::string>()) : value.dump());
  }
  return r;
}

GameSession session_from(const json& j, const Rules& rules) {
  const std::string pos = get_string(j, "position", "");
  GameSession g(rules, pos.empty() ? start_position(rules.variant) : parse_position(pos, rules.variant));
  for (const std::string& m : get_strings(j, "moves")) g.play_text(m);
  return g;
}

}  // namespace bao::cli
