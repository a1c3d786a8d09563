# TRACECHECK_UPDATE = no | new | always, and its CI refusal, through replay.
. "$(dirname "$0")/lib.sh"

# Default (no): a differing golden fails and nothing is written anywhere.
mutate
tc replay "$C" --emitter "$E"
expect 1
has "FAIL $C"
has "differs from $G"
same "$G" "$TMP/mutated.txt"
[ -d "$TMP/work/pending" ] && fail "policy no wrote a pending golden"

# An unknown policy is a usage error.
OUT=$(TRACECHECK_UPDATE=sometimes "$T" replay "$C" --emitter "$E" 2>&1); RC=$?
expect 2
has "TRACECHECK_UPDATE='sometimes' is not one of no, new, pending, always"

# new: never overwrites an existing golden ...
OUT=$(TRACECHECK_UPDATE=new "$T" replay "$C" --emitter "$E" 2>&1); RC=$?
expect 1
has "update policy new writes only missing goldens"
same "$G" "$TMP/mutated.txt"
# ... but creates a missing one, identical to the committed golden.
rm "$G"
OUT=$(TRACECHECK_UPDATE=new "$T" replay "$C" --emitter "$E" 2>&1); RC=$?
expect 0
has "ACCEPTED $C"
has "golden created: $G"
same "$G" "$TMP/reference.txt"

# Under CI a missing golden fails, and every writing policy is refused.
rm "$G"
OUT=$(CI=true "$T" replay "$C" --emitter "$E" 2>&1); RC=$?
expect 1
has "missing golden $G"
for policy in TRACECHECK_UPDATE=always TRACECHECK_UPDATE=new TRACECHECK_UPDATE=pending TRACECHECK_ACCEPT=1; do
  OUT=$(env CI=1 $policy "$T" replay "$C" --emitter "$E" 2>&1); RC=$?
  expect 1
  has "refusing to write goldens under CI"
  [ -f "$G" ] && fail "$policy wrote a golden under CI"
done
[ -d "$TMP/work/pending" ] && fail "a pending golden was written under CI"

# always: writes; under CI only with TRACECHECK_FORCE_UPDATE=1.
cp "$TMP/mutated.txt" "$G"
OUT=$(CI=1 TRACECHECK_FORCE_UPDATE=1 TRACECHECK_UPDATE=always "$T" replay "$C" --emitter "$E" 2>&1); RC=$?
expect 0
has "golden updated: $G"
same "$G" "$TMP/reference.txt"
cp "$TMP/mutated.txt" "$G"
tc replay "$C" --emitter "$E" --accept
expect 0
same "$G" "$TMP/reference.txt"
echo "policy: ok"
