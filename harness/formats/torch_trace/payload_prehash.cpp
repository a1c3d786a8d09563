#include "formats/torch_trace/payload_prehash.h"

#include <openssl/evp.h>

#include <memory>
#include <string_view>

#include "io/newlines.h"
#include "io/utf8.h"
#include "json/parse.h"

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

// Whether the line ended with "\r\n" (text_of took the '\r' off).
bool crlf(std::string_view text, const char* block_end) {
  const char* nl = text.data() + text.size();
  return nl < block_end && *nl == '\r';
}

}  // namespace

std::vector<PrehashedPayload> prehash_payloads(const io::Block& block, size_t keep) try {
  std::vector<PrehashedPayload> out;
  const std::string_view bytes = block.text();
  const char* const block_end = bytes.data() + bytes.size();
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
    bool plain = true;  // valid UTF-8 with no CRLF: the reader reports nothing of its lines
    for (size_t k = i; k < end; ++k) {
      if (k > i) {
        EVP_DigestUpdate(ctx.get(), "\n", 1);
        ++run.bytes;
      }
      const std::string_view text = lines[k].substr(1);
      EVP_DigestUpdate(ctx.get(), text.data(), text.size());
      run.bytes += text.size();
      plain = plain && !crlf(lines[k], block_end) && (block.valid_utf8 || io::is_valid_utf8(lines[k]));
    }
    unsigned int len = 0;
    EVP_DigestFinal_ex(ctx.get(), run.md5.data(), &len);
    if (plain && run.bytes <= keep) {
      run.whole = true;
      run.text.reserve(run.bytes + json::Parser::kPadding);
      for (size_t k = i; k < end; ++k) {
        if (k > i) run.text += '\n';
        run.text.append(lines[k].substr(1));
      }
    }
    out.push_back(std::move(run));
    i = end;
  }
  return out;
} catch (...) {
  return {};
}

void PrehashedPayloads::add(std::vector<PrehashedPayload> runs, uint64_t first_line) {
  for (PrehashedPayload& r : runs) {
    r.envelope_line += first_line;
    runs_.push_back(std::move(r));
  }
}

PrehashedPayload* PrehashedPayloads::after_envelope(uint64_t envelope_line) {
  forget_before(envelope_line);
  return !runs_.empty() && runs_.front().envelope_line == envelope_line ? &runs_.front() : nullptr;
}

}  // namespace tc::formats::torch_trace
