"""Address space randomisation off for a driver whose traces name addresses.

With with_stack=True, the Python tracer names built-in methods
"<built-in method mm of type object at 0x...>": an object address that
ASLR moves on every run. reexec_without_aslr() re-executes the driver once
(same pid, same arguments) with the ADDR_NO_RANDOMIZE personality, so those
names are the same on every run; it returns at once when randomisation is
already off or cannot be turned off. Call it before importing torch."""
import ctypes
import os
import sys

ADDR_NO_RANDOMIZE = 0x0040000
QUERY = 0xFFFFFFFF


def reexec_without_aslr():
    libc = ctypes.CDLL(None, use_errno=True)
    current = libc.personality(QUERY)
    if current == -1 or current & ADDR_NO_RANDOMIZE:
        return
    if libc.personality(current | ADDR_NO_RANDOMIZE) == -1:
        return
    os.execv(sys.executable, [sys.executable] + sys.argv)
