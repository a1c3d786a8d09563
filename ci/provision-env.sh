#!/usr/bin/env bash
# Provision a named emitter environment: a Debian minbase chroot holding
# python3-torch and what inductor needs to compile on CPU.
#
#   ci/provision-env.sh NAME        NAME is trixie (torch 2.6.0) or sid (moving)
#
# Contract:
#  - the chroot lives in $TRACECHECK_ENV_CACHE/NAME (default ~/.cache/tracecheck/envs);
#  - an flock on NAME.lock serialises provisioning, so parallel tests never
#    provision twice; a second caller waits, then reuses the result;
#  - NAME.stamp records the recipe hash and the installed .deb versions; a
#    chroot whose stamp does not match the recipe is rebuilt;
#  - packages added later (the "addons" of an environment, e.g. trixie's
#    onnxruntime for cases/emitters/onnxruntime_profiler) are not part of the
#    recipe: a chroot whose recipe matches but whose stamp lacks the current
#    "addons <hash>" line gets them installed in place (apt-get install into
#    the existing chroot), not rebuilt, so adding one costs its download only;
#  - every mount (/proc for dpkg scripts) is made inside a private mount
#    namespace, so an interrupted run leaves no mount behind and rm -rf of a
#    half-built chroot can never delete through a bind mount;
#  - prints "NAME: torch X.Y.Z" on success; exit 3 when it cannot provision.
set -euo pipefail

name=${1:?usage: provision-env.sh trixie|sid}
case "$name" in
  trixie|sid) ;;
  *) echo "provision-env: unknown environment '$name' (known: trixie, sid)" >&2; exit 2 ;;
esac

cache=${TRACECHECK_ENV_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tracecheck/envs}
mirror=${TRACECHECK_DEBIAN_MIRROR:-http://deb.debian.org/debian}
root="$cache/$name"
packages="python3-torch g++ python3-dev python3-setuptools libtorch-dev"
# Installed on top of the recipe (see the contract above); changing this list
# upgrades existing chroots in place.
case "$name" in
  trixie) addons="python3-onnxruntime python3-onnx" ;;
  *) addons="" ;;
esac
# sid's Release file can look expired to apt; trixie's never needs it.
apt_opts="-o Acquire::Check-Valid-Until=false -o APT::Install-Recommends=false"
recipe="v1 $name $mirror minbase $packages"
recipe_hash=$(printf '%s' "$recipe" | md5sum | cut -c1-32)
addons_hash=$(printf '%s' "v1 $addons" | md5sum | cut -c1-32)

mkdir -p "$cache"
exec 9>"$cache/$name.lock"
flock 9

recipe_ok() {
  [ -f "$cache/$name.stamp" ] && [ -x "$root/usr/bin/python3" ] &&
    [ "$(head -n1 "$cache/$name.stamp")" = "recipe $recipe_hash" ]
}
addons_ok() {
  [ -z "$addons" ] || grep -qx "addons $addons_hash" "$cache/$name.stamp"
}
stamp_ok() { recipe_ok && addons_ok; }

# Writes NAME.stamp for the chroot at $root (atomically): recipe, addons,
# torch version, then every recipe and addon package with its version.
write_stamp() {
  local version
  version=$(torch_version)
  {
    echo "recipe $recipe_hash"
    [ -z "$addons" ] || echo "addons $addons_hash"
    echo "torch $version"
    chroot "$root" dpkg-query -W -f='${Package} ${Version}\n' $packages $addons
  } >"$cache/$name.stamp.tmp"
  mv "$cache/$name.stamp.tmp" "$cache/$name.stamp"
  echo "$name: torch $version ($1 $root)"
}

# Asks the chroot's torch for its version, with /proc mounted in a private
# namespace (torch reads /proc/cpuinfo at import); only the version line is kept.
torch_version() {
  unshare --mount --propagation private -- bash -c '
    mount -t proc proc "$1/proc" && chroot "$1" /usr/bin/python3 -c "import torch; print(\"torch-version:\", torch.__version__)"
  ' probe "$root" 2>/dev/null | sed -n 's/^torch-version: //p'
}

