#include "formats/execution_trace/canonical_text.h"

#include <gtest/gtest.h>

namespace tc::formats::execution_trace {
namespace {


EtNode make(uint64_t id, uint64_t parent, const std::string& name, const std::string& shape = "[2,2]") {
  EtNode n;
  n.has_id = n.has_parent = true;
  n.id = id;
  n.parent = parent;
  n.name = name;
  n.inputs.values = n.inputs.shapes = n.inputs.types = 1;
  n.inputs.type_names = {"Tensor(float)"};
  n.inputs.shape_texts = {shape};
  return n;
}

// Thread 2 with aten::add (3) and aten::mul (4) under it, written at exit.
std::vector<EtNode> base() {
  return {make(3, 2, "aten::add"), make(4, 2, "aten::mul"), make(2, 1, "[pytorch|profiler|execution_trace|thread]"),
          make(1, 1, "[pytorch|profiler|execution_trace|process]")};
}

std::string render(const std::vector<EtNode>& nodes) {
  EtHeader h;
  h.schema = "1.1.1-chakra.0.0.4";
  return render_execution_trace(h, nodes);
}

TEST(EtTextTest, TreeByParentWithTypesAndShapes) {
  std::string text = render(base());
  EXPECT_EQ(text,
            "schema 1.1.1-chakra.0.0.4\nnodes 4\n"
            "#4 [pytorch|profiler|execution_trace|process]\n  in: Tensor(float)[2,2]\n"
            "  #3 [pytorch|profiler|execution_trace|thread]\n    in: Tensor(float)[2,2]\n"
            "    #1 aten::add\n      in: Tensor(float)[2,2]\n"
            "    #2 aten::mul\n      in: Tensor(float)[2,2]\n");
}

TEST(EtTextTest, RenumberedIdsGiveTheSameText) {
  std::vector<EtNode> renumbered = base();
  for (EtNode& n : renumbered) {  // 1 stays the root; 2 -> 40, 3 -> 97, 4 -> 55
    auto map = [](uint64_t id) -> uint64_t { return id == 2 ? 40 : id == 3 ? 97 : id == 4 ? 55 : id; };
    n.id = map(n.id);
    n.parent = map(n.parent);
  }
  EXPECT_EQ(render(renumbered), render(base()));
}

TEST(EtTextTest, ReparentedNodeChangesTheText) {
  std::vector<EtNode> moved = base();
  moved[1].parent = 3;  // aten::mul under aten::add
  EXPECT_NE(render(moved), render(base()));
  EXPECT_NE(render(moved).find("      #2 aten::mul"), std::string::npos);
}

TEST(EtTextTest, ChangedShapeOrTypeChangesTheText) {
  std::vector<EtNode> reshaped = base();
  reshaped[0].inputs.shape_texts = {"[2,3]"};
  EXPECT_NE(render(reshaped), render(base()));
  std::vector<EtNode> retyped = base();
  retyped[0].inputs.type_names = {"Tensor(double)"};
  EXPECT_NE(render(retyped), render(base()));
}

TEST(EtTextTest, OrphansAndCyclesAreListedNotLost) {
  std::vector<EtNode> nodes = base();
  nodes.push_back(make(9, 8, "orphan"));
  nodes.push_back(make(10, 11, "cycle_a"));
  nodes.push_back(make(11, 10, "cycle_b"));
  std::string text = render(nodes);
  EXPECT_NE(text.find("(missing parent)\n  #5 orphan"), std::string::npos) << text;
  EXPECT_NE(text.find("(unreachable)\n  #6 cycle_a\n"), std::string::npos) << text;
  EXPECT_NE(text.find("cycle_b"), std::string::npos);
}

}  // namespace
}  // namespace tc::formats::execution_trace
