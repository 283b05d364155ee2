// A zero-filled array of trivially copyable T in memory the kernel may back with 2 MiB
// pages, for the margin solver's large random-access structures (the table,
// search/solver/margin_table.h, and the Kalah endgame database, kalah_endgame.h).
//
// Why: a solve probes the table and the database at nearly every node, each probe at a
// random address in gigabytes. With 4 KiB pages nearly every probe also misses the TLB
// and walks the page tables; with 2 MiB pages the TLB covers 512 times as much. Linux
// gives huge pages to a mapping that asks for them (madvise MADV_HUGEPAGE) when
// transparent huge pages are in "madvise" or "always" mode; elsewhere the advice is
// ignored and the array is ordinary memory, so the values never depend on it.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>

namespace bao::search::solver {

template <class T>
class PageArray {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  PageArray() = default;
  explicit PageArray(std::size_t n) : n_(n) {
    if (n == 0) return;
    const std::size_t want = n * sizeof(T);
    // A large array starts on a huge-page boundary: a mapping a huge page longer, the
    // array at its first boundary.
    bytes_ = want >= kHuge ? (want + kHuge - 1) / kHuge * kHuge + kHuge : want;
    void* p = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    base_ = p;
    char* first = static_cast<char*>(p);
    if (want >= kHuge) {
      first += (kHuge - reinterpret_cast<std::uintptr_t>(p) % kHuge) % kHuge;
      madvise(first, bytes_ - kHuge, MADV_HUGEPAGE);  // advice only: no error to handle
    }
    data_ = reinterpret_cast<T*>(first);  // mmap's anonymous pages read as zero
  }
  PageArray(const PageArray&) = delete;
  PageArray& operator=(const PageArray&) = delete;
  PageArray(PageArray&& o) noexcept { swap(o); }
  PageArray& operator=(PageArray&& o) noexcept {
    PageArray tmp(std::move(o));
    swap(tmp);
    return *this;
  }
  ~PageArray() {
    if (base_) munmap(base_, bytes_);
  }

  std::size_t size() const { return n_; }
  T* data() { return data_; }
  const T* data() const { return data_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  T* begin() { return data_; }
  T* end() { return data_ + n_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + n_; }

 private:
  static constexpr std::size_t kHuge = std::size_t{2} << 20;
  void swap(PageArray& o) noexcept {
    std::swap(base_, o.base_);
    std::swap(data_, o.data_);
    std::swap(n_, o.n_);
    std::swap(bytes_, o.bytes_);
  }

  void* base_ = nullptr;  // the mapping, from mmap
  T* data_ = nullptr;
  std::size_t n_ = 0, bytes_ = 0;
};

}  // namespace bao::search::solver
