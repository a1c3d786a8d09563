#include "golden/unified_diff.h"

#include <algorithm>
#include <vector>

#include "golden/lines.h"

namespace tc::golden {
namespace {

enum class Op : char { Keep = ' ', Del = '-', Add = '+' };
struct Edit {
  Op op;
  size_t a, b;  // indices into a and b (the one not used by the op is where it sits)
};

// Myers' greedy algorithm on a[lo_a, hi_a) vs b[lo_b, hi_b); false when the
// edit distance exceeds max_d (the caller then shows a replaced block).
// trace[d] keeps V after step d-1, only for diagonals -(d-1)..d-1, so memory
// is O(max_d^2) whatever the lengths.
bool myers(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b, size_t lo_a, size_t hi_a,
           size_t lo_b, size_t hi_b, long max_d, std::vector<Edit>& out) {
  const long n = static_cast<long>(hi_a - lo_a), m = static_cast<long>(hi_b - lo_b);
  const long limit = std::min(n + m, max_d);
  const long offset = limit + 1;
  std::vector<long> v(2 * limit + 3, 0);
  std::vector<std::vector<long>> trace;  // trace[d][k + d - 1] = V_{d-1}[k]
  long found = -1;
  for (long d = 0; d <= limit && found < 0; ++d) {
    trace.emplace_back(v.begin() + offset - (d > 0 ? d - 1 : 0), v.begin() + offset + (d > 0 ? d : 1));
    for (long k = -d; k <= d; k += 2) {
      long x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1]
                                                                              : v[offset + k - 1] + 1;
      long y = x - k;
      while (x < n && y < m && a[lo_a + x] == b[lo_b + y]) ++x, ++y;
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) return false;
  std::vector<Edit> rev;
  long x = n, y = m;
  for (long d = found; d > 0; --d) {
    const std::vector<long>& pv = trace[d];
    auto at = [&](long k) { return pv[k + d - 1]; };
    long k = x - y;
    long prev_k = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1;
    long prev_x = at(prev_k), prev_y = prev_x - prev_k;
    while (x > prev_x && y > prev_y) --x, --y, rev.push_back({Op::Keep, lo_a + x, lo_b + y});
    if (x == prev_x) rev.push_back({Op::Add, lo_a + x, lo_b + prev_y});
    else rev.push_back({Op::Del, lo_a + prev_x, lo_b + y});
    x = prev_x, y = prev_y;
  }
  while (x > 0 && y > 0) --x, --y, rev.push_back({Op::Keep, lo_a + x, lo_b + y});
  out.insert(out.end(), rev.rbegin(), rev.rend());
  return true;
}

std::string range(size_t start, size_t count) {
  // Unified diff: "l,n", where l is 1-based, and l is the line before when n == 0.
  std::string s = std::to_string(count == 0 ? start : start + 1);
  if (count != 1) s += "," + std::to_string(count);
  return s;
}

}  // namespace

std::string unified_diff(std::string_view a_text, std::string_view b_text, std::string_view a_name,
                         std::string_view b_name, const DiffOptions& options) {
  if (a_text == b_text) return {};
  auto a = line_views(a_text), b = line_views(b_text);
  // A difference only in the final newline still shows.
  if (!a_text.empty() && !a_text.ends_with('\n')) a.push_back("\\ No newline at end of file");
  if (!b_text.empty() && !b_text.ends_with('\n')) b.push_back("\\ No newline at end of file");

  std::vector<Edit> edits;
  size_t pre = 0;
  while (pre < a.size() && pre < b.size() && a[pre] == b[pre]) edits.push_back({Op::Keep, pre, pre}), ++pre;
  size_t suf = 0;
  while (suf < a.size() - pre && suf < b.size() - pre && a[a.size() - 1 - suf] == b[b.size() - 1 - suf]) ++suf;
  std::vector<Edit> middle;
  if (!myers(a, b, pre, a.size() - suf, pre, b.size() - suf, 2000, middle)) {
    for (size_t i = pre; i < a.size() - suf; ++i) middle.push_back({Op::Del, i, pre});
    for (size_t j = pre; j < b.size() - suf; ++j) middle.push_back({Op::Add, a.size() - suf, j});
  }
  edits.insert(edits.end(), middle.begin(), middle.end());
  for (size_t i = 0; i < suf; ++i) edits.push_back({Op::Keep, a.size() - suf + i, b.size() - suf + i});

  // Group into hunks.
  std::vector<std::string> lines;
  lines.push_back("--- " + std::string(a_name));
  lines.push_back("+++ " + std::string(b_name));
  size_t i = 0;
  const size_t ctx = options.context;
  while (i < edits.size()) {
    while (i < edits.size() && edits[i].op == Op::Keep) ++i;
    if (i == edits.size()) break;
    size_t start = i >= ctx ? i - ctx : 0;
    size_t end = i;  // one past the last change of the hunk
    size_t j = i;
    while (j < edits.size()) {
      if (edits[j].op != Op::Keep) {
        end = j + 1;
        ++j;
        continue;
      }
      size_t run = j;
      while (run < edits.size() && edits[run].op == Op::Keep) ++run;
      if (run == edits.size() || run - j > 2 * ctx) break;
      j = run;
    }
    size_t stop = std::min(edits.size(), end + ctx);
    size_t a_start = edits[start].a, b_start = edits[start].b, a_count = 0, b_count = 0;
    for (size_t e = start; e < stop; ++e) {
      if (edits[e].op != Op::Add) ++a_count;
      if (edits[e].op != Op::Del) ++b_count;
    }
    lines.push_back("@@ -" + range(a_start, a_count) + " +" + range(b_start, b_count) + " @@");
    for (size_t e = start; e < stop; ++e) {
      const Edit& ed = edits[e];
      std::string_view text = ed.op == Op::Add ? b[ed.b] : a[ed.a];
      lines.push_back(std::string(1, static_cast<char>(ed.op)) + std::string(text));
    }
    i = stop;
  }

  std::string out;
  size_t shown = std::min(lines.size(), options.max_lines);
  for (size_t k = 0; k < shown; ++k) out += lines[k] + "\n";
  if (lines.size() > shown) out += "... " + std::to_string(lines.size() - shown) + " more diff lines not shown\n";
  return out;
}

}  // namespace tc::golden
