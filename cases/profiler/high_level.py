"""PyTorch's test_high_level_trace (test/profiler/test_profiler.py): a
TwoLayerNet (Linear 10->5, clamp, Linear 5->2) trained one epoch with
MSELoss(sum) and SGD(lr=1e-4) over a DataLoader of 8 repeated samples
(batch 1), after one unprofiled epoch and duplicate optimizer/loader
instances (no double hooking). Three profiled epochs: SGD, SGD after a
pickle round-trip, and a CustomSGD subclass. The "#"-named events
(enumerate(DataLoader)#..., Optimizer.step#..., Optimizer.zero_grad#...)
are counted as the test does and recorded as facts; the SGD and CustomSGD
traces are written to chrome_trace/sgd.json and chrome_trace/custom_sgd.json."""
import os
import pickle

import torch
import torch.utils.data
from torch.autograd.profiler import profile as _profile
from torch.profiler import kineto_available

import tracecheck_driver as tcd

DEVICE = tcd.device_arg()
N, D_IN, H, D_OUT = 8, 10, 5, 2


class RepeatedDataset(torch.utils.data.Dataset):
    def __init__(self, n, d_in, d_out):
        self.N = n
        self.x = torch.randn(n, d_in)
        self.y = torch.randn(n, d_out)

    def __len__(self):
        return self.N

    def __getitem__(self, idx):
        return self.x, self.y


class TwoLayerNet(torch.nn.Module):
    def __init__(self, d_in, h, d_out):
        super().__init__()
        self.linear1 = torch.nn.Linear(d_in, h)
        self.linear2 = torch.nn.Linear(h, d_out)

    def forward(self, x):
        h_relu = self.linear1(x).clamp(min=0)
        return self.linear2(h_relu)


class CustomSGD(torch.optim.SGD):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)


def count_events(prof, expected):
    """The test's judge(): how many events carry each expected "#" name."""
    counts = {key: 0 for key in expected}
    for e in prof.function_events:
        if "#" in e.name and e.name in counts:
            counts[e.name] += 1
    return counts


def test_high_level_trace():
    model = TwoLayerNet(D_IN, H, D_OUT)
    criterion = torch.nn.MSELoss(reduction="sum")
    optimizer = torch.optim.SGD(model.parameters(), lr=1e-4)
    ds = RepeatedDataset(N, D_IN, D_OUT)
    dataloader = torch.utils.data.DataLoader(ds, batch_size=1)

    def train():
        for data in dataloader:
            x, y = data[0], data[1]
            y_pred = model(x)
            loss = criterion(y_pred, y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()

    train()
    # Duplicates, so that a function hooked twice would show up in the counts.
    optimizer_duplicate = torch.optim.SGD(model.parameters(), lr=1e-4)  # noqa: F841
    dataloader_duplicate = torch.utils.data.DataLoader(ds, batch_size=1)  # noqa: F841

    out = tcd.artifact_dir("chrome_trace")
    expected = {
        # N + 1: the last iteration enters __next__ but skips the loop body.
        "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__": N + 1,
        "Optimizer.step#SGD.step": N,
        "Optimizer.zero_grad#SGD.zero_grad": N,
    }
    with _profile(use_kineto=kineto_available()) as prof:
        train()
    tcd.fact("sgd_counts", count_events(prof, expected))
    prof.export_chrome_trace(os.path.join(out, "sgd.json"))

    optimizer = pickle.loads(pickle.dumps(optimizer))
    with _profile(use_kineto=kineto_available()) as prof:
        train()
    tcd.fact("sgd_unpickled_counts", count_events(prof, expected))

    optimizer = CustomSGD(model.parameters(), lr=1e-4)
    with _profile(use_kineto=kineto_available()) as prof:
        train()
    expected_custom = {
        "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__": N + 1,
        "Optimizer.step#CustomSGD.step": N,
        "Optimizer.zero_grad#CustomSGD.zero_grad": N,
    }
    tcd.fact("custom_sgd_counts", count_events(prof, expected_custom))
    tcd.fact("expected_counts", {"sgd": expected, "custom_sgd": expected_custom})
    prof.export_chrome_trace(os.path.join(out, "custom_sgd.json"))


torch.manual_seed(0)
test_high_level_trace()
