# tracecheck stale: goldens and raw folders no case used in the last run.
. "$(dirname "$0")/lib.sh"
gone="$TMP/golden/$E/structured/no_such_case"
cp "$G" "$gone.txt"
cp -r "$TMP/golden/$E/$C.raw" "$gone.raw"
# An orphaned raw folder of a case whose golden was deleted.
mkdir -p "$TMP/golden/torch-2.14.1/structured"
cp -r "$TMP/golden/$E/$C.raw" "$TMP/golden/torch-2.14.1/structured/orphan_raw.raw"

"$T" stale --clear > /dev/null  # the reference re-render in lib.sh recorded a use
tc stale
expect 3
has "no run recorded"
# Two processes, as ctest -j runs them: both records count.
"$T" replay "$C" --emitter "$E" > /dev/null 2>&1
"$T" replay > /dev/null 2>&1
tc stale
expect 1
has "$E:"
has "golden structured/no_such_case  $gone.txt"
has "raw    structured/no_such_case  $gone.raw"
has "torch-2.14.1:"
has "raw    structured/orphan_raw"
hasnt "structured/example_fn"
hasnt "structured/recompiles"
tc stale --emitter torch-2.14.1
expect 1
hasnt "no_such_case"
has "1 stale file(s)"
# Removing the stale files leaves nothing to report.
rm -r "$gone.txt" "$gone.raw" "$TMP/golden/torch-2.14.1/structured/orphan_raw.raw"
tc stale
expect 0
has "0 stale file(s)"
tc stale --clear
expect 0
tc stale
expect 3
echo "stale: ok"
