#include "json/parse.h"

#include <simdjson.h>

#include <algorithm>
#include <charconv>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>

namespace tc::json {

namespace {

// Non-finite literals are rewritten to these strings before a retry, then
// turned back into floats while building the Value. U+FDD0 is a Unicode
// noncharacter, never found in an emitter's real text.
constexpr std::string_view kNaN = "\xEF\xB7\x90NaN";
constexpr std::string_view kInf = "\xEF\xB7\x90Infinity";
constexpr std::string_view kNegInf = "\xEF\xB7\x90-Infinity";
// Integer literals beyond 64 bits are rewritten to sentinel strings too
// (simdjson's DOM refuses them, Python keeps them exact).
// A lone surrogate escape (\udcff without its pair) is legal for Python's
// json.loads but not for simdjson: it is rewritten to this tag + its 4 hex
// digits inside the string, then restored as WTF-8 bytes.
constexpr std::string_view kLoneSurrogateTag = "\xEF\xB7\x91";
constexpr std::string_view kBigIntTag = "\xEF\xB7\x90#";



bool hex4(std::string_view s, size_t at, unsigned& value) {
  if (at + 4 > s.size()) return false;
  value = 0;
  for (size_t k = at; k < at + 4; ++k) {
    char c = s[k];
    unsigned d = c >= '0' && c <= '9' ? c - '0'
                 : c >= 'a' && c <= 'f' ? c - 'a' + 10
                 : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                        : 16;
    if (d == 16) return false;
    value = value * 16 + d;
  }
  return true;
}

// Turns each kLoneSurrogateTag + 4 hex digits back into the surrogate's
// WTF-8 bytes, which python_dump renders as the same \uXXXX escape.
std::string restore_lone_surrogates(std::string_view s) {
  std::string out;
  size_t i = 0;
  while (i < s.size()) {
    unsigned unit = 0;
    if (s.substr(i, kLoneSurrogateTag.size()) == kLoneSurrogateTag &&
        hex4(s, i + kLoneSurrogateTag.size(), unit)) {
      out += static_cast<char>(0xE0 | (unit >> 12));
      out += static_cast<char>(0x80 | ((unit >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (unit & 0x3F));
      i += kLoneSurrogateTag.size() + 4;
      continue;
    }
    out += s[i++];
  }
  return out;
}

// Rewrites NaN / Infinity / -Infinity, integers of 19+ digits and floats
// beyond double range outside strings, and lone surrogate escapes inside. Returns false when the
// text has none (so a retry would not help).
bool rewrite_non_finite(std::string_view in, std::string& out,
                        std::vector<std::string>& quirk_out_of_range) {
  out.clear();
  out.reserve(in.size() + 32);
  bool in_string = false, changed = false;
  for (size_t i = 0; i < in.size(); ++i) {
    char c = in[i];
    if (in_string) {
      if (c == '\\' && i + 1 < in.size()) {
        unsigned unit = 0;
        if (in[i + 1] == 'u' && hex4(in, i + 2, unit) && unit >= 0xD800 && unit <= 0xDFFF) {
          unsigned low = 0;
          bool paired = unit <= 0xDBFF && in.substr(i + 6, 2) == "\\u" && hex4(in, i + 8, low) &&
                        low >= 0xDC00 && low <= 0xDFFF;
          if (paired) {
            out.append(in.substr(i, 12));
            i += 11;
          } else {
            out += kLoneSurrogateTag;
            out.append(in.substr(i + 2, 4));
            i += 5;
            changed = true;
          }
          continue;
        }
        out += c;
        out += in[++i];
        continue;
      }
      out += c;
      if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
      out += c;
      continue;
    }
    auto try_literal = [&](std::string_view lit, std::string_view repl) {
      if (in.substr(i, lit.size()) != lit) return false;
      out += '"';
      out += repl;
      out += '"';
      i += lit.size() - 1;
      changed = true;
      return true;
    };
    if (try_literal("NaN", kNaN) || try_literal("-Infinity", kNegInf) ||
        try_literal("Infinity", kInf))
      continue;
    if (c == '-' || (c >= '0' && c <= '9')) {
      size_t j = i + (c == '-');
      while (j < in.size() && in[j] >= '0' && in[j] <= '9') ++j;
      bool is_integer = j == in.size() || (in[j] != '.' && in[j] != 'e' && in[j] != 'E');
      size_t digits = j - i - (c == '-');
      if (is_integer && digits >= 19) {
        // Maybe beyond 64 bits: keep the digits exactly.
        out += '"';
        out += kBigIntTag;
        out.append(in.substr(i, j - i));
        out += '"';
        i = j - 1;
        changed = true;
        continue;
      }
      if (!is_integer) {
        size_t k = j;
        while (k < in.size() && (std::isdigit(static_cast<unsigned char>(in[k])) || in[k] == '.' ||
                                 in[k] == 'e' || in[k] == 'E' || in[k] == '+' || in[k] == '-'))
          ++k;
        std::string token(in.substr(i, k - i));
        errno = 0;
        double d = std::strtod(token.c_str(), nullptr);
        if (errno == ERANGE && std::isinf(d)) {
          out += '"';
          out += d < 0 ? kNegInf : kInf;
          out += '"';
          quirk_out_of_range.push_back(token);
          i = k - 1;
          changed = true;
          continue;
        }
      }
      out.append(in.substr(i, j - i));
      i = j - 1;
      continue;
    }
    out += c;
  }
  return changed;
}

}  // namespace

namespace detail {

// Builds a Value from simdjson's DOM, reusing the storage already in the
// target (strings keep their capacity, containers their elements).
class Builder {
 public:
  explicit Builder(std::vector<Quirk>& quirks) : quirks_(quirks) {}

  void build(simdjson::dom::element e, Value& out) {
    using T = simdjson::dom::element_type;
    switch (e.type()) {
      case T::OBJECT: {
        simdjson::dom::object object(e);
        become(out, Kind::Object);
        std::vector<Value::Member>& members = out.members_;
        if (members.capacity() < object.size()) members.reserve(object.size());
        size_t n = 0;
        for (auto field : object) {
          size_t earlier = 0;
          while (earlier < n && members[earlier].first != field.key) ++earlier;
          if (earlier < n) {
            build(field.value, members[earlier].second);  // Python's dict: the first position, the last value
            quirks_.push_back({QuirkKind::DuplicateKey, std::string(field.key)});
            continue;
          }
          if (n == members.size()) members.emplace_back();
          members[n].first.assign(field.key);
          build(field.value, members[n++].second);
        }
        members.erase(members.begin() + static_cast<std::ptrdiff_t>(n), members.end());
        return;
      }
      case T::ARRAY: {
        simdjson::dom::array array(e);
        become(out, Kind::Array);
        std::vector<Value>& items = out.items_;
        if (items.capacity() < array.size()) items.reserve(array.size());
        size_t n = 0;
        for (auto item : array) {
          if (n == items.size()) items.emplace_back();
          build(item, items[n++]);
        }
        items.erase(items.begin() + static_cast<std::ptrdiff_t>(n), items.end());
        return;
      }
      case T::STRING: {
        std::string_view s(e);
        if (!s.empty() && s[0] == '\xEF') {
          if (s == kNaN) return non_finite(out, NAN, "NaN");
          if (s == kInf) return non_finite(out, INFINITY, "Infinity");
          if (s == kNegInf) return non_finite(out, -INFINITY, "-Infinity");
          if (s.substr(0, kBigIntTag.size()) == kBigIntTag) {
            out = Value::integer(std::string(s.substr(kBigIntTag.size())));
            return;
          }
        }
        become(out, Kind::String);
        if (s.find(kLoneSurrogateTag) != std::string_view::npos) {
          quirks_.push_back({QuirkKind::LoneSurrogate, std::string(s.substr(0, 40))});
          out.text_ = restore_lone_surrogates(s);
          return;
        }
        out.text_.assign(s);
        return;
      }
      case T::INT64: return digits(out, int64_t(e));
      case T::UINT64: return digits(out, uint64_t(e));
      case T::DOUBLE:
        become(out, Kind::Float);
        out.number_ = double(e);
        return;
      case T::BOOL:
        become(out, Kind::Bool);
        out.bool_ = bool(e);
        return;
      case T::NULL_VALUE: become(out, Kind::Null); return;
    }
  }

 private:
  // Makes `out` an empty value of kind k, keeping what capacity it has.
  static void become(Value& out, Kind k) {
    out.kind_ = k;
    if (k != Kind::Array) out.items_.clear();
    if (k != Kind::Object) out.members_.clear();
    if (k != Kind::String && k != Kind::Integer) out.text_.clear();
  }

  template <typename Int>
  static void digits(Value& out, Int n) {
    char buf[24];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, n);
    become(out, Kind::Integer);
    out.text_.assign(buf, end);
  }

  void non_finite(Value& out, double d, const char* lit) {
    become(out, Kind::Float);
    out.number_ = d;
    quirks_.push_back({QuirkKind::NonFiniteLiteral, lit});
  }

  std::vector<Quirk>& quirks_;
};

}  // namespace detail

static_assert(simdjson::DEFAULT_MAX_DEPTH == Parser::kMaxDepth, "locate_error() must know simdjson's depth limit");

struct Parser::Impl {
  simdjson::dom::parser parser;
  std::string padded;  // copy of an unpadded input
  std::string rewritten;
};

Parser::Parser() : impl_(std::make_unique<Impl>()) {}
Parser::~Parser() = default;

static simdjson::error_code parse_into(simdjson::dom::parser& parser, const char* data, size_t size,
                                       Value& out, std::vector<Quirk>& quirks) {
  simdjson::dom::element root;
  if (auto err = parser.parse(data, size, false).get(root)) return err;
  detail::Builder(quirks).build(root, out);
  return simdjson::SUCCESS;
}

static const char* padded_copy(std::string_view text, std::string& scratch) {
  scratch.assign(text);
  scratch.append(Parser::kPadding, ' ');
  return scratch.data();
}

ParseResult Parser::parse(std::string_view text, bool padded) { return parse(text, padded, Value()); }

ParseResult Parser::parse(std::string_view text, bool padded, Value&& recycled) {
  ParseResult result;
  result.value = std::move(recycled);
  const char* data = padded ? text.data() : padded_copy(text, impl_->padded);
  auto err = parse_into(impl_->parser, data, text.size(), result.value, result.quirks);
  if (!err) {
    result.ok = true;
    return result;
  }
  std::vector<std::string> out_of_range;
  if (rewrite_non_finite(text, impl_->rewritten, out_of_range)) {
    result.quirks.clear();
    std::string scratch;
    if (!parse_into(impl_->parser, padded_copy(impl_->rewritten, scratch), impl_->rewritten.size(),
                    result.value, result.quirks)) {
      for (auto& t : out_of_range) {
        // The rewrite marked these as infinities; report them as range quirks.
        for (auto it = result.quirks.begin(); it != result.quirks.end(); ++it) {
          if (it->kind == QuirkKind::NonFiniteLiteral) {
            result.quirks.erase(it);
            break;
          }
        }
        result.quirks.push_back({QuirkKind::NumberOutOfRange, t});
      }
      result.ok = true;
      return result;
    }
  }
  result.quirks.clear();
  result.value = Value();
  result.error = locate_error(text);
  if (result.error.message.empty()) result.error.message = simdjson::error_message(err);
  return result;
}

bool Parser::validate(std::string_view text, ParseError* error, bool padded) {
  const char* data = padded ? text.data() : padded_copy(text, impl_->padded);
  simdjson::dom::element root;
  if (!impl_->parser.parse(data, text.size(), false).get(root)) return true;
  ParseResult r = parse(text, padded);  // dialect retry and error location
  if (!r.ok && error) *error = r.error;
  return r.ok;
}

namespace {
// A SAX handler that keeps nothing: locating an error must not build a DOM
// (a 100000-deep nesting would otherwise cost a recursive destruction).
struct ErrorLocator : nlohmann::json_sax<nlohmann::json> {
  ParseError error;
  bool failed = false;
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& ex) override {
    failed = true;
    error.offset = position > 0 ? position - 1 : 0;
    std::string what = ex.what();
    // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..."
    auto pos = what.find(": ");
    error.message = shorten_last_read(pos == std::string::npos ? what : what.substr(pos + 2));
    return false;
  }

