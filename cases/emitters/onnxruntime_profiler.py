"""onnxruntime's profiler: the Chrome trace of three runs of a tiny model (MatMul, Add, Relu) on the CPU.

The model is built here with onnx.helper, so the case needs no data file.
(Debian's onnxruntime 1.21 prints a "Schema error ... already registered"
line per ONNX operator on stderr when it creates a session; it is harmless.)
One intra-op and one inter-op thread, sequential execution and graph
optimizations off, so the set of node events does not depend on the
machine's cores or on which fusions this build has. end_profiling() names
its file after the wall-clock time; it is stored as ort_profile.json.
"""
import os
import shutil

import numpy as np
import onnx
import onnxruntime as ort
from onnx import TensorProto, helper

import tracecheck_driver as td


def tiny_model():
    graph = helper.make_graph(
        [helper.make_node("MatMul", ["x", "w"], ["xw"], name="matmul"),
         helper.make_node("Add", ["xw", "b"], ["y"], name="add"),
         helper.make_node("Relu", ["y"], ["out"], name="relu")],
        "tiny",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])],
        [helper.make_tensor_value_info("out", TensorProto.FLOAT, [2, 4])],
        initializer=[helper.make_tensor("w", TensorProto.FLOAT, [3, 4], [0.5 * i - 2 for i in range(12)]),
                     helper.make_tensor("b", TensorProto.FLOAT, [4], [0.25, -0.25, 0.5, -0.5])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], producer_name="tracecheck")
    onnx.checker.check_model(model)
    return model.SerializeToString()


td.emitter("onnxruntime-" + ".".join(ort.__version__.split(".")[:2]))

options = ort.SessionOptions()
options.enable_profiling = True
options.profile_file_prefix = os.path.join(os.getcwd(), "ort_profile")
options.intra_op_num_threads = 1
options.inter_op_num_threads = 1
options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
session = ort.InferenceSession(tiny_model(), options, providers=["CPUExecutionProvider"])
x = np.arange(6, dtype=np.float32).reshape(2, 3)
for _ in range(3):
    out = session.run(None, {"x": x})[0]
td.fact("output", out.tolist())
trace = session.end_profiling()
shutil.copyfile(trace, os.path.join(td.artifact_dir("chrome_trace"), "ort_profile.json"))
