// CycleDetector: Brent's cycle detection over a sequence of states fed one at a time.
//
// Contract. The caller feeds the states x0, x1, x2, ... of a sequence in order to
// repeats(). It returns true only when the state given equals an earlier one of the
// sequence (so a sequence with no repeated state is never reported), and it returns true
// at the latest at index 4 * max(mu + 2, lambda) when the sequence is eventually
// periodic with pre-period mu and period lambda (x[i + lambda] == x[i] for all i >= mu).
// That suffices to decide whether a deterministic process (each state a function of the
// one before) runs forever: it does iff it repeats a state (rules.md 8, infinite moves).
//
// How: one state is saved, at indices 2^k - 2 (0, 2, 6, 14, ...); every later state is
// compared with it. Once a saved index is past mu and the window up to the next save
// (2^k states) is at least lambda, the saved state comes back within the window.
// Memory: one State. repeats() takes a State, or a view of the caller's state that can
// be compared with a State (x == saved) and assigned to one (saved = x): then the state
// is copied only when it is saved, not on every call.
#pragma once

#include <cstdint>

namespace bao {

template <class State>
class CycleDetector {
 public:
  // Feeds the next state; true when it repeats the saved earlier state.
  template <class X>
  bool repeats(const X& x) {
    if (have_saved_ && x == saved_) return true;
    if (since_save_ == window_) {
      saved_ = x;
      have_saved_ = true;
      window_ <<= 1;
      since_save_ = 0;
    }
    ++since_save_;
    return false;
  }

 private:
  State saved_{};
  bool have_saved_ = false;
  std::uint64_t window_ = 1;      // states compared with the saved one before the next save
  std::uint64_t since_save_ = 1;  // states fed since the save, counting the saved one
};

}  // namespace bao
