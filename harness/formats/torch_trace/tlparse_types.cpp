// Each definition mirrors one struct of tlparse's src/types.rs; field order
// matters (a struct may be written as an array of its fields).
#include "formats/torch_trace/tlparse_types.h"

#include <algorithm>
#include <array>

namespace tc::formats::torch_trace::tlparse {
namespace {

using serde::Field;
using serde::Kind;
using serde::Type;

template <size_t N>
constexpr Type make_struct(const char* name, const Field (&fields)[N], bool flatten = false) {
  return Type{Kind::Struct, nullptr, fields, N, flatten, name};
}
constexpr Type opt(const Type* inner) { return Type{Kind::Option, inner}; }
constexpr Type vec(const Type* inner) { return Type{Kind::Vec, inner}; }
constexpr Type map(const Type* inner) { return Type{Kind::Map, inner}; }

constexpr Type kAny{Kind::Any};
constexpr Type kBool{Kind::Bool};
constexpr Type kU32{Kind::U32};
constexpr Type kU64{Kind::U64};
constexpr Type kI32{Kind::I32};
constexpr Type kF64{Kind::F64};
constexpr Type kString{Kind::String};
constexpr Type kSymInt{Kind::SymInt};

constexpr Type kOptString = opt(&kString);
constexpr Type kOptU32 = opt(&kU32);
constexpr Type kOptU64 = opt(&kU64);
constexpr Type kOptI32 = opt(&kI32);
constexpr Type kOptF64 = opt(&kF64);
constexpr Type kOptBool = opt(&kBool);
constexpr Type kVecString = vec(&kString);
constexpr Type kOptVecString = opt(&kVecString);
constexpr Type kVecU64 = vec(&kU64);
constexpr Type kOptVecU64 = opt(&kVecU64);
constexpr Type kVecSymInt = vec(&kSymInt);
constexpr Type kOptVecSymInt = opt(&kVecSymInt);

// FrameSummary / StackSummary
constexpr Field kFrameFields[] = {{"filename", &kU32},
                                  {"line", &kI32},
                                  {"name", &kString},
                                  {"loc", &kOptString},
                                  {"uninterned_filename", &kOptString}};
constexpr Type kFrame = make_struct("FrameSummary", kFrameFields);
constexpr Type kStack = vec(&kFrame);
constexpr Type kOptStack = opt(&kStack);

constexpr Field kNoFields[1] = {{"", nullptr}};
constexpr Type kEmpty{Kind::Struct, nullptr, kNoFields, 0, false, "EmptyMetadata"};
constexpr Type kOptEmpty = opt(&kEmpty);

constexpr Field kNameFields[] = {{"name", &kString}};
constexpr Type kOptimizeDdpSplitChild = make_struct("OptimizeDdpSplitChildMetadata", kNameFields);
constexpr Type kGraphDump = make_struct("GraphDumpMetadata", kNameFields);
constexpr Type kDumpFile = make_struct("DumpFileMetadata", kNameFields);

constexpr Type kMapVecSymInt = map(&kVecSymInt);
constexpr Type kOptMapVecSymInt = opt(&kMapVecSymInt);
// The Rust field is `_sizes`, so PyTorch's "sizes" key is an unknown field.
constexpr Field kDynamoOutputGraphFields[] = {{"_sizes", &kOptMapVecSymInt}};
constexpr Type kDynamoOutputGraph = make_struct("DynamoOutputGraphMetadata", kDynamoOutputGraphFields);

constexpr Field kDynamoStartFields[] = {{"stack", &kOptStack}};
constexpr Type kDynamoStart = make_struct("DynamoStartMetadata", kDynamoStartFields);

constexpr Field kInductorOutputCodeFields[] = {{"filename", &kOptString}};  // Option<PathBuf>
constexpr Type kInductorOutputCode = make_struct("InductorOutputCodeMetadata", kInductorOutputCodeFields);

constexpr Field kLinkFields[] = {{"name", &kString}, {"url", &kString}};
constexpr Type kLink = make_struct("LinkMetadata", kLinkFields);

constexpr Field kArtifactFields[] = {{"name", &kString}, {"encoding", &kString}};
constexpr Type kArtifact = make_struct("ArtifactMetadata", kArtifactFields);

constexpr Field kCompilationMetricsFields[] = {
    {"co_name", &kOptString},
    {"co_filename", &kOptString},
    {"co_firstlineno", &kOptI32},
    {"cache_size", &kOptU64},
    {"accumulated_cache_size", &kOptU64},
    {"guard_count", &kOptU64},
    {"shape_env_guard_count", &kOptU64},
    {"graph_op_count", &kOptU64},
    {"graph_node_count", &kOptU64},
    {"graph_input_count", &kOptU64},
    {"start_time", &kOptF64},
    {"entire_frame_compile_time_s", &kOptF64},
    {"backend_compile_time_s", &kOptF64},
    {"inductor_compile_time_s", &kOptF64},
    {"code_gen_time_s", &kOptF64},
    {"fail_type", &kOptString},
    {"fail_reason", &kOptString},
    {"fail_user_frame_filename", &kOptString},
    {"fail_user_frame_lineno", &kOptU32},
    {"non_compliant_ops", &kOptVecString},
    {"compliant_custom_ops", &kOptVecString},
    {"restart_reasons", &kOptVecString},
    {"dynamo_time_before_restart_s", &kOptF64},
};
constexpr Type kCompilationMetrics = make_struct("CompilationMetricsMetadata", kCompilationMetricsFields);

constexpr Field kBwdCompilationMetricsFields[] = {{"inductor_compile_time_s", &kOptF64},
                                                  {"code_gen_time_s", &kOptF64},
                                                  {"fail_type", &kOptString},
                                                  {"fail_reason", &kOptString}};
constexpr Type kBwdCompilationMetrics = make_struct("BwdCompilationMetricsMetadata", kBwdCompilationMetricsFields);

constexpr Field kAotBackwardMetricsFields[] = {
    {"start_time", &kOptF64}, {"elapsed_time", &kOptF64}, {"fail_type", &kOptString}, {"fail_reason", &kOptString}};
constexpr Type kAotBackwardMetrics =
    make_struct("AOTAutogradBackwardCompilationMetricsMetadata", kAotBackwardMetricsFields);

constexpr Field kSymbolicShapeSpecializationFields[] = {{"symbol", &kOptString}, {"sources", &kOptVecString},
                                                        {"value", &kOptString},  {"reason", &kOptString},
                                                        {"stack", &kOptStack},   {"user_stack", &kOptStack}};
constexpr Type kSymbolicShapeSpecialization =
    make_struct("SymbolicShapeSpecializationMetadata", kSymbolicShapeSpecializationFields);

constexpr Type kOptStringValue = opt(&kString);
constexpr Type kMapOptString = map(&kOptStringValue);
constexpr Type kOptMapOptString = opt(&kMapOptString);
constexpr Field kFrameLocalsFields[] = {{"locals", &kOptMapOptString}, {"symbols", &kOptMapOptString}};
constexpr Type kFrameLocals = make_struct("FrameLocals", kFrameLocalsFields);
constexpr Type kOptFrameLocals = opt(&kFrameLocals);
constexpr Type kMapString = map(&kString);
constexpr Type kOptMapString = opt(&kMapString);

constexpr Field kPropagateRealTensorFields[] = {{"expr", &kOptString},
                                                {"result", &kOptString},
                                                {"user_stack", &kOptStack},
                                                {"stack", &kOptStack},
                                                {"expr_node_id", &kOptU64},
                                                {"symbol_to_sources", &kOptMapString},
                                                {"frame_locals", &kOptFrameLocals},
                                                {"prefix", &kOptString}};
constexpr Type kPropagateRealTensor =
    make_struct("SymbolicShapePropagateRealTensorMetadata", kPropagateRealTensorFields);

constexpr Field kUnbackedSymbolFields[] = {{"symbol", &kOptString},
                                           {"node_id", &kOptU64},
                                           {"user_stack", &kOptStack},
                                           {"stack", &kOptStack},
                                           {"vr", &kOptString}};
constexpr Type kUnbackedSymbol = make_struct("UnbackedSymbolMetadata", kUnbackedSymbolFields);

constexpr Field kSymExprInfoFields[] = {
    {"method", &kOptString},       {"result", &kOptString},    {"result_id", &kOptU64}, {"arguments", &kOptVecString},
    {"argument_ids", &kOptVecU64}, {"user_stack", &kOptStack}, {"stack", &kOptStack}};
constexpr Type kSymExprInfo = make_struct("SymExprInfoMetadata", kSymExprInfoFields);

constexpr Field kFakeKernelFields[] = {{"op", &kOptString}, {"reason", &kOptString}};
constexpr Type kFakeKernel = make_struct("FakeKernelMetadata", kFakeKernelFields);

constexpr Field kGuardAddedFastFields[] = {{"expr", &kOptString}, {"stack", &kOptStack}, {"user_stack", &kOptStack}};
constexpr Type kGuardAddedFast = make_struct("GuardAddedFastMetadata", kGuardAddedFastFields);

constexpr Field kStorageDescFields[] = {{"id", &kU64}, {"describer_id", &kU64}, {"size", &kU64}};
constexpr Type kStorageDesc = make_struct("StorageDesc", kStorageDescFields);

constexpr Field kSourceDescFields[] = {{"describer_id", &kU64}, {"id", &kU64}, {"source", &kString}};
constexpr Type kSourceDesc = make_struct("SourceDesc", kSourceDescFields);

constexpr Type kMapU64 = map(&kU64);
constexpr Type kOptMapU64 = opt(&kMapU64);
constexpr Field kTensorDescFields[] = {
    {"id", &kU64},
    {"describer_id", &kU64},
    {"ndim", &kU64},
    {"dtype", &kString},
    {"device", &kString},
    {"size", &kVecSymInt},
    {"dynamo_dynamic_indices", &kOptVecU64},
    {"layout", &kString, true},
    {"is_inference", &kBool, true},
    {"is_leaf", &kBool, true},
    {"requires_grad", &kBool, true},
    {"is_sparse", &kBool, true},
    {"is_mkldnn", &kBool, true},
    {"is_functorch_wrapped", &kBool, true},
    {"is_batchedtensor", &kBool, true},
    {"is_legacy_batchedtensor", &kBool, true},
    {"is_gradtrackingtensor", &kBool, true},
    {"is_view", &kBool, true},
    {"is_nested", &kBool, true},
    {"is_traceable_wrapper_subclass", &kBool, true},
    {"is_functional", &kBool, true},
    {"is_conj", &kBool, true},
    {"is_neg", &kBool, true},
    {"is_parameter", &kBool, true},
    {"stride", &kOptVecSymInt},
    {"storage_offset", &kSymInt, true},
    {"storage", &kOptU64},
    {"sparse_dim", &kOptU64},
    {"dense_dim", &kOptU64},
    {"is_coalesced", &kOptBool},
    {"crow_indices", &kOptU64},
    {"col_indices", &kOptU64},
    {"ccol_indices", &kOptU64},
    {"row_indices", &kOptU64},
    {"values", &kOptU64},
    {"unwrapped", &kOptU64},
    {"bdim", &kOptU64},
    {"base", &kOptU64},
    {"attrs", &kOptMapU64},
    {"creation_meta", &kOptString},
    {"grad", &kOptU64},
};
constexpr Type kTensorDesc = make_struct("TensorDesc", kTensorDescFields, /*flatten=*/true);

constexpr Type kStrTupleFields[2] = {kString, kU32};
constexpr Field kStrFields[] = {{"0", &kStrTupleFields[0]}, {"1", &kStrTupleFields[1]}};
constexpr Type kStrTuple{Kind::Tuple, nullptr, kStrFields, 2, false, "(String, u32)"};

constexpr Type kOptDynamoStart = opt(&kDynamoStart);
constexpr Type kOptStrTuple = opt(&kStrTuple);
constexpr Type kOptDynamoOutputGraph = opt(&kDynamoOutputGraph);
constexpr Type kOptOptimizeDdpSplitChild = opt(&kOptimizeDdpSplitChild);
constexpr Type kOptInductorOutputCode = opt(&kInductorOutputCode);
constexpr Type kOptCompilationMetrics = opt(&kCompilationMetrics);
constexpr Type kOptBwdCompilationMetrics = opt(&kBwdCompilationMetrics);
constexpr Type kOptAotBackwardMetrics = opt(&kAotBackwardMetrics);
constexpr Type kOptGraphDump = opt(&kGraphDump);
constexpr Type kOptLink = opt(&kLink);
constexpr Type kOptSymbolicShapeSpecialization = opt(&kSymbolicShapeSpecialization);
constexpr Type kOptPropagateRealTensor = opt(&kPropagateRealTensor);
constexpr Type kOptUnbackedSymbol = opt(&kUnbackedSymbol);
constexpr Type kOptSymExprInfo = opt(&kSymExprInfo);
constexpr Type kOptFakeKernel = opt(&kFakeKernel);
constexpr Type kOptArtifact = opt(&kArtifact);
constexpr Type kOptStorageDesc = opt(&kStorageDesc);
constexpr Type kOptTensorDesc = opt(&kTensorDesc);
constexpr Type kOptSourceDesc = opt(&kSourceDesc);
constexpr Type kOptDumpFile = opt(&kDumpFile);
constexpr Type kOptGuardAddedFast = opt(&kGuardAddedFast);

// Envelope in declaration order; `str` last so envelope() can leave it out.
constexpr Field kEnvelopeFields[] = {
    {"rank", &kOptU32},
    {"has_payload", &kOptString, true},
    {"stack", &kOptStack},
    {"dynamo_start", &kOptDynamoStart},
    {"dynamo_output_graph", &kOptDynamoOutputGraph},
    {"optimize_ddp_split_graph", &kOptEmpty},
    {"optimize_ddp_split_child", &kOptOptimizeDdpSplitChild},
    {"compiled_autograd_graph", &kOptEmpty},
    {"dynamo_guards", &kOptEmpty},
    {"aot_forward_graph", &kOptEmpty},
    {"aot_backward_graph", &kOptEmpty},
    {"aot_inference_graph", &kOptEmpty},
    {"aot_joint_graph", &kOptEmpty},
    {"inductor_pre_grad_graph", &kOptEmpty},
    {"inductor_post_grad_graph", &kOptEmpty},
    {"dynamo_cpp_guards_str", &kOptEmpty},
    {"inductor_output_code", &kOptInductorOutputCode},
    {"compilation_metrics", &kOptCompilationMetrics},
    {"bwd_compilation_metrics", &kOptBwdCompilationMetrics},
    {"aot_autograd_backward_compilation_metrics", &kOptAotBackwardMetrics},
    {"graph_dump", &kOptGraphDump},
    {"link", &kOptLink},
    {"symbolic_shape_specialization", &kOptSymbolicShapeSpecialization},
    {"propagate_real_tensors_provenance", &kOptPropagateRealTensor},
    {"guard_added", &kOptPropagateRealTensor},
    {"create_unbacked_symbol", &kOptUnbackedSymbol},
    {"expression_created", &kOptSymExprInfo},
    {"missing_fake_kernel", &kOptFakeKernel},
    {"mismatched_fake_kernel", &kOptFakeKernel},
    {"artifact", &kOptArtifact},
    {"describe_storage", &kOptStorageDesc},
    {"describe_tensor", &kOptTensorDesc},
    {"describe_source", &kOptSourceDesc},
    {"dump_file", &kOptDumpFile},
    {"chromium_event", &kOptEmpty},
    {"guard_added_fast", &kOptGuardAddedFast},
    {"exported_program", &kOptEmpty},
    {"str", &kOptStrTuple},
};
constexpr size_t kEnvelopeFieldCount = std::size(kEnvelopeFields);
constexpr Type kEnvelope{Kind::Struct, nullptr, kEnvelopeFields, kEnvelopeFieldCount - 1, true, "Envelope"};

constexpr Field kDynamoGuardFields[] = {{"code", &kString}, {"stack", &kOptStack}, {"user_stack", &kOptStack}};
constexpr Type kDynamoGuard = make_struct("DynamoGuard", kDynamoGuardFields);
constexpr Type kDynamoGuards = vec(&kDynamoGuard);

constexpr std::string_view kRawJsonlKeys[] = {"timestamp", "thread", "pathname", "lineno", "payload_filename"};

}  // namespace

const serde::Type& envelope() { return kEnvelope; }
const serde::Type& dynamo_guards() { return kDynamoGuards; }

std::span<const serde::Field> envelope_fields() { return {kEnvelopeFields, kEnvelopeFieldCount}; }

bool is_envelope_field(std::string_view key) {
  return std::any_of(std::begin(kEnvelopeFields), std::end(kEnvelopeFields),
                     [&](const serde::Field& f) { return key == f.name; });
}

std::span<const std::string_view> raw_jsonl_keys() { return kRawJsonlKeys; }

}  // namespace tc::formats::torch_trace::tlparse
