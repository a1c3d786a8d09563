#!/usr/bin/env bash
# Installs tracecheck's build and test dependencies from Debian bookworm.
# Idempotent: does nothing (and needs no network) when all are present.
#
#   ci/install-deps.sh                 everything the build and every test use
#   ci/install-deps.sh --build-only    what `cmake --preset default` and a build
#                                      of the tracecheck target need (README.md)
set -euo pipefail

build_only=false
case "${1:-}" in
  "") ;;
  --build-only) build_only=true ;;
  *) echo "usage: ci/install-deps.sh [--build-only]" >&2; exit 2 ;;
esac

# The configure step (GoogleTest, python3: the default preset has the tests
# on) and the libraries the tracecheck target links.
build_packages=(
  cmake ninja-build g++ pkg-config python3
  libsimdjson-dev nlohmann-json3-dev libre2-dev libfmt-dev libcli11-dev
  libgtest-dev libgmock-dev libssl-dev zlib1g-dev libisal-dev
)
packages=(
  "${build_packages[@]}"
  libbenchmark-dev libvalijson-dev json-schema-test-suite
  debootstrap util-linux
  clang libclang-rt-14-dev
  # Third-party emitters (cases/emitters/): installed up front, because apt
  # inside parallel tests fights over the dpkg lock.
  lld nodejs node-typescript uftrace python3-torch chromium
  # The real consumers of ../shared/oracles (harness/tests/oracle/): HTA,
  # Chakra and PARAM need these (the apt line of shared/oracles/README.md);
  # catapult needs only nodejs.
  python3-pandas python3-plotly python3-networkx python3-yaml python3-psutil
  python3-packaging python3-protobuf python3-pydot
)

$build_only && packages=("${build_packages[@]}")

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
  # apt fights over the dpkg lock when several jobs install at once: wait for it.
  "${sudo_cmd[@]}" apt-get -o DPkg::Lock::Timeout=600 update -q
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get -o DPkg::Lock::Timeout=600 \
    install -y -q --no-install-recommends "${missing[@]}"
fi

$build_only && exit 0

# ajv-cli, the second external validator (the "ajv" preset in
# harness/external/presets.h), from the npm registry into the cache
# the preset looks in. Optional: without it the ajv comparisons say "not run".
npm_dir="${XDG_CACHE_HOME:-$HOME/.cache}/tracecheck/npm"
ajv_version=5.0.0
if ! grep -qs "\"version\": \"$ajv_version\"" "$npm_dir/node_modules/ajv-cli/package.json"; then
  mkdir -p "$npm_dir"
  npm install --prefix "$npm_dir" --no-audit --no-fund --loglevel=error "ajv-cli@$ajv_version" >&2 ||
    echo "install-deps: npm could not install ajv-cli@$ajv_version; ajv comparisons will not run" >&2
fi
# puppeteer-core, which drives Debian's chromium in the html tests
# (harness/tests/scripts/html_browser.cjs); without it they skip.
puppeteer_version=23.11.1
if ! grep -qs "\"version\": \"$puppeteer_version\"" "$npm_dir/node_modules/puppeteer-core/package.json"; then
  mkdir -p "$npm_dir"
  npm install --prefix "$npm_dir" --no-audit --no-fund --loglevel=error "puppeteer-core@$puppeteer_version" >&2 ||
    echo "install-deps: npm could not install puppeteer-core@$puppeteer_version; the html tests will skip" >&2
fi
