#!/usr/bin/env bash
# A one-node Ceph cluster with its RADOS Gateway: a real S3-compatible server for the file store's
# tests and for trying FILE_STORE=s3 on one machine. Everything lives under DIR (the objects in
# memory: memstore), nothing is installed as a service, and `stop` leaves no process or file.
#
#   scripts/ceph-rgw.sh start DIR [MON_PORT] [RGW_PORT]   prints S3_* lines for the app (or `export` them)
#   scripts/ceph-rgw.sh stop DIR
#
# The access keys and the bucket come from S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_BUCKET when
# set. Ceph's Debian packages are installed when missing (needs root, as the daemons do here).
# Progress goes to stderr; stdout carries only the variables, so `eval "$(… start …)"` works.
set -euo pipefail

usage() {
  echo "usage: $0 start DIR [MON_PORT] [RGW_PORT] | stop DIR" >&2
  exit 2
}
say() { echo "ceph-rgw: $*" >&2; }

command=${1:-}
dir=${2:-}
[ -n "$command" ] && [ -n "$dir" ] || usage

# The daemons' pid files, written by each under DIR/run. The cluster's objects live in memory and
# go with it, so a daemon that does not end within a second of SIGTERM is killed (an OSD whose
# monitor went first waits for it for a long while).
stop_cluster() {
  local run="$1/run" pid pidfile pids=()
  [ -d "$run" ] || return 0
  for pidfile in "$run"/*.pid; do
    [ -e "$pidfile" ] || continue
    pid=$(cat "$pidfile" 2>/dev/null || true)
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      kill "$pid" 2>/dev/null || true
      pids+=("$pid")
    fi
  done
  for _ in $(seq 1 10); do
    local alive=()
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive+=("$pid"); done
    [ ${#alive[@]} -eq 0 ] && return 0
    sleep 0.1
  done
  for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 1 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
  done
}

case "$command" in
stop)
  stop_cluster "$dir"
  rm -rf "$dir"
  exit 0
  ;;
start) ;;
*) usage ;;
esac

mon_port=${3:-6879}
rgw_port=${4:-7480}
access_key=${S3_ACCESS_KEY_ID:-pjt-test-access}
secret_key=${S3_SECRET_ACCESS_KEY:-pjt-test-secret-key-0123456789}
bucket=${S3_BUCKET:-pjt-files}
started=$(date +%s.%N)
elapsed() { awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

# The packages, once: CI calls this on a fresh machine.
need=()
for pair in ceph-mon:ceph-mon ceph-osd:ceph-osd ceph-mgr:ceph-mgr radosgw:radosgw curl:curl; do
  command -v "${pair%%:*}" >/dev/null || need+=("${pair#*:}")
done
if [ ${#need[@]} -gt 0 ]; then
  say "installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  { apt-get install -y -qq --no-install-recommends "${need[@]}" || { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${need[@]}"; }; } >/dev/null
fi

# A cluster left by an earlier start in the same place goes first.
stop_cluster "$dir"
rm -rf "$dir"
mkdir -p "$dir"/{run,log,mon,osd,mgr,rgw}
dir=$(cd "$dir" && pwd)
conf="$dir/ceph.conf"
fsid=$(cat /proc/sys/kernel/random/uuid)

# No cephx (auth none) and one copy of everything kept in memory: a test cluster, never a real one.
cat >"$conf" <<EOF
[global]
fsid = $fsid
mon host = [v2:127.0.0.1:$mon_port]
public addr = 127.0.0.1
ms bind ipv6 = false
auth cluster required = none
auth service required = none
auth client required = none
auth allow insecure global id reclaim = true
osd objectstore = memstore
memstore device bytes = 2147483648
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon allow pool delete = true
mon warn on pool no redundancy = false
# A test cluster changes its maps as fast as asked (the gateway makes its pools one map at a time).
paxos propose interval = 0.05
paxos min wait = 0.01
run dir = $dir/run
pid file = $dir/run/\$name.pid
admin socket = $dir/run/\$name.asok
log file = $dir/log/\$name.log
mon data = $dir/mon/\$id
osd data = $dir/osd/\$id
mgr data = $dir/mgr/\$id
osd journal = $dir/osd/\$id/journal
[client.rgw.x]
rgw frontends = beast endpoint=127.0.0.1:$rgw_port
rgw data = $dir/rgw
rgw dns name = 127.0.0.1
EOF

ceph=(ceph -c "$conf" --connect-timeout 15)
fail() {
  say "$1; the daemons' logs:"
  tail -n 20 "$dir"/log/*.log >&2 || true
  stop_cluster "$dir"
  exit 1
}

# The monitor: a map of its own naming it `a` on our port (a generated one would call it noname-a and abort off port 3300).
monmaptool --create --addv a "[v2:127.0.0.1:$mon_port]" --fsid "$fsid" "$dir/monmap" >/dev/null
ceph-mon -c "$conf" -i a --mkfs --monmap "$dir/monmap" >/dev/null 2>&1 || fail "the monitor's store could not be made"
ceph-mon -c "$conf" -i a --public-addrv "[v2:127.0.0.1:$mon_port]" || fail "the monitor did not start"

# One OSD on the memory store, straight under the default root.
osd=$("${ceph[@]}" osd create) || fail "the monitor did not answer"
mkdir -p "$dir/osd/$osd"
"${ceph[@]}" osd crush add "osd.$osd" 1 root=default >/dev/null 2>&1 || fail "the OSD could not be placed"
ceph-osd -c "$conf" -i "$osd" --mkfs >/dev/null 2>&1 || fail "the OSD's store could not be made"
ceph-osd -c "$conf" -i "$osd" >/dev/null 2>&1 || fail "the OSD did not start"
mkdir -p "$dir/mgr/x"
ceph-mgr -c "$conf" -i x >/dev/null 2>&1 || fail "the manager did not start"

# Without the three crc modes the gateway never authenticates to a cluster without cephx.
radosgw -c "$conf" -n client.rgw.x --ms-mon-client-mode crc --ms-client-mode crc --ms-mon-service-mode crc >/dev/null 2>&1 ||
  fail "the RADOS Gateway did not start"

# The gateway answers once its pools exist; anonymous ListBuckets answers 200.
endpoint="http://127.0.0.1:$rgw_port"
for _ in $(seq 1 240); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$endpoint/" || true)" = 200 ] && break
  sleep 0.25
done
[ "$(curl -s -o /dev/null -w '%{http_code}' "$endpoint/" || true)" = 200 ] || fail "the RADOS Gateway did not answer on $endpoint"

radosgw-admin -c "$conf" -n client.rgw.x --ms-mon-client-mode crc --ms-client-mode crc --ms-mon-service-mode crc \
  user create --uid pjt --display-name "Print Junction Trade" --access-key "$access_key" --secret-key "$secret_key" >/dev/null 2>&1 ||
  fail "the S3 user could not be made"

# The bucket, with the user's own signature (curl signs AWS Signature V4; the gateway wants the
# payload's hash too, here an empty body's); 409 means it is there already.
empty_sha256=e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
for _ in $(seq 1 40); do
  code=$(curl -s -o /dev/null -w '%{http_code}' -X PUT -H "x-amz-content-sha256: $empty_sha256" --aws-sigv4 "aws:amz:us-east-1:s3" --user "$access_key:$secret_key" "$endpoint/$bucket" || true)
  case "$code" in 200 | 409) break ;; esac
  sleep 0.25
done
case "$code" in 200 | 409) ;; *) fail "the bucket $bucket could not be made (HTTP $code)" ;; esac

say "S3 answered at $endpoint after $(elapsed) s"
cat <<EOF
S3_ENDPOINT=$endpoint
S3_REGION=us-east-1
S3_BUCKET=$bucket
S3_ACCESS_KEY_ID=$access_key
S3_SECRET_ACCESS_KEY=$secret_key
S3_FORCE_PATH_STYLE=true
EOF
