#!/bin/sh
# An external parser that hangs: ignores SIGTERM, leaves a child in its
# process group (whose pid it records in {tmp}/child.pid), and never exits.
trap '' TERM
sleep 3600 &
echo $! > "$2/child.pid"
echo "hanging on $1"
while :; do sleep 1; done
