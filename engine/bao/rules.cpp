#include "engine/bao/rules.h"

#include <charconv>
#include <sstream>

#include "engine/error.h"

namespace bao {
namespace {

bool parse_bool(std::string_view key, std::string_view v) {
  if (v == "1" || v == "true" || v == "yes" || v == "on") return true;
  if (v == "0" || v == "false" || v == "no" || v == "off") return false;
  throw InputError("rules option " + std::string(key) + ": expected true or false, found '" + std::string(v) + "'");
}

}  // namespace

Variant parse_variant(std::string_view name) {
  if (name == "kiswahili") return Variant::Kiswahili;
  if (name == "kujifunza") return Variant::Kujifunza;
  throw InputError("variant: expected kiswahili or kujifunza, found '" + std::string(name) + "'");
}

const char* variant_name(Variant v) { return v == Variant::Kiswahili ? "kiswahili" : "kujifunza"; }

void Rules::set(std::string_view key, std::string_view value) {
  if (key == "variant") {
    variant = parse_variant(value);
  } else if (key == "long_move_limit") {
    std::uint32_t n = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec != std::errc() || end != value.data() + value.size() || value.empty())
      throw InputError("rules option long_move_limit: expected a number of seeds (0 = off), found '" +
                       std::string(value) + "'");
    long_move_limit = n;
  } else if (key == "house_choice_any_count") {
    house_choice_any_count = parse_bool(key, value);
  } else if (key == "tax_any_lone_house") {
    tax_any_lone_house = parse_bool(key, value);
  } else if (key == "house_lost_when_hand_empties") {
    house_lost_when_hand_empties = parse_bool(key, value);
  } else if (key == "takasia_after_namua") {
    takasia_after_namua = parse_bool(key, value);
  } else {
    throw InputError("unknown rules option '" + std::string(key) +
                     "' (known: variant, long_move_limit, house_choice_any_count, tax_any_lone_house, "
                     "house_lost_when_hand_empties, takasia_after_namua)");
  }
}

std::string Rules::describe() const {
  std::ostringstream o;
  o << "variant=" << variant_name(variant) << "\nlong_move_limit=" << long_move_limit
    << "\nhouse_choice_any_count=" << house_choice_any_count << "\ntax_any_lone_house=" << tax_any_lone_house
    << "\nhouse_lost_when_hand_empties=" << house_lost_when_hand_empties
    << "\ntakasia_after_namua=" << takasia_after_namua << "\n";
  return o.str();
}

}  // namespace bao
