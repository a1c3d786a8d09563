#include "formats/execution_trace/node.h"

namespace tc::reader::et {

std::string EtNode::pointer(const std::string& field) const {
  std::string p = "/nodes/" + std::to_string(index);
  if (!field.empty()) p += "/" + field;
  return p;
}

// 1.0.1 traces of PyTorch 1.13 and 2.0 (ExecutionGraphObserver) spell the
// process root "execution_graph"; PARAM finds the root by id either way.
bool EtNode::is_process_root() const {
  return name == kProcessNodeName || name == "[pytorch|profiler|execution_graph|process]";
}

// 1.0.1 traces of PyTorch 2.0 spell the thread root "execution_graph".
bool EtNode::is_thread_root() const {
  return name == kThreadNodeName || name == "[pytorch|profiler|execution_graph|thread]";
}

}  // namespace tc::reader::et
