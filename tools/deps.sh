#!/usr/bin/env bash
# Installs the Debian packages linrepro needs, only those missing, then takes the data files
# Debian packages ship that linrepro reads (tools/debian-files.sh). Run by `make deps`;
# `tools/deps.sh PKG...` also installs PKG (the fuzz targets ask for clang this way).
# chromium (headless) runs the results page's browser test (tests/page/browser_test.py).
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config git xz-utils curl
  libeigen3-dev nlohmann-json3-dev libfmt-dev libcli11-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libstemmer-dev liblinear-dev libsvm-dev liblinear-tools libsvm-tools
  python3 python3-matplotlib python3-numpy python3-sklearn python3-jsonschema
  python3-scipy python3-pandas pybind11-dev python3-dev
  chromium fonts-dejavu-core
)
# Extra packages a target needs beyond these (make fuzz-build: clang and its libFuzzer runtime).
packages+=("$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "deps: all ${#packages[@]} Debian packages present"
  exec bash "$(dirname "$0")/debian-files.sh"
fi
echo "deps: installing ${missing[*]}" >&2
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    SUDO=sudo
  else
    echo "deps: not root. Run:  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi
${SUDO:-} apt-get update -qq
DEBIAN_FRONTEND=noninteractive ${SUDO:-} apt-get install -y -qq --no-install-recommends "${missing[@]}"
# Data files taken from Debian packages without installing them (a stoplist).
bash "$(dirname "$0")/debian-files.sh"
