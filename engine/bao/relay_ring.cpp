// The relative ring's lap backward (relay_ring.h).
#include "engine/bao/relay_ring.h"

#include <cstring>

#include "engine/bao/position.h"

namespace bao {

static_assert(relay_ring_detail::kMaxSeeds == kSeeds);
static_assert(kRing == 16);

bool unlap(RelRing y, RelRing& x) {
  std::uint8_t b[16], a[16];
  std::memcpy(b, &y.lo, 8);
  std::memcpy(b + 8, &y.hi, 8);
  int m = b[0];
  for (int i = 1; i < 16; ++i)
    if (b[i] < m) m = b[i];
  int r = 0;  // the first byte holding m going backwards from byte 0
  while (b[(16 - r) & 15] != m) ++r;
  const int n = 16 * m + r;
  if (n < 2) return false;
  for (int i = 1; i < 16; ++i) a[i] = static_cast<std::uint8_t>(b[(i - r) & 15] - m - (i <= r ? 1 : 0));
  a[0] = static_cast<std::uint8_t>(n);
  std::memcpy(&x.lo, a, 8);
  std::memcpy(&x.hi, a + 8, 8);
  return true;
}

#if BAO_RELAY_RING_X86
bool have_sse41() {
  static const bool yes = __builtin_cpu_supports("sse4.1");
  return yes;
}
#endif

}  // namespace bao
