#!/usr/bin/env bash
# Builds Rowlift's container image, target/rowlift-image.tar: a Docker archive (`docker load -i`) tagged
# rowlift:<version>, made without a Docker engine and without a registry, from this machine's own JDK:
#
#   base layer   a jlinked Java runtime (/opt/java) and the shared libraries its binaries and Rowlift's
#                native code link to (glibc, zlib, libgcc_s, copied from this machine), /etc/passwd with the
#                user rowlift (uid 10001), /tmp, /data (the working folder: mount your folder there)
#   lib layer    the jar's dependencies, unpacked (/app/lib): changes only when a dependency does
#   app layer    Rowlift's own jar, unpacked (/app/rowlift.jar)
#   cache layer  a class-data sharing archive of the classes a load uses (/app/rowlift.jsa), made by one
#                small training load run inside the image itself, by its own runtime and user (runc): the
#                archive is valid only for the very runtime, paths and jar it was made with
#
# Its command is bin/rowlift's: `java ... -cp /app/rowlift.jar io.rowlift.RowliftApplication ARGS`, so a
# container takes the same arguments as bin/rowlift. Tools: jlink (JDK 17), umoci, skopeo, runc and jq
# (Debian: apt-get install skopeo umoci runc jq), and root for runc. Run by `mvn -Pimage package` and by
# ImageIntegrationTests; an image already built from the same jar, script and JDK is kept (target/image/stamp).
#
#   src/image/build.sh [JAR [OUT]]      defaults: target/rowlift.jar, target/rowlift-image.tar
#   JAVA_HOME                           the JDK whose jlink makes the runtime (default: jlink on PATH)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
jar=$(realpath -m "${1:-$root/target/rowlift.jar}")
out=$(realpath -m "${2:-$root/target/rowlift-image.tar}")
work=$(dirname "$out")/image
jdk_bin=${JAVA_HOME:+$JAVA_HOME/bin/}
# what Rowlift and its libraries use (jdeps cannot read the Boot jar's dependencies as modules); java.desktop
# is for java.beans (Spring), its AWT libraries are deleted below; jdk.charsets for inputs in e.g. Shift_JIS
modules=java.base,java.desktop,java.instrument,java.logging,java.management,java.naming,java.net.http,java.prefs,java.rmi,java.scripting,java.security.jgss,java.security.sasl,java.sql,java.transaction.xa,java.xml,jdk.charsets,jdk.crypto.ec,jdk.management,jdk.naming.dns,jdk.unsupported,jdk.zipfs,jdk.jfr
# the JVM options: bin/rowlift's, less what it decides per start with a shell (a heap of -Xmx1g, transparent huge
# pages, the quick compiler for small files): the heap is half the container's memory (JAVA_TOOL_OPTIONS=-Xmx1g
# or any -Xmx there wins over it); /app/ext/*: extension jars mounted there join the classpath (LOADER_PATH's job)
classpath='/app/rowlift.jar:/app/ext/*'
jvm_opts=(-XX:MaxRAMPercentage=50 -cp "$classpath")
cds_opts=(-XX:SharedArchiveFile=/app/rowlift.jsa -Xlog:cds=off -Xlog:cds+dynamic=off)
main=io.rowlift.RowliftApplication

fail() { echo "rowlift image: $*" >&2; exit 2; }
[[ -f $jar ]] || fail "$jar not found: build it first with mvn -B -DskipTests package"
for tool in "${jdk_bin}jlink" "${jdk_bin}java" umoci skopeo runc jq unzip ldd; do
    command -v "$tool" >/dev/null || fail "$tool not found: the image needs a JDK's jlink, umoci, skopeo and runc (Debian: apt-get install skopeo umoci runc jq)"
done
[[ $(id -u) == 0 ]] || fail "runc runs the image's training load as root here: run this as root (or build with Docker: see Dockerfile)"
version=$(unzip -p "$jar" META-INF/MANIFEST.MF | sed -n 's/^Implementation-Version: *//p' | tr -d '\r')
[[ -n $version ]] || fail "$jar has no Implementation-Version in its manifest: is it Rowlift's jar?"
tag=rowlift:$version

