#include "formats/execution_trace/node.h"

namespace tc::formats::execution_trace {

void EtIo::clear() {
  values = shapes = types = 0;
  strides.reset();
  type_names.clear();
  shape_texts.clear();
}

void EtNode::clear() {
  flat = false;
  has_id = false;
  id = 0;
  id_value = IdValue::Missing;
  name.clear();
  has_parent = false;
  parent = 0;
  rf_id.reset();
  op_schema.clear();
  kernel_backend.clear();
  kernel_file.clear();
  inputs.clear();
  outputs.clear();
}

std::string node_pointer(uint64_t index, const std::string& field) {
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

}  // namespace tc::formats::execution_trace