  // nlohmann ends its message with "; last read: '<token>'", the whole token
  // its lexer read: an unclosed string runs to the end of the text, and a
  // diagnostic is one line. A token past kShown bytes keeps its first ones
  // (cut at a UTF-8 character's start) and says how many it held.
  static std::string shorten_last_read(std::string message) {
    constexpr std::string_view kMarker = "; last read: '";
    constexpr size_t kShown = 48;
    const size_t at = message.rfind(kMarker);
    if (at == std::string::npos || message.back() != '\'') return message;
    const size_t from = at + kMarker.size();
    const size_t length = message.size() - 1 - from;
    if (length <= kShown + 16) return message;
    size_t cut = from + kShown;
    while (cut > from && (static_cast<unsigned char>(message[cut]) & 0xC0) == 0x80) --cut;
    message.resize(cut);
    message += "...' (" + std::to_string(length) + " bytes)";
    return message;
  }
};
}  // namespace

ParseError locate_error(std::string_view text) {
  ErrorLocator locator;
  nlohmann::json::sax_parse(text.begin(), text.end(), &locator);
  if (locator.failed) {
    // nlohmann reports where its lexer stopped; point at the start of the
    // offending word instead ("trailing", "tru"), as a compiler would.
    size_t& at = locator.error.offset;
    at = std::min(at, text.size());
    if (at < text.size() && text[at] == '\0') {
      // At a NUL byte: nlohmann's lexer takes one outside a string for the
      // end of the input; inside one its message is right. Either way the
      // NUL is the place.
      if (locator.error.message.find("end of input") != std::string::npos)
        locator.error.message = "a NUL byte where a JSON token should be (JSON allows NUL only escaped, in a string)";
      return locator.error;
    }
    while (at > 0 && std::isalnum(static_cast<unsigned char>(text[at - 1]))) --at;
    return locator.error;
  }
  // nlohmann accepted what simdjson refused: nesting past simdjson's depth
  // limit (lone surrogates and big numbers were rewritten before).
  ParseError error;
  size_t depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > Parser::kMaxDepth) {
        error.offset = i;
        error.message = "nested deeper than " + std::to_string(Parser::kMaxDepth) + " levels";
        return error;
      }
    } else if (c == ']' || c == '}') {
      if (depth > 0) --depth;
    }
  }
  error.message = "JSON that simdjson rejects and nlohmann accepts";
  return error;
}

}  // namespace tc::json