stamp=$( { sha256sum "$jar" "${BASH_SOURCE[0]}" "$root"/src/image/train/*.csv "$root"/src/image/train/db/sqlite/*; "${jdk_bin}java" -version 2>&1; echo "$modules"; } | sha256sum | cut -c1-16)
if [[ -f $out && -f $work/stamp && $(cat "$work/stamp") == "$stamp" ]]; then
    echo "rowlift image: $out is up to date ($tag)"
    exit 0
fi
rm -rf "$work" "$out"
mkdir -p "$work"
start=$SECONDS

# the runtime: jlink takes a minute or more, so one made by the same JDK with the same modules is kept
runtime=$(dirname "$out")/image-runtime/$( { "${jdk_bin}java" -version 2>&1; echo "$modules"; } | sha256sum | cut -c1-16)
if [[ ! -d $runtime ]]; then
    echo "rowlift image: the runtime (jlink ${modules//,/ })"
    rm -rf "$(dirname "$runtime")"
    "${jdk_bin}jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages --compress=2 \
        --generate-cds-archive --output "$runtime.tmp" >/dev/null
    # a server never draws: the AWT, font, image and sound libraries would pull in X11, freetype and more
    rm -f "$runtime".tmp/lib/lib{awt,awt_headless,awt_xawt,fontmanager,jawt,javajpeg,jsound,lcms,mlib_image,splashscreen}.so
    mv "$runtime.tmp" "$runtime"
fi
base=$work/base
mkdir -p "$base/opt"
cp -a "$runtime" "$base/opt/java"

echo "rowlift image: the jar, unpacked"
app=$work/app
"${jdk_bin}java" -Djarmode=tools -jar "$jar" extract --destination "$app" >/dev/null
mkdir -p "$app/ext"

# the shared libraries the runtime and the native code in Rowlift's jars (SQLite, zstd, rowlift_rows) link to,
# copied from this machine with their paths (Debian 12: glibc 2.36, which has the files and dns lookups in libc)
natives=$work/natives
mkdir -p "$natives"
for j in "$jar" "$app"/lib/*.jar; do
    unzip -qq -o -d "$natives/$(basename "$j")" "$j" '*.so' 2>/dev/null || true
done
mapfile -t objects < <(find "$base/opt/java" "$natives" -name '*.so' -o -path '*/bin/*' -type f)
for lib in $(for o in "${objects[@]}"; do
        # libraries for other systems (musl, aarch64, ...) in the jars: ldd refuses them, they are not loaded here
        ldd "$o" 2>/dev/null | grep -o '/[^ ]*\.so[^ ]*' || true
    done | grep -v "^$work" | sort -u); do
    mkdir -p "$base$(dirname "$lib")"
    cp -L "$lib" "$base$lib"
done
rm -rf "$natives"

mkdir -p "$base"/{etc,tmp,data,home/rowlift,proc,sys,dev,usr/bin}
chmod 1777 "$base/tmp"
chown 10001:10001 "$base/data" "$base/home/rowlift"
ln -s /opt/java/bin/java "$base/usr/bin/java"
printf 'root:x:0:0:root:/root:/sbin/nologin\nrowlift:x:10001:10001:rowlift:/home/rowlift:/sbin/nologin\n' >"$base/etc/passwd"
printf 'root:x:0:\nrowlift:x:10001:\n' >"$base/etc/group"
printf 'passwd: files\ngroup: files\nhosts: files dns\n' >"$base/etc/nsswitch.conf"
# a runtime that mounts none (runc as the test runs it) still resolves localhost
printf '127.0.0.1 localhost\n::1 localhost\n' >"$base/etc/hosts"

echo "rowlift image: the layers (umoci)"
layout=$work/oci
umoci init --layout "$layout"
umoci new --image "$layout:$version"
umoci insert --image "$layout:$version" --history.created_by 'jlinked Java runtime, glibc, user rowlift' "$base" /
umoci insert --image "$layout:$version" --history.created_by 'dependencies (/app/lib)' "$app/lib" /app/lib
umoci insert --image "$layout:$version" --history.created_by 'Rowlift (/app/rowlift.jar)' "$app/rowlift.jar" /app/rowlift.jar
umoci insert --image "$layout:$version" --history.created_by 'extensions (/app/ext)' "$app/ext" /app/ext
config() { # the image's settings; the entrypoint is given by the caller
    umoci config --image "$layout:$version" --os linux --architecture amd64 \
        --config.user 10001:10001 --config.workingdir /data \
        --config.env JAVA_HOME=/opt/java --config.env PATH=/opt/java/bin:/usr/bin:/bin --config.env LANG=C.UTF-8 \
        --config.exposedports 8081/tcp --config.label "org.opencontainers.image.title=Rowlift" \
        --config.label "org.opencontainers.image.version=$version" --clear=config.cmd "$@"
}
entry=()
for a in /opt/java/bin/java "${cds_opts[@]}" "${jvm_opts[@]}" "$main"; do entry+=(--config.entrypoint "$a"); done
config --clear=config.entrypoint "${entry[@]}" --history.created_by 'settings'

echo "rowlift image: the start cache (a training load in the image, by runc)"
bundle=$work/bundle
train=$work/train
umoci unpack --image "$layout:$version" "$bundle" >/dev/null
# bin/rowlift's training load (3 rows, an index), shared with the Dockerfile
cp -r "$root/src/image/train" "$train"
chown -R 10001:10001 "$train"
# the image's own command, with the archive written at exit instead of read; the training folder at /data
args=(/opt/java/bin/java -XX:ArchiveClassesAtExit=/data/rowlift.jsa "${jvm_opts[@]}" "$main"
    --spring.datasource.url=jdbc:sqlite:/data/train.db "--spring.flyway.locations=filesystem:/data/db/{vendor}"
    --rowlift.source.path=/data/train.csv --rowlift.target.table=train)
# (jq 1.6 takes no argument that starts with - as a string: the command goes in as a JSON array)
jq --arg train "$train" --argjson args "$(printf '%s\n' "${args[@]}" | jq -R . | jq -s .)" \
    '.process.args = $args | .process.terminal = false
    | .mounts += [{destination: "/data", type: "bind", source: $train, options: ["rbind", "rw"]}]' \
    <"$bundle/config.json" >"$work/config.json"
mv "$work/config.json" "$bundle/config.json"
id=rowlift-image-train-$$
if ! runc run --bundle "$bundle" "$id" >"$work/train.log" 2>&1 </dev/null || [[ ! -s $train/rowlift.jsa ]]; then
    runc delete --force "$id" >/dev/null 2>&1 || true
    fail "the training load in the image failed, so the image would start without its class cache: see $work/train.log"
fi
runc delete --force "$id" >/dev/null 2>&1 || true
chown 0:0 "$train/rowlift.jsa"
chmod 0444 "$train/rowlift.jsa"
umoci insert --image "$layout:$version" --history.created_by 'class-data sharing archive (/app/rowlift.jsa)' \
    "$train/rowlift.jsa" /app/rowlift.jsa
umoci gc --layout "$layout"

skopeo copy --quiet "oci:$layout:$version" "docker-archive:$out:$tag"
echo "$stamp" >"$work/stamp"
rm -rf "$bundle" "$train" "$base" "$app"
echo "rowlift image: $out ($tag, $(du -m "$out" | cut -f1) MB) in $((SECONDS - start)) s"
