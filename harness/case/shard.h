// `--shard I/N` for run and replay: the I-th of N deterministic shares of
// the cases, so a CI matrix (one job per shard) covers the suite once.
//
// Contract: the case names are sorted and deduplicated, and the k-th name
// (0-based) belongs to shard (k mod N) + 1; I is 1-based (1 <= I <= N). Every
// case is in exactly one shard, shard sizes differ by at most one, and the
// split depends only on the set of names, never on the order they were given
// in or on the machine. "1/1" (the default) keeps every case.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "case/case.h"

namespace tc::cases {

struct Shard {
  unsigned index = 1;  // 1-based
  unsigned count = 1;
};

// Parses "I/N"; false with `why` set for anything else (I or N zero, I > N).
bool parse_shard(std::string_view text, Shard& out, std::string& why);

// True when `name` falls in `shard` among `all_names`.
bool in_shard(const std::vector<std::string>& all_names, const std::string& name, const Shard& shard);

// The cases of `shard`, in their given order.
std::vector<Case> select_shard(std::vector<Case> cases, const Shard& shard);

}  // namespace tc::cases
