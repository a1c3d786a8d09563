#!/bin/sh
# An external parser that crashes: prints a line, then dies of SIGSEGV.
echo "parsing $1"
kill -SEGV $$
sleep 5
