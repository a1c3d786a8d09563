#!/usr/bin/env bash
# Installs tracecheck's build and test dependencies from Debian bookworm.
# Idempotent: does nothing (and needs no network) when all are present.
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config
  libsimdjson-dev nlohmann-json3-dev libre2-dev libfmt-dev libcli11-dev
  libgtest-dev libgmock-dev libbenchmark-dev libssl-dev zlib1g-dev
  libvalijson-dev json-schema-test-suite
  python3 debootstrap util-linux
  clang libclang-rt-14-dev
  # Third-party emitters (cases/emitters/): installed up front, because apt
  # inside parallel tests fights over the dpkg lock.
  lld nodejs node-typescript uftrace python3-torch
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}" >&2
sudo_cmd=()
[ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
# apt fights over the dpkg lock when several jobs install at once: wait for it.
"${sudo_cmd[@]}" apt-get -o DPkg::Lock::Timeout=600 update -q
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get -o DPkg::Lock::Timeout=600 \
  install -y -q --no-install-recommends "${missing[@]}"
