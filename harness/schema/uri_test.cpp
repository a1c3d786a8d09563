#include "schema/uri.h"

#include <gtest/gtest.h>

namespace tc::schema::uri {
namespace {

// RFC 3986 section 5.4: every normal and abnormal example.
TEST(SchemaUri, Rfc3986Examples) {
  const std::string base = "http://a/b/c/d;p?q";
  const std::pair<const char*, const char*> cases[] = {
      {"g:h", "g:h"},
      {"g", "http://a/b/c/g"},
      {"./g", "http://a/b/c/g"},
      {"g/", "http://a/b/c/g/"},
      {"/g", "http://a/g"},
      {"//g", "http://g"},
      {"?y", "http://a/b/c/d;p?y"},
      {"g?y", "http://a/b/c/g?y"},
      {"#s", "http://a/b/c/d;p?q#s"},
      {"g#s", "http://a/b/c/g#s"},
      {"g?y#s", "http://a/b/c/g?y#s"},
      {";x", "http://a/b/c/;x"},
      {"g;x", "http://a/b/c/g;x"},
      {"g;x?y#s", "http://a/b/c/g;x?y#s"},
      {"", "http://a/b/c/d;p?q"},
      {".", "http://a/b/c/"},
      {"./", "http://a/b/c/"},
      {"..", "http://a/b/"},
      {"../", "http://a/b/"},
      {"../g", "http://a/b/g"},
      {"../..", "http://a/"},
      {"../../", "http://a/"},
      {"../../g", "http://a/g"},
      {"../../../g", "http://a/g"},
      {"../../../../g", "http://a/g"},
      {"/./g", "http://a/g"},
      {"/../g", "http://a/g"},
      {"g.", "http://a/b/c/g."},
      {".g", "http://a/b/c/.g"},
      {"g..", "http://a/b/c/g.."},
      {"..g", "http://a/b/c/..g"},
      {"./../g", "http://a/b/g"},
      {"./g/.", "http://a/b/c/g/"},
      {"g/./h", "http://a/b/c/g/h"},
      {"g/../h", "http://a/b/c/h"},
      {"g;x=1/./y", "http://a/b/c/g;x=1/y"},
      {"g;x=1/../y", "http://a/b/c/y"},
      {"g?y/./x", "http://a/b/c/g?y/./x"},
      {"g#s/../x", "http://a/b/c/g#s/../x"},
  };
  for (const auto& [ref, expected] : cases) EXPECT_EQ(resolve(base, ref), expected) << ref;
}

TEST(SchemaUri, SchemaStyleBases) {
  EXPECT_EQ(resolve("http://localhost:1234/", "folder/"), "http://localhost:1234/folder/");
  EXPECT_EQ(resolve("http://localhost:1234/folder/", "folderInteger.json"),
            "http://localhost:1234/folder/folderInteger.json");
  EXPECT_EQ(resolve("http://localhost:1234/tree", "node"), "http://localhost:1234/node");
  EXPECT_EQ(resolve("urn:uuid:deadbeef-1234", "#/definitions/a"), "urn:uuid:deadbeef-1234#/definitions/a");
  EXPECT_EQ(resolve("", "#/definitions/a"), "#/definitions/a");
  EXPECT_EQ(resolve("", "other.json#x"), "other.json#x");
  EXPECT_EQ(resolve("file:///schemas/a.json", "b.json"), "file:///schemas/b.json");
  EXPECT_EQ(resolve("http://x/y#frag", "#"), "http://x/y#");
}

TEST(SchemaUri, Fragments) {
  Split s = split_fragment("http://x/y#/a/b");
  EXPECT_EQ(s.resource, "http://x/y");
  EXPECT_EQ(s.fragment, "/a/b");
  EXPECT_TRUE(s.has_fragment);
  EXPECT_FALSE(split_fragment("http://x/y").has_fragment);
  EXPECT_EQ(without_fragment("http://x/y#"), "http://x/y");
}

}  // namespace
}  // namespace tc::schema::uri