if stamp_ok; then
  echo "$name: torch $(sed -n 's/^torch //p' "$cache/$name.stamp") (cached in $root)"
  exit 0
fi

# The recipe matches but the addons changed: install them in place.
if recipe_ok; then
  if [ "$(id -u)" != 0 ]; then
    echo "provision-env: installing $addons into $root needs root (chroot)" >&2
    exit 3
  fi
  echo "$name: installing $addons into $root" >&2
  unshare --mount --propagation private -- bash -euo pipefail -c '
    root=$1 addons=$2 apt_opts=$3 log=$4
    mount -t proc proc "$root/proc"
    chroot "$root" apt-get $apt_opts update -q >"$log" 2>&1 &&
      DEBIAN_FRONTEND=noninteractive chroot "$root" apt-get $apt_opts install -y -q $addons >>"$log" 2>&1 ||
      { tail -n 20 "$log" >&2; exit 3; }
    chroot "$root" apt-get clean
  ' addons "$root" "$addons" "$apt_opts" "$cache/$name.addons.log"
  rm -f "$cache/$name.addons.log"
  write_stamp "upgraded in"
  exit 0
fi

need_kb=$((2300 * 1024))
free_kb=$(df -Pk "$cache" | awk 'NR==2 {print $4}')
if [ "$free_kb" -lt "$need_kb" ]; then
  echo "provision-env: $name needs about 2.3 GB free in $cache, only $((free_kb / 1024)) MB there" >&2
  exit 3
fi

if [ "$(id -u)" != 0 ]; then
  echo "provision-env: building a chroot needs root (debootstrap, chroot)" >&2
  exit 3
fi
command -v debootstrap >/dev/null || { echo "provision-env: debootstrap missing (ci/install-deps.sh installs it)" >&2; exit 3; }

# Deletes a folder unless something is mounted at or below it. Nothing ever
# is outside a private namespace, so this refusal only fires on a broken
# host setup; --one-file-system alone would not stop at a bind mount of the
# same file system. (findmnt writes a space in a path as \x20.)
safe_remove() {
  local dir mounted
  dir=$(realpath -m "$1")
  mounted=$(findmnt -rn -o TARGET | sed 's/\\x20/ /g' |
    awk -v d="$dir" '$0 == d || substr($0, 1, length(d) + 1) == d "/" { print; exit }')
  if [ -n "$mounted" ]; then
    echo "provision-env: refusing to delete $1: $mounted is mounted there" >&2
    exit 3
  fi
  rm -rf --one-file-system "$1"
}

echo "$name: provisioning $root (minbase + $packages); this downloads about 700 MB once" >&2
rm -f "$cache/$name.stamp"
[ -d "$root" ] && safe_remove "$root"
build="$root.partial"
safe_remove "$build"
mkdir -p "$build"

unshare --mount --propagation private -- bash -euo pipefail -c '
  build=$1 name=$2 mirror=$3 packages=$4 apt_opts=$5
  debootstrap --variant=minbase "$name" "$build" "$mirror" >"$build.debootstrap.log" 2>&1 ||
    { tail -n 20 "$build.debootstrap.log" >&2; exit 3; }
  mount -t proc proc "$build/proc"
  chroot "$build" apt-get $apt_opts update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive chroot "$build" apt-get $apt_opts install -y -q $packages \
    >"$build.apt.log" 2>&1 || { tail -n 20 "$build.apt.log" >&2; exit 3; }
  chroot "$build" apt-get clean
' provision "$build" "$name" "$mirror" "$packages $addons" "$apt_opts"

mv "$build" "$root"
rm -f "$build.debootstrap.log" "$build.apt.log"
write_stamp "provisioned in"
