#include "schema/uri.h"

#include <optional>

namespace tc::schema::uri {
namespace {

// The five components of RFC 3986 section 3; an absent component is nullopt
// (an empty query "x?" differs from no query).
struct Parts {
  std::optional<std::string_view> scheme, authority, query, fragment;
  std::string_view path;
};

bool is_scheme_char(char c, bool first) {
  bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  if (first) return alpha;
  return alpha || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
}

Parts parse(std::string_view s) {
  Parts p;
  if (size_t hash = s.find('#'); hash != std::string_view::npos) {
    p.fragment = s.substr(hash + 1);
    s = s.substr(0, hash);
  }
  if (size_t q = s.find('?'); q != std::string_view::npos) {
    p.query = s.substr(q + 1);
    s = s.substr(0, q);
  }
  size_t colon = s.find(':');
  if (colon != std::string_view::npos && colon > 0) {
    bool ok = true;
    for (size_t i = 0; i < colon && ok; ++i) ok = is_scheme_char(s[i], i == 0);
    // A colon after a '/' belongs to the path ("a/b:c" is relative).
    if (ok && s.substr(0, colon).find('/') == std::string_view::npos) {
      p.scheme = s.substr(0, colon);
      s = s.substr(colon + 1);
    }
  }
  if (s.substr(0, 2) == "//") {
    s = s.substr(2);
    size_t slash = s.find('/');
    p.authority = s.substr(0, slash);
    s = slash == std::string_view::npos ? std::string_view{} : s.substr(slash);
  }
  p.path = s;
  return p;
}

// RFC 3986 5.2.4.
std::string remove_dot_segments(std::string_view in) {
  std::string out;
  while (!in.empty()) {
    if (in.substr(0, 3) == "../")
      in.remove_prefix(3);
    else if (in.substr(0, 2) == "./")
      in.remove_prefix(2);
    else if (in.substr(0, 3) == "/./")
      in.remove_prefix(2);
    else if (in == "/.")
      in = "/";
    else if (in.substr(0, 4) == "/../" || in == "/..") {
      in = in.size() == 3 ? std::string_view("/") : in.substr(3);
      size_t last = out.rfind('/');
      out.erase(last == std::string::npos ? 0 : last);
    } else if (in == "." || in == "..") {
      in = {};
    } else {
      size_t next = in.find('/', in[0] == '/' ? 1 : 0);
      if (next == std::string_view::npos) next = in.size();
      out.append(in.substr(0, next));
      in.remove_prefix(next);
    }
  }
  return out;
}

std::string merge(const Parts& base, std::string_view ref_path) {
  if (base.authority && base.path.empty()) {
    // Not "/" + std::string(ref_path): GCC 12 at -O3 warns of a memcpy
    // beyond any object there (-Wstringop-overflow), which cannot happen.
    std::string path(1, '/');
    path.append(ref_path);
    return path;
  }
  size_t slash = base.path.rfind('/');
  if (slash == std::string_view::npos) return std::string(ref_path);
  return std::string(base.path.substr(0, slash + 1)) + std::string(ref_path);
}

}  // namespace

std::string resolve(std::string_view base_text, std::string_view ref_text) {
  Parts base = parse(base_text);
  Parts ref = parse(ref_text);
  std::optional<std::string_view> scheme, authority, query;
  std::string path;
  if (ref.scheme) {
    scheme = ref.scheme;
    authority = ref.authority;
    path = remove_dot_segments(ref.path);
    query = ref.query;
  } else {
    if (ref.authority) {
      authority = ref.authority;
      path = remove_dot_segments(ref.path);
      query = ref.query;
    } else {
      if (ref.path.empty()) {
        path = std::string(base.path);
        query = ref.query ? ref.query : base.query;
      } else {
        // A relative base keeps its leading dot segments meaningful only
        // when absolute; for a relative base we still merge and clean up.
        path = remove_dot_segments(ref.path[0] == '/' ? std::string(ref.path) : merge(base, ref.path));
        query = ref.query;
      }
      authority = base.authority;
    }
    scheme = base.scheme;
  }
  std::string out;
  if (scheme) out.append(*scheme).push_back(':');
  if (authority) out.append("//").append(*authority);
  out += path;
  if (query) out.append("?").append(*query);
  if (ref.fragment) out.append("#").append(*ref.fragment);
  return out;
}

Split split_fragment(std::string_view uri) {
  size_t hash = uri.find('#');
  if (hash == std::string_view::npos) return {uri, {}, false};
  return {uri.substr(0, hash), uri.substr(hash + 1), true};
}

std::string without_fragment(std::string_view uri) {
  return std::string(split_fragment(uri).resource);
}

}  // namespace tc::schema::uri
