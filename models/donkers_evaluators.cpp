// Donkers' evaluators (eval.pas of github jeroendonkers/bao, commit e418109): the
// formulas and weights as his unit states them, written for the toolkit's Position
// (mapping in donkers_evaluators.h).
#include "models/donkers_evaluators.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "engine/bao/position.h"

namespace bao::models {
namespace {

constexpr int kClip = 9000;  // his learned functions' bound (|v| > 9000 is a decided game)

int pits_total(const Position& p, int s) {
  int n = 0;
  for (int i = 0; i < kRing; ++i) n += p.pits[s][i];
  return n;
}

// eval.pas, GA1_eval.
constexpr DonkersGaWeights kGa1{
    -33, {46, 21, 36, 24, 27, -2, 7, 27, 15, 35, 46, 18, 32, 31, 36, 21}, {-30, -49, 35, 20, 6, 29, -11, -25}, 12, 12,
    23};
// eval.pas, GA3_eval: its house terms are inc(score, -40) and dec(score, -40).
constexpr DonkersGaWeights kGa3{
    -17, {36, 29, 32, 29, 19, 29, 9, 45, 29, 47, 44, 11, 44, 39, 30, 24}, {-46, -14, -18, 5, -7, -8, 15, 37}, -40, -40,
    35};

// eval.pas, init_Tdl2b. [0] weighs the root player's features, [1] the opponent's.
// init_Tdl2b assigns pcapt[1,0] twice (the second value stands) and never pcapt[0,1],
// which keeps the zero of a Pascal global record: both are taken as his program runs.
constexpr std::array<double, 2> kTdStore{0.351474927857933, 0.32508600926661};
constexpr std::array<std::array<double, 16>, 2> kTdHole{{
    {1.88013196365025, 1.56699582922007, 0.405355005310268, 1.36490456226865, 1.38899589179559, 0.459096726908925,
     0.657972289739721, 1.77146058833537, 3.31786455100821, 3.10694857789177, 3.8539001319127, 4.96632872800839,
     3.85892192691757, 3.43396231530757, 3.71895733323636, 3.74140930395362},
    {-1.66079635083487, -2.16905485409147, -0.658593866553247, -1.43308898965667, -1.86740571894509, -0.626610530787688,
     -1.60643797902663, -1.10081055020032, -3.6751352858897, -4.2539961006898, -4.04838909952595, -3.71547378130011,
     -4.05620116831693, -4.27286294327532, -4.00311439396186, -3.95207434437711},
}};
constexpr std::array<std::array<double, 8>, 2> kTdCapt{{
    {0.579827471289835, 0.0, 0.487193941850986, 1.24960877767929, 0.43390705322692, 0.646725616204503, 1.80087711320325,
     0.572111218891128},
    {0.0840089183542116, 0.898847391749641, 0.424379947746011, 1.1403448255455, 0.445895542460544, 0.856102386884854,
     0.760279069993385, 0.0223543558713317},
}};
constexpr std::array<double, 2> kTdCaptHouse{-0.00124134946096415, 0.112300732480899};
constexpr std::array<double, 2> kTdOwnsHouse{0.32431004634718, 0.0147212018542772};

}  // namespace

std::string donkers_evaluator_names() {
  return "donkers-default, donkers-material, donkers-ga1, donkers-ga3, donkers-tdl2b";
}

std::shared_ptr<const search::Evaluator> make_donkers_evaluator(std::string_view name) {
  if (name == "donkers-default") return std::make_shared<DonkersDefault>();
  if (name == "donkers-material") return std::make_shared<DonkersMaterial>();
  if (name == "donkers-ga1") return std::make_shared<DonkersGa>("donkers-ga1", kGa1);
  if (name == "donkers-ga3") return std::make_shared<DonkersGa>("donkers-ga3", kGa3);
  if (name == "donkers-tdl2b") return std::make_shared<DonkersTdl2b>();
  return nullptr;
}

int DonkersDefault::evaluate(const Position& p, int side) const {
  constexpr int kStone = 3, kFrontPair = 5, kAttackHouse = 100, kExposedHouse = 50, kOwnHouse = 200;
  const int r = side, o = side ^ 1;
  int score = kStone * (pits_total(p, r) - pits_total(p, o));
  for (int i = 0; i < kFront; ++i) {
    const int mine = p.pits[r][i], theirs = p.pits[o][kFront - 1 - i];
    if (mine == 0 || theirs == 0) continue;
    if (kFront - 1 - i == kHouse && p.owns_house(o)) score += kAttackHouse;
    if (i == kHouse && p.owns_house(r)) score -= kExposedHouse;
    score += kFrontPair * (theirs - mine);
  }
  if (p.owns_house(r)) score += kOwnHouse;
  if (p.owns_house(o)) score -= kOwnHouse;
  return score == 0 ? 1 : score;
}

int DonkersMaterial::evaluate(const Position& p, int side) const {
  return pits_total(p, side) - pits_total(p, side ^ 1);
}

int DonkersGa::evaluate(const Position& p, int side) const {
  const int r = side, o = side ^ 1;
  int score = w_.hand * (p.hand[r] - p.hand[o]);
  for (int i = 0; i < kRing; ++i) score += w_.pit[i] * (p.pits[r][i] - p.pits[o][i]);
  for (int i = 0; i < kFront; ++i) {
    const int mine = p.pits[r][i], theirs = p.pits[o][kFront - 1 - i];
    if (mine == 0 || theirs == 0) continue;
    if (i == kFront - 1 - kHouse && p.owns_house(o)) score += w_.house_attack;
    if (i == kHouse && p.owns_house(r)) score -= w_.house_defence;
    score += w_.capture[i] * mine + w_.capture[i] * theirs;
  }
  if (p.owns_house(r)) score += w_.house;
  if (p.owns_house(o)) score += w_.house;
  if (score == 0) score = 1;
  return std::clamp(score, -kClip, kClip);
}

double DonkersTdl2b::raw(const Position& p, int side) {
  const int r = side, o = side ^ 1;
  // His order of additions, so that the double sum is his to the last bit.
  double score = 0;
  score += kTdStore[0] * p.hand[r];
  score += kTdStore[1] * p.hand[o];
  for (int i = 0; i < kRing; ++i) {
    score += kTdHole[0][i] * p.pits[r][i];
    score += kTdHole[1][i] * p.pits[o][i];
  }
  for (int i = 0; i < kFront; ++i) {
    const int mine = p.pits[r][i], theirs = p.pits[o][kFront - 1 - i];
    if (mine == 0 || theirs == 0) continue;
    if (kFront - 1 - i == kHouse && p.owns_house(o)) score += kTdCaptHouse[0];
    if (i == kHouse && p.owns_house(r)) score += kTdCaptHouse[1];
    score += kTdCapt[0][i] * mine;
    score += kTdCapt[1][i] * theirs;
  }
  if (p.owns_house(r)) score += kTdOwnsHouse[0];
  if (p.owns_house(o)) score += kTdOwnsHouse[1];
  return score;
}

int DonkersTdl2b::evaluate(const Position& p, int side) const {
  double score = raw(p, side);
  // Pascal's Round rounds half to even: std::nearbyint in the default rounding mode.
  if (std::nearbyint(score) == 0) score = 1.01;
  score = std::clamp(score, double(-kClip), double(kClip));
  return static_cast<int>(std::nearbyint(score));
}

}  // namespace bao::models
