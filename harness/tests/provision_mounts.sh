#!/bin/sh
# ci/provision-env.sh never deletes through a mount: with a folder bind-mounted
# below the chroot it would rebuild (NAME/ or NAME.partial/), it must refuse
# (exit 3) and leave the mounted folder's files alone. Runs in a private
# mount namespace, so nothing stays mounted whatever happens; the mirror is
# unreachable, so a provisioning that wrongly went ahead fails fast. Needs
# root, unshare and debootstrap (the script checks for it first); exit 77
# without them.
#
# usage: provision_mounts.sh PROVISION_SCRIPT SCRATCH_DIR
set -u
script="$1"
scratch="$2"
if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null || ! command -v debootstrap >/dev/null; then
  echo "SKIP: needs root, unshare and debootstrap"
  exit 77
fi
rm -rf "$scratch"
mkdir -p "$scratch"
exec unshare --mount --propagation private -- sh -c '
  script=$1 scratch=$2 failed=0
  for target in trixie trixie.partial; do
    cache="$scratch/cache-$target"
    mkdir -p "$cache/$target/proc" "$scratch/victim-$target"
    echo keep >"$scratch/victim-$target/file"
    mount --bind "$scratch/victim-$target" "$cache/$target/proc" || { echo "SKIP: cannot bind-mount"; exit 77; }
    TRACECHECK_ENV_CACHE="$cache" TRACECHECK_DEBIAN_MIRROR=http://127.0.0.1:9/debian \
      timeout 120 bash "$script" trixie >"$scratch/out-$target" 2>&1
    rc=$?
    umount "$cache/$target/proc"
    if [ $rc -ne 3 ] || ! grep -q "refusing to delete" "$scratch/out-$target"; then
      echo "FAIL $target: exit $rc, expected 3 with a refusal:"
      cat "$scratch/out-$target"
      failed=1
    elif [ ! -f "$scratch/victim-$target/file" ]; then
      echo "FAIL $target: the mounted folder was deleted through"
      failed=1
    else
      echo "ok   $target: $(grep "refusing" "$scratch/out-$target")"
    fi
  done
  rm -rf "$scratch"
  exit $failed
' sh "$script" "$scratch"
