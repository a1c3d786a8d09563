// A bounded queue of work items made in order by one producer, prepared by
// any thread, and taken in the same order by one consumer: the shape of a
// check that splits its input on one thread (JSON elements), does the
// independent work of each piece anywhere (parsing them), and folds the
// results in input order on another.
//
// Contract:
// - push() adds an item; while `capacity` items are held it prepares a
//   waiting item itself or waits, so memory stays bounded;
// - prepare(item) runs exactly once per item, on the producer (when the
//   queue is full), on a helper (help()) or on the consumer (while the item
//   it needs next is not ready), never on two threads for one item;
// - pop() returns the items in push order, each prepared, and nullopt once
//   close() was called and every item was taken;
// - stop() ends help() and makes push() drop its item (a consumer that
//   gave up); prepare must not throw.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <utility>

namespace tc::io {

template <class Item>
class OrderedWork {
 public:
  OrderedWork(size_t capacity, std::function<void(Item&)> prepare)
      : capacity_(capacity < 1 ? 1 : capacity), prepare_(std::move(prepare)) {}

  void push(Item item) {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stopped_ && slots_.size() >= capacity_)
      if (!prepare_one(lock)) changed_.wait(lock);
    if (stopped_) return;
    slots_.push_back(Slot{std::move(item), State::Waiting});
    changed_.notify_all();
  }

  void close() {
    std::lock_guard<std::mutex> lock(mutex_);
    closed_ = true;
    changed_.notify_all();
  }

  std::optional<Item> pop() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (true) {
      if (!slots_.empty() && slots_.front().state == State::Ready) {
        Item item = std::move(slots_.front().item);
        slots_.pop_front();
        changed_.notify_all();
        return item;
      }
      if (slots_.empty() && closed_) return std::nullopt;
      if (!prepare_one(lock)) changed_.wait(lock);
    }
  }

  void help() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stopped_)
      if (!prepare_one(lock)) changed_.wait(lock);
  }

  void stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    stopped_ = true;
    changed_.notify_all();
  }

  // Whether stop() was called: a producer may end early.
  bool stopped() {
    std::lock_guard<std::mutex> lock(mutex_);
    return stopped_;
  }

 private:
  enum class State { Waiting, Preparing, Ready };
  struct Slot {
    Item item;
    State state;
  };

  // Prepares the oldest waiting item; false when there is none. Called with
  // `lock` held; releases it while preparing (a deque keeps the slot in
  // place while others are pushed, and a slot not Ready is never popped).
  bool prepare_one(std::unique_lock<std::mutex>& lock) {
    for (Slot& slot : slots_) {
      if (slot.state != State::Waiting) continue;
      slot.state = State::Preparing;
      lock.unlock();
      prepare_(slot.item);
      lock.lock();
      slot.state = State::Ready;
      changed_.notify_all();
      return true;
    }
    return false;
  }

  const size_t capacity_;
  std::function<void(Item&)> prepare_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Slot> slots_;
  bool closed_ = false;
  bool stopped_ = false;
};

}  // namespace tc::io
