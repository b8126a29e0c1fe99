#!/usr/bin/env bash
# Data files that Debian packages ship, taken as files: the package is downloaded (apt-get
# download, no root needed) and unpacked into a scratch folder (dpkg-deb -x), never installed;
# the one file is checked against its pinned sha256 and copied into the project's data/ folder
# (not committed). A file already there with the pinned digest is left alone. Run by `make deps`.
set -euo pipefail
cd "$(dirname "$0")/.."
# package | path inside the package | destination | sha256
files=(
  # The SMART stoplist (features/stopwords.h); R itself is never installed.
  "r-cran-tm|usr/lib/R/site-library/tm/stopwords/SMART.dat|data/stoplists/SMART.dat|9869c9b6c582d7485871e136b05b64556a1741657c2401fb0698d56a6cf190fe"
)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for entry in "${files[@]}"; do
  IFS='|' read -r package path dest sha <<<"$entry"
  if [ -f "$dest" ] && [ "$(sha256sum <"$dest" | cut -d' ' -f1)" = "$sha" ]; then continue; fi
  rm -rf "${scratch:?}"/*
  if ! (cd "$scratch" && apt-get download -qq "$package" 2>/dev/null); then
    # No package lists yet (a fresh container): fetch them once, then try again.
    if [ "$(id -u)" -eq 0 ]; then apt-get update -qq; fi
    (cd "$scratch" && apt-get download -qq "$package") ||
      { echo "deps: apt-get download $package failed; $dest cannot be made" >&2; exit 1; }
  fi
  dpkg-deb -x "$scratch/$package"_*.deb "$scratch/unpacked"
  got=$(sha256sum <"$scratch/unpacked/$path" | cut -d' ' -f1)
  if [ "$got" != "$sha" ]; then
    echo "deps: $package's $path has sha256 $got, not the pinned $sha" >&2
    exit 1
  fi
  mkdir -p "$(dirname "$dest")"
  cp "$scratch/unpacked/$path" "$dest.tmp.$$"
  mv "$dest.tmp.$$" "$dest"
  echo "deps: $dest from Debian's $package (sha256 $sha)"
done
