#!/bin/sh
# Builds a release of boardbot: static binaries stamped with the version, the systemd units, their
# SHA256SUMS and, when a Docker daemon answers, the image.
#
#   deploy/release.sh VERSION [OUTDIR]        VERSION is vX.Y.Z or vX.Y.Z-suffix; OUTDIR: dist
#   TARGETS="linux/amd64 linux/arm64"         the GOOS/GOARCH pairs to build (this is the default)
#   IMAGE=no                                  skip the container image
#
# Run it from anywhere: it builds the module it sits in.
set -eu

usage() {
	echo "usage: deploy/release.sh VERSION [OUTDIR]  (VERSION like v1.2.0; TARGETS=\"linux/amd64 linux/arm64\")" >&2
	exit 2
}
[ $# -ge 1 ] && [ $# -le 2 ] || usage
version=$1
out=${2:-dist}
targets=${TARGETS:-linux/amd64 linux/arm64}

# go install ...@VERSION resolves only semantic-version tags, so a release is named by one.
if ! printf '%s\n' "$version" | grep -Eq '^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$'; then
	echo "release: $version is not a version like v1.2.0 (or v1.2.0-rc.1)" >&2
	exit 2
fi

root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)

if git -C "$root" rev-parse --git-dir >/dev/null 2>&1 && [ -n "$(git -C "$root" status --porcelain --untracked-files=no)" ]; then
	echo "release: warning: the checkout has uncommitted changes; the binaries will not match the tag" >&2
fi

files=""
for t in $targets; do
	goos=${t%/*}
	goarch=${t#*/}
	if [ "$goos" = "$t" ] || [ -z "$goos" ] || [ -z "$goarch" ]; then
		echo "release: target $t is not GOOS/GOARCH" >&2
		exit 2
	fi
	name="boardbot-$version-$goos-$goarch"
	echo "release: building $name" >&2
	# -trimpath: no build machine paths in the binary; -s -w: no symbol tables (a third smaller).
	(cd "$root" && CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch go build -trimpath \
		-ldflags "-s -w -X main.version=$version" -o "$out/$name" ./cmd/boardbot)
	files="$files $name"
done
for unit in boardbot.service boardbot-backup.service boardbot-backup.timer; do
	cp "$root/deploy/systemd/$unit" "$out/$unit"
	files="$files $unit"
done

# shellcheck disable=SC2086 # $files is a list of plain names
(cd "$out" && sha256sum $files > SHA256SUMS)
echo "release: wrote $out/SHA256SUMS" >&2

if [ "${IMAGE:-yes}" = no ]; then
	echo "release: IMAGE=no: the image was not built" >&2
elif command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
	echo "release: building the image boardbot:$version" >&2
	docker build --build-arg "VERSION=$version" -t "boardbot:$version" "$root"
else
	echo "release: no Docker daemon answers: the image was not built (run this where docker works)" >&2
fi
