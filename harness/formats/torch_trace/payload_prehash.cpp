#include "formats/torch_trace/payload_prehash.h"

#include <openssl/evp.h>

#include <memory>
#include <string_view>

namespace tc::formats::torch_trace {
namespace {

struct DigestFree {
  void operator()(EVP_MD_CTX* ctx) const { EVP_MD_CTX_free(ctx); }
};

// A complete line of a block: its text as io::LineReader gives it.
std::string_view text_of(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

}  // namespace

std::vector<PrehashedPayload> prehash_payloads(const io::Block& block) try {
  std::vector<PrehashedPayload> out;
  const std::string_view bytes = block.text();
  // The line ends the pipeline found (none: searched here, for a block
  // made otherwise or one inside a long line).
  std::vector<uint32_t> found;
  const std::vector<uint32_t>* ends = &block.line_ends;
  if (ends->empty()) {
    found = io::find_line_ends(bytes);
    ends = &found;
  }
  // The complete lines, as (text): a line after the last '\n' is not
  // complete, and a block that does not start a line begins with the end of
  // one, which is skipped (line 0 is then that end).
  const size_t first = block.starts_line ? 0 : 1;
  if (ends->size() < first) return out;
  std::vector<std::string_view> lines;
  lines.reserve(ends->size() - first);
  size_t at = first ? (*ends)[0] + 1 : 0;
  for (size_t k = first; k < ends->size(); ++k) {
    const size_t nl = (*ends)[k];
    lines.push_back(text_of(bytes.substr(at, nl - at)));
    at = nl + 1;
  }
  std::unique_ptr<EVP_MD_CTX, DigestFree> ctx(EVP_MD_CTX_new());
  if (!ctx) return out;
  const EVP_MD* md5 = md5_algorithm();
  auto is_tab = [&](size_t i) { return !lines[i].empty() && lines[i][0] == '\t'; };
  for (size_t i = 1; i < lines.size(); ++i) {
    if (!is_tab(i) || is_tab(i - 1) || lines[i - 1].empty()) continue;
    size_t end = i;
    while (end < lines.size() && is_tab(end)) ++end;
    // The line after the run must be in the block and not blank.
    if (end == lines.size() || lines[end].empty()) {
      i = end;
      continue;
    }
    PrehashedPayload run;
    run.envelope_line = first + i - 1;
    run.lines = end - i;
    if (EVP_DigestInit_ex2(ctx.get(), md5, nullptr) != 1) return out;
    for (size_t k = i; k < end; ++k) {
      if (k > i) {
        EVP_DigestUpdate(ctx.get(), "\n", 1);
        ++run.bytes;
      }
      const std::string_view text = lines[k].substr(1);
      EVP_DigestUpdate(ctx.get(), text.data(), text.size());
      run.bytes += text.size();
    }
    unsigned int len = 0;
    EVP_DigestFinal_ex(ctx.get(), run.md5.data(), &len);
    out.push_back(run);
    i = end;
  }
  return out;
} catch (...) {
  return {};
}

void PrehashedPayloads::add(std::vector<PrehashedPayload> runs, uint64_t first_line) {
  for (PrehashedPayload& r : runs) {
    r.envelope_line += first_line;
    runs_.push_back(r);
  }
}

const PrehashedPayload* PrehashedPayloads::after_envelope(uint64_t envelope_line) {
  forget_before(envelope_line);
  return !runs_.empty() && runs_.front().envelope_line == envelope_line ? &runs_.front() : nullptr;
}

}  // namespace tc::formats::torch_trace
