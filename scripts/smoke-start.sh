#!/usr/bin/env bash
# Proves the Quick start on this checkout: `npm start` serves the app and the demo data,
# SIGTERM stops it with exit code 0, and a restart finds the same data.
set -euo pipefail
port=${PORT:-3000}
data=$(mktemp -d)
log=$(mktemp)
trap 'rm -rf "$data" "$log"' EXIT

wait_healthy() {
  for _ in $(seq 1 240); do
    curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && return 0
    kill -0 "$1" 2>/dev/null || { echo "smoke: the server exited early"; tail -n 40 "$log"; return 1; }
    sleep 0.5
  done
  echo "smoke: no healthy answer in 120 s"; tail -n 40 "$log"; return 1
}

stop_cleanly() {
  kill -TERM "$1"
  local code=0
  wait "$1" || code=$?
  [ "$code" = 0 ] || { echo "smoke: SIGTERM exit code $code (expected 0)"; tail -n 40 "$log"; return 1; }
}

featured() { curl -fsS "http://127.0.0.1:$port/api/listings/featured" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const r=JSON.parse(s).results;console.log(r.length+" "+r.map(x=>x.id).join(","))})'; }

DATA_DIR="$data" PORT="$port" npm start >"$log" 2>&1 &
pid=$!
wait_healthy $pid
page=$(curl -fsS "http://127.0.0.1:$port/")
echo "$page" | grep -q '<div id="root">' || { echo "smoke: / did not serve the app"; exit 1; }
first=$(featured)
[ "${first%% *}" -gt 0 ] || { echo "smoke: no demo listings after the first start"; exit 1; }
stop_cleanly $pid

# The restart skips the build: the same bundle, the same data directory.
DATA_DIR="$data" PORT="$port" node dist/server/main.js >"$log" 2>&1 &
pid=$!
wait_healthy $pid
second=$(featured)
stop_cleanly $pid
[ "$first" = "$second" ] || { echo "smoke: the data changed across a restart"; exit 1; }
echo "smoke: npm start served ${first%% *} featured listings, stopped with exit 0, restarted with the same data"
