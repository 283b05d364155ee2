// Rules: the variant and every reading of the rules that sources differ on.
//
// Defaults follow Donkers' rules page ("Zanzibar Bao Rules for the Computer", appendix C
// of Nosce Hostem) as fixed in docs/rules.md. Each non-default option reproduces one
// point where Donkers' 2002 program departs from the page (docs/rules.md section 8a).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace bao {

enum class Variant : std::uint8_t { Kiswahili, Kujifunza };

struct Rules {
  Variant variant = Variant::Kiswahili;

  // Stones sown in one move above which the move counts as infinite (illegal).
  // 0 = off: infinite moves are decided exactly by cycle detection (rules.md 8).
  // Donkers' program used 100.
  std::uint32_t long_move_limit = 0;

  // Namua capture move: the stop/safari choice at the owned house exists at any
  // house count, not only at 6 or more (2002 program; the page needs 6, 1.6a).
  bool house_choice_any_count = false;

  // Tax move (2.4b) for any lone owned house, not only a functional one (2002 program).
  bool tax_any_lone_house = false;

  // A player's house is lost when his hand empties, not at the first mtaji capture
  // (2002 program; the page: 2.5a, 3.2).
  bool house_lost_when_hand_empties = false;

  // Takasia (4.1) also after a namua takasa move (2002 program; the page: mtaji only).
  bool takasia_after_namua = false;

  // Sets one option by its name as written above ("long_move_limit", ...), or
  // "variant". Throws InputError naming the key and the bad value.
  void set(std::string_view key, std::string_view value);

  // The options as "key=value" lines, for records and result files.
  std::string describe() const;

  bool operator==(const Rules&) const = default;
};

Variant parse_variant(std::string_view name);  // throws InputError
const char* variant_name(Variant v);

}  // namespace bao
