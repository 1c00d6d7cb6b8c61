#!/usr/bin/env bash
# Time and peak memory (/usr/bin/time -v) of `knobs explain` beside `gsettings get` on hostile
# dconf input: the crafted 250 MB database (one hash table spanning the file), a 2 GB sparse
# profile, and a FIFO and /dev/zero as the profile (gsettings is not run on those: it would wait
# or read forever). Each pair is run REPEAT times in turn; every run is printed.
#   KNOBS_BIN=.build/release/knobs KNOBS_SCHEMA_DIR=.build/release/schemas bench/explain-hostile.sh
set -euo pipefail
knobs=${KNOBS_BIN:?KNOBS_BIN names the knobs to measure}
repeat=${REPEAT:-3}
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/home/.config" "$root/runtime" "$root/site.d/locks"
chmod 700 "$root/runtime"
printf '[org/gnome/desktop/interface]\ncursor-size=42\n' >"$root/site.d/00"
dconf compile "$root/site.db" "$root/site.d"
python3 - "$root/huge.db" <<'EOF'
import struct, sys
# One table over 250 MB: 1 Bloom word of 0 (it refuses every name, so dconf's lookups end at
# once), 1 bucket, about 10.9 million zero items. Sparse: made in no time.
count = (250 * 1024 * 1024 - 24 - 16) // 24
end = 24 + 16 + count * 24
with open(sys.argv[1], "wb") as out:
    out.write(b"GVariant" + struct.pack("<IIII", 0, 0, 24, end) + struct.pack("<IIII", 1, 1, 0, 0))
    out.truncate(end)
EOF
printf 'user-db:user\nfile-db:%s/huge.db\nfile-db:%s/site.db\n' "$root" "$root" >"$root/huge.profile"
printf 'user-db:user\nfile-db:%s/site.db\n' "$root" >"$root/big.profile"
truncate -s 2G "$root/big.profile"
mkfifo "$root/fifo"
export HOME=$root/home XDG_CONFIG_HOME=$root/home/.config XDG_RUNTIME_DIR=$root/runtime LANG=C.UTF-8
export GSETTINGS_BACKEND=dconf DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent
[[ -n ${KNOBS_SCHEMA_DIR:-} ]] && export GSETTINGS_SCHEMA_DIR=$KNOBS_SCHEMA_DIR

measure() { # NAME COMMAND...: elapsed seconds, peak KB, first line of output
  local name=$1 status=0
  shift
  timeout 60 /usr/bin/time -v "$@" >"$root/out" 2>"$root/time" || status=$?
  if [[ $status -eq 137 || $status -eq 124 ]]; then
    printf '%-34s did not finish in 60 s\n' "$name"
    return
  fi
  printf '%-34s %6.2f s %8d KB  %s\n' "$name" \
    "$(awk -F': ' '/Elapsed/ {split($2, t, ":"); print t[1] * 60 + t[2]}' "$root/time")" \
    "$(awk -F': ' '/Maximum resident/ {print $2}' "$root/time")" "$(head -c 300 "$root/out" | tr '\n' ' ' | cut -c1-60)"
}

key=schema/org.gnome.desktop.interface/cursor-size
for profile in huge big; do
  export DCONF_PROFILE=$root/$profile.profile
  for _ in $(seq "$repeat"); do
    measure "gsettings get ($profile)" gsettings get org.gnome.desktop.interface cursor-size
    measure "knobs explain ($profile)" "$knobs" explain --json "$key"
  done
done
for profile in "$root/fifo" /dev/zero; do
  export DCONF_PROFILE=$profile
  measure "knobs explain ($profile)" "$knobs" explain "$key"
done
