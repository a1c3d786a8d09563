// Memory for big tables in transparent huge pages. Each page fault costs a
// trip into the kernel, dear on a VM (PERFORMANCE.md, "After 12b2b15"), so
// tables that reach megabytes take their memory 2 MiB a fault:
//  - HugePageAllocator, for a vector: an allocation of 2 MiB or more is
//    aligned to 2 MiB and marked for huge pages (where the kernel's setting
//    is "madvise"), so a table of 8 MiB costs a few page faults, not two
//    thousand, and far fewer TLB misses as it is probed (the open-flow
//    tables of chrome_trace/u64_map.h, the bitmap of Kineto's External ids,
//    an execution trace's id index). Smaller ones are std::allocator's.
//  - HugePageBlocks, for a table that only grows (what an execution-trace
//    check keeps of each of millions of nodes): blocks of 2 MiB, so that,
//    as in std::deque, nothing is copied when it grows and an element stays
//    where it is.
// Without huge pages (another kernel setting, another system) the hint does
// nothing.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

namespace tc::formats {

inline constexpr size_t kHugePage = size_t{2} << 20;

// `bytes` rounded up to whole huge pages, aligned to one and marked for
// them; std::free gives it back.
inline void* allocate_huge_pages(size_t bytes) {
  bytes = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  void* p = std::aligned_alloc(kHugePage, bytes);
  if (!p) throw std::bad_alloc();
  madvise(p, bytes, MADV_HUGEPAGE);  // a hint: without it, plain pages
  return p;
}

template <class T>
struct HugePageAllocator {
  using value_type = T;
  static constexpr size_t kHuge = kHugePage;
  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) {}
  T* allocate(size_t n) {
    if (n * sizeof(T) < kHuge) return std::allocator<T>().allocate(n);
    return static_cast<T*>(allocate_huge_pages(n * sizeof(T)));
  }
  void deallocate(T* p, size_t n) {
    if (n * sizeof(T) < kHuge) return std::allocator<T>().deallocate(p, n);
    std::free(p);
  }
  template <class U>
  bool operator==(const HugePageAllocator<U>&) const {
    return true;
  }
};

// Contract: push_back appends; [i] for i < size() is the i-th element, at
// the same address for the table's life. T is a plain record (trivially
// copyable): elements are copied in and never destroyed one by one.
template <class T>
class HugePageBlocks {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

 public:
  static constexpr size_t kPerBlock = kHugePage / sizeof(T);

  void push_back(const T& value) {
    if (size_ % kPerBlock == 0) blocks_.emplace_back(static_cast<T*>(allocate_huge_pages(kHugePage)));
    new (&blocks_.back()[size_ % kPerBlock]) T(value);
    ++size_;
  }
  const T& operator[](size_t i) const { return blocks_[i / kPerBlock][i % kPerBlock]; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

 private:
  struct Free {
    void operator()(T* block) const { std::free(block); }
  };
  std::vector<std::unique_ptr<T[], Free>> blocks_;
  size_t size_ = 0;
};

}  // namespace tc::formats
