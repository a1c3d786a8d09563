#include "io/ordered_work.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace tc::io {
namespace {

struct Job {
  int n = 0;
  int prepared = 0;  // times prepared
  long square = 0;
};

TEST(OrderedWork, HandsOutEveryItemPreparedOnceInPushOrder) {
  for (unsigned helpers : {0u, 1u, 3u}) {
    for (size_t capacity : {1u, 2u, 8u}) {
      OrderedWork<Job> work(capacity, [](Job& j) {
        ++j.prepared;
        j.square = static_cast<long>(j.n) * j.n;
      });
      std::thread producer([&] {
        for (int i = 0; i < 500; ++i) work.push(Job{i, 0, 0});
        work.close();
      });
      std::vector<std::thread> pool;
      for (unsigned h = 0; h < helpers; ++h) pool.emplace_back([&] { work.help(); });
      int expected = 0;
      while (std::optional<Job> j = work.pop()) {
        ASSERT_EQ(j->n, expected++);
        EXPECT_EQ(j->prepared, 1);
        EXPECT_EQ(j->square, static_cast<long>(j->n) * j->n);
      }
      EXPECT_EQ(expected, 500) << helpers << " helpers, capacity " << capacity;
      producer.join();
      work.stop();
      for (std::thread& t : pool) t.join();
    }
  }
}

TEST(OrderedWork, StopLetsABlockedProducerReturn) {
  OrderedWork<Job> work(1, [](Job&) {});
  std::atomic<int> pushed{0};
  std::thread producer([&] {
    for (int i = 0; i < 100 && !work.stopped(); ++i) {
      work.push(Job{i, 0, 0});
      ++pushed;
    }
  });
  while (pushed.load() < 1) std::this_thread::yield();
  work.stop();  // nobody pops: the producer would wait forever without it
  producer.join();
  EXPECT_TRUE(work.stopped());
  EXPECT_LE(pushed.load(), 2);  // the one held, and the one stop() let return
}

}  // namespace
}  // namespace tc::io
