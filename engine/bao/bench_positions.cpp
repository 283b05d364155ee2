// The fixed positions of `bao bench` (seeded random games, generated once and frozen):
// both variants, both stages, positions with a takasia mark and with a house still owned
// in the mtaji stage. Changing this list changes the bench signature (bench/signature.txt).
// Three mtaji positions were taken out: their searches meet takasa moves that take 25
// million to over a billion laps to prove infinite (0.2 to 12 s), which would dominate
// the speed figure. They are kept in tests/data/long-moves.txt.
#include "engine/bao/bench_positions.h"

namespace bao {

const std::vector<BenchPosition>& bench_positions() {
  static const std::vector<BenchPosition> list = {
      {Variant::Kiswahili, "kiswahili start",
       "0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Aa -"},
      {Variant::Kujifunza, "kujifunza start",
       "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0,0 -- -"},
      {Variant::Kiswahili, "kiswahili mtaji house",
       "0,4,0,5,18,0,0,0/5,0,1,3,1,3,0,1/0,5,8,0,0,0,0,1/2,1,1,1,1,1,2,0 S 0,0 A- -"},
      {Variant::Kiswahili, "kiswahili mtaji house",
       "0,4,1,1,22,2,0,0/2,1,0,0,1,2,1,2/2,3,2,1,1,4,2,1/1,1,0,1,1,1,2,2 S 0,0 A- -"},
      {Variant::Kiswahili, "kiswahili mtaji house",
       "1,0,0,6,14,0,0,1/1,1,1,1,0,2,1,2/1,0,2,1,1,9,2,2/1,1,2,2,1,3,1,4 S 0,0 A- -"},
      {Variant::Kiswahili, "kiswahili mtaji house",
       "3,5,0,3,1,0,1,1/5,0,3,1,2,0,3,1/1,8,3,1,20,0,0,0/1,1,0,0,0,0,0,0 S 0,0 -a -"},
      {Variant::Kiswahili, "kiswahili mtaji",
       "0,0,0,0,0,1,1,3/0,1,0,2,1,0,0,3/0,3,6,5,2,4,0,2/5,6,3,5,3,4,3,1 N 0,0 -- -"},
      {Variant::Kiswahili, "kiswahili mtaji",
       "0,0,1,1,0,2,0,1/0,1,1,0,1,0,2,0/4,2,8,5,1,8,4,0/1,3,0,5,3,5,4,1 N 0,0 -- -"},
      {Variant::Kiswahili, "kiswahili mtaji",
       "0,0,6,5,0,11,8,1/1,2,1,5,0,1,0,2/0,0,0,0,2,1,5,6/2,1,2,0,0,0,1,1 S 0,0 -- -"},
      {Variant::Kiswahili, "kiswahili mtaji",
       "0,4,1,7,7,0,3,0/3,1,2,4,4,0,6,0/1,1,1,1,1,2,2,0/0,4,0,4,1,0,2,2 S 0,0 -- -"},
      {Variant::Kiswahili, "kiswahili mtaji",
       "1,1,2,0,0,0,0,0/1,0,1,1,2,3,2,0/0,12,0,1,2,0,5,2/2,5,0,5,1,3,4,8 N 0,0 -- -"},
      {Variant::Kiswahili, "kiswahili mtaji",
       "3,1,1,0,3,5,3,0/7,1,1,1,2,1,0,1/1,1,1,2,3,2,2,2/0,5,6,1,0,2,5,1 S 0,0 -- -"},
      {Variant::Kiswahili, "kiswahili mtaji",
       "4,4,0,0,0,3,0,3/2,0,4,1,0,1,2,1/0,0,2,2,4,1,3,2/2,3,4,0,2,3,6,5 S 0,0 -- -"},
      {Variant::Kiswahili, "kiswahili namua",
       "0,0,0,0,1,3,4,1/1,1,1,1,0,1,1,2/1,0,1,2,1,0,3,1/1,1,1,1,1,1,1,1 S 15,15 -- -"},
      {Variant::Kiswahili, "kiswahili namua",
       "0,0,0,0,6,1,4,0/0,0,0,0,0,0,0,1/0,0,1,1,7,0,1,0/0,0,0,0,0,0,1,1 S 20,20 Aa -"},
      {Variant::Kiswahili, "kiswahili namua",
       "0,0,0,0,7,1,0,1/0,0,0,0,0,0,0,1/0,0,0,0,7,3,1,1/0,0,0,0,0,0,1,1 S 20,20 Aa -"},
      {Variant::Kiswahili, "kiswahili namua",
       "0,0,0,0,7,1,0,2/0,0,0,0,0,1,2,0/0,0,0,0,7,1,2,0/0,0,0,0,0,1,2,0 S 19,19 Aa -"},
      {Variant::Kiswahili, "kiswahili namua",
       "0,1,0,3,9,1,2,0/0,0,0,0,0,0,0,1/0,0,0,0,1,5,1,0/0,0,0,0,0,0,1,1 S 19,19 A- -"},
      {Variant::Kiswahili, "kiswahili namua",
       "0,1,1,0,7,0,1,0/0,0,0,0,0,0,1,1/1,0,0,1,8,0,2,0/0,0,0,0,0,0,0,0 S 20,20 Aa -"},
      {Variant::Kiswahili, "kiswahili namua",
       "0,1,1,3,0,1,2,1/0,0,0,0,0,0,1,1/1,2,2,3,1,1,2,1/0,0,0,0,0,0,1,1 S 19,19 -- -"},
      {Variant::Kiswahili, "kiswahili namua",
       "0,5,7,4,0,3,0,0/0,0,0,0,1,1,0,2/0,3,1,5,1,2,3,0/1,1,1,0,0,1,2,0 S 10,10 -- -"},
      {Variant::Kiswahili, "kiswahili namua",
       "1,3,0,3,4,1,4,1/0,0,0,0,0,1,1,0/4,1,1,0,0,2,2,0/1,0,0,0,0,0,1,1 S 16,16 -- -"},
      {Variant::Kiswahili, "kiswahili namua",
       "3,2,1,5,1,1,2,1/2,2,1,0,0,1,2,0/1,4,0,2,4,0,2,0/0,0,0,0,0,1,1,0 N 12,13 -- -"},
      {Variant::Kiswahili, "kiswahili takasia",
       "0,0,1,1,0,0,0,1/0,3,0,2,3,0,2,1/1,0,4,7,1,9,9,1/2,3,0,1,1,2,3,6 N 0,0 -- a1"},
      {Variant::Kiswahili, "kiswahili takasia",
       "0,1,0,0,0,1,1,0/0,0,2,0,1,0,1,2/1,6,3,3,9,2,0,4/1,7,2,4,2,3,6,2 N 0,0 -- a2"},
      {Variant::Kiswahili, "kiswahili takasia",
       "0,1,0,0,27,0,0,1/3,1,4,0,2,1,0,2/1,1,1,2,1,7,1,0/1,1,1,1,2,0,2,0 N 0,0 A- a7"},
      {Variant::Kiswahili, "kiswahili takasia",
       "1,1,0,0,0,0,0,0/1,4,0,1,0,0,2,0/0,2,1,0,10,18,1,2/3,4,0,4,0,3,1,5 S 0,0 -- A1"},
      {Variant::Kiswahili, "kiswahili takasia",
       "1,4,5,5,0,4,1,3/7,0,7,3,3,1,2,4/0,0,0,0,1,0,0,1/1,2,1,0,4,0,2,2 S 0,0 -- A1"},
      {Variant::Kujifunza, "kujifunza", "0,0,0,4,3,0,1,3/2,2,2,2,2,2,2,2/3,1,1,6,2,3,6,0/2,2,2,2,2,2,0,3 S 0,0 -- -"},
      {Variant::Kujifunza, "kujifunza", "0,0,1,2,0,2,3,3/0,3,3,1,4,4,1,0/0,2,2,8,6,1,1,2/2,2,2,2,2,2,0,3 S 0,0 -- -"},
      {Variant::Kujifunza, "kujifunza", "0,0,4,0,5,1,0,0/2,2,2,2,2,2,2,2/4,1,7,3,1,2,0,1/4,1,0,4,4,4,0,2 S 0,0 -- -"},
      {Variant::Kujifunza, "kujifunza", "1,0,1,9,3,2,1,4/2,0,3,1,4,0,3,0/0,1,0,1,2,1,5,5/2,2,2,2,2,2,0,3 N 0,0 -- -"},
      {Variant::Kujifunza, "kujifunza", "1,1,0,0,0,0,0,1/1,4,0,1,0,5,2,4/8,0,4,1,5,4,4,1/3,0,3,3,0,3,1,4 N 0,0 -- -"},
      {Variant::Kujifunza, "kujifunza", "2,1,0,0,0,4,0,1/3,1,3,3,0,3,1,1/2,5,3,1,8,4,2,1/1,3,3,0,3,0,1,4 S 0,0 -- -"},
      {Variant::Kujifunza, "kujifunza", "2,2,2,0,4,4,0,6/2,2,2,2,2,2,0,3/0,0,2,0,4,4,2,1/2,2,2,2,2,2,2,2 S 0,0 -- -"},
      {Variant::Kujifunza, "kujifunza", "3,1,2,3,8,3,0,2/2,1,0,4,1,4,0,4/2,0,2,1,2,2,1,1/0,4,0,0,3,3,1,4 S 0,0 -- -"},
      {Variant::Kujifunza, "kujifunza", "6,6,1,5,5,2,3,1/0,3,3,0,3,3,1,0/0,0,3,0,1,1,1,0/2,2,2,2,2,2,2,2 S 0,0 -- -"},
      {Variant::Kujifunza, "kujifunza", "7,2,2,7,0,2,1,1/4,1,4,0,1,4,4,1/0,3,1,0,2,1,1,0/3,0,2,2,2,2,2,2 N 0,0 -- -"},
  };
  return list;
}

}  // namespace bao
