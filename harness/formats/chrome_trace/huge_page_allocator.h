// An allocator for big tables probed at random (the open-flow tables of
// u64_map.h, the bitmap of Kineto's External ids): an allocation of 2 MiB
// or more is aligned to 2 MiB and marked for transparent huge pages (where
// the kernel's setting is "madvise"), so a table of 8 MiB costs a few page
// faults, not two thousand, and far fewer TLB misses as it is probed.
// Smaller ones are std::allocator's. Without huge pages (another kernel
// setting, another system) the hint does nothing.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>

namespace tc::formats::chrome_trace {

template <class T>
struct HugePageAllocator {
  using value_type = T;
  static constexpr size_t kHuge = size_t{2} << 20;
  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) {}
  T* allocate(size_t n) {
    const size_t bytes = n * sizeof(T);
    if (bytes < kHuge) return std::allocator<T>().allocate(n);
    void* p = std::aligned_alloc(kHuge, (bytes + kHuge - 1) / kHuge * kHuge);
    if (!p) throw std::bad_alloc();
    madvise(p, bytes, MADV_HUGEPAGE);  // a hint: without it, plain pages
    return static_cast<T*>(p);
  }
  void deallocate(T* p, size_t n) {
    if (n * sizeof(T) < kHuge) return std::allocator<T>().deallocate(p, n);
    std::free(p);
  }
  template <class U>
  bool operator==(const HugePageAllocator<U>&) const { return true; }
};

}  // namespace tc::formats::chrome_trace
