#!/bin/sh
# An external parser slower than its timeout: it would succeed after 5 s.
echo "slowly parsing $1"
sleep 5
exit 0
