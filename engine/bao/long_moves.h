// Long takasa moves decided fast and exactly (rules.md 3.1, 8: a move is legal iff it ends).
//
// A takasa move never captures, so once it is under way its laps are a deterministic map of
// the mover's 16 pits and the pit the last lap ended in (the direction never changes). Seen
// one seed at a time, relay sowing drops seeds into consecutive pits round the ring; a lap
// ends where the hand runs out, and the seeds of that pit are lifted and sown on (1.6).
//
// The proof. The ring is kept as seen from the pit the last lap ended in (byte i = the pit i
// steps further in the sowing direction), two 64-bit words, so a lap is a rotation and an
// add of a table entry (engine/bao/relay_ring.h). Where no pit is special -- no takasia-ed pit
// (4.1b) and no owned house in the namua stage (3.1(5)) -- the lap map commutes with
// rotating the ring: if the relative state repeats, the absolute state at the repeat is the
// earlier one rotated by k pits, so the sequence of laps from then on is the earlier one
// rotated, and after 16 / gcd(k, 16) such repeats the absolute state itself repeats: the
// move never ends. This finds a cycle that rotates the board up to 16 times sooner than
// comparing absolute states (the kujifunza position in docs/performance.md: 94.8 million
// laps instead of 1.52 billion). And the lap is one-to-one (relay_ring.h), so a move that
// never ends is purely periodic: its relative ring comes back to the first one, which is
// the only comparison needed, and the period can be walked from both ends at once (forward
// laps and backward ones side by side, where the CPU has SSE4.1), in about 0.6 of the time
// of walking it forward. With a special pit the absolute pit is part of the compared state,
// and the proof is Brent's cycle detection (engine/cycle_detector.h) on the same lap.
//
// 3.1(1) is not checked here: after 16 or more seeds sown in a takasa move every pit has
// received a seed during the move, so an empty pit was emptied by the relay that lifted it
// right after its last seed; the mover's 8 front pits are 8 consecutive pits of the ring,
// so an empty front row would need 8 laps in a row of one seed each, and a lap of one seed
// never happens (a lap that ends with 1 seed in its pit ends the move, 3.1(2), and every
// lap lifts at least 2). The caller therefore hands over only after 16 seeds.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

#include "engine/bao/position.h"

namespace bao {

// A takasa move at the decision after a lap (3.1): the laps still to come depend on
// nothing else.
struct TakasaLaps {
  std::uint8_t ring[kRing];  // the mover's pits by ring index
  int end = 0;               // ring index the last lap ended in; its 3.1 decision is next
  int step = 1;              // +1 cw, -1 acw: fixed for the whole move
  int takasia = kNoPit;      // the mover's takasia-ed pit (4.1b), or kNoPit
  bool namua = false;        // namua stage: the owned house with 6 or more ends the move (3.1(5))
  bool owns_house = false;   // cleared when a relay lifts the house (2.5a)
  std::uint64_t laps = 0;    // laps played by play_takasa_laps so far
};

enum class LapsResult : std::uint8_t { Ended, Infinite, Running };

// Plays at most max_laps more laps of t by the rules of 3.1 steps 2, 4, 5 and 6.
// Ended: the move ended; t holds the ring, end pit and house flag it ends with, exactly as
// lap-by-lap play leaves them. Infinite: a state repeated (up to rotation where no pit is
// special), so the move never ends. Running: neither within max_laps; t holds the state at
// the next decision and a later call goes on from it. t.laps grows by the laps walked: for
// a move that ends, its laps; for one that never does, its period (from both ends or not).
// Only an unbounded call (max_laps = ~0) walks from both ends.
// Preconditions (checked by the caller): at least 16 seeds sown since the move began, every
// lap of the move lifting at least 2, and at most kSeeds seeds in the ring. Never allocates.
// Calls proof_checkpoint() every kProofCheckLaps laps (so it may throw ProofStopped; t is
// then unspecified).
LapsResult play_takasa_laps(TakasaLaps& t, std::uint64_t max_laps);

// Stopping proofs early. A proof can take seconds (a cycle of 10^8 laps and more, rules.md
// 8), and a search with a time limit must not wait for it: a search arms a limit for its
// thread (ProofLimitScope), and every proof on the thread -- the fast takasa laps above and
// move execution's lap-by-lap loop -- calls proof_checkpoint() every kProofCheckLaps laps,
// which throws ProofStopped once an armed limit has passed. The throw leaves move
// generation (engine/bao/movegen.h) from inside the proof: nothing is stored in the verdict
// cache for the unfinished move, and the children list being filled is left incomplete,
// so the caller must throw it away (a search abandons the iteration, search/searcher.cpp).
// Without an armed limit nothing ever throws and no result changes.
inline constexpr std::uint64_t kProofCheckLaps = std::uint64_t{1} << 16;  // 0.2 to 2 ms of laps

struct ProofLimit {
  using Clock = std::chrono::steady_clock;
  Clock::time_point deadline = Clock::time_point::max();  // stop at this time (max: never)
  // Stop once the proofs of this thread have played this many laps since the limit was
  // armed, counted in steps of kProofCheckLaps (0: no such bound). Deterministic, unlike
  // the clock: for tests.
  std::uint64_t laps = 0;
  // Stop once this flag is set (null: no flag): another thread ends this thread's search
  // (a Lazy SMP helper's, search/lazy_smp.h).
  const std::atomic<bool>* halt = nullptr;
  bool active() const;  // a deadline, a lap bound or a flag is set
};

struct ProofStopped {};  // thrown out of a proof whose thread's armed limit has passed

// Sets this thread's proof limit for the scope's lifetime, not armed; the limit, armed
// state and lap count from before come back when the scope ends (scopes nest). A search
// arms it once it may abandon an iteration (after its first, which must finish).
class ProofLimitScope {
 public:
  explicit ProofLimitScope(const ProofLimit& limit);
  ~ProofLimitScope();
  ProofLimitScope(const ProofLimitScope&) = delete;
  ProofLimitScope& operator=(const ProofLimitScope&) = delete;
  // After this call, proofs on this thread stop at the limit (laps counted from the call). Does
  // nothing when already armed or when the limit is not active.
  void arm();

 private:
  ProofLimit saved_limit_;
  bool saved_armed_;
  std::uint64_t saved_used_;
};

// This thread's limit: the innermost scope's (armed or not), or none. A search takes it
// over, adding its own deadline, so that a test can bound a search's proofs by laps.
ProofLimit proof_limit();

// Counts kProofCheckLaps laps against this thread's limit and throws ProofStopped when it is
// armed and passed (its lap bound reached, its deadline, read from the clock here, or its
// flag set).
void proof_checkpoint();

// How move execution decides long moves; per thread, for tests that compare the ways.
// The defaults are what every program uses; both ways give identical results.
struct LongMoveOptions {
  bool fast_takasa = true;    // false: long takasa moves lap by lap with the generic state
  bool verdict_cache = true;  // false: neither read nor write the verdict cache
};
LongMoveOptions long_move_options();
void set_long_move_options(const LongMoveOptions& o);

// Counts of this thread's moves that went on past the free laps (64) and so were decided
// by the long-move code, whichever way; for tests and for choosing benchmark positions.
struct LongMoveStats {
  std::uint64_t long_moves = 0;  // moves decided by the long-move code
  std::uint64_t infinite = 0;    // of those, the ones found never to end
  std::uint64_t laps = 0;        // laps they played after the free laps (none for a cached verdict)
};
LongMoveStats long_move_stats();
void reset_long_move_stats();
void note_long_move(bool infinite, std::uint64_t laps);  // for move execution

}  // namespace bao
