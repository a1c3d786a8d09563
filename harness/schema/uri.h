// URI references as JSON Schema draft 7 uses them for $id and $ref
// (RFC 3986 section 5: parsing and resolving a reference against a base).
//
// Contract: no normalisation beyond what RFC 3986's resolution algorithm
// does (dot segments are removed; case and percent-escapes are kept as
// written), so two URIs name the same resource when their strings are equal
// after resolve(). Nothing here touches the network.
#pragma once

#include <string>
#include <string_view>

namespace tc::schema::uri {

// Resolves `ref` against `base` (RFC 3986 5.2.2). A relative `base` (even
// an empty one) is allowed: the result is then relative too.
std::string resolve(std::string_view base, std::string_view ref);

// Splits "abs#frag" into "abs" and "frag"; `has_fragment` tells "x#" from "x".
struct Split {
  std::string_view resource;
  std::string_view fragment;
  bool has_fragment = false;
};
Split split_fragment(std::string_view uri);

// The URI without its fragment; "x#" and "x" give "x".
std::string without_fragment(std::string_view uri);

}  // namespace tc::schema::uri
