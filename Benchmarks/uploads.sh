#!/usr/bin/env bash
# Memory under large uploads: CLIENTS (16) parallel uploads of MIB (60) MiB each through
# `kitchen record` to a sink upstream (`kitchen-bench upload-sink`), and the recorder's peak
# resident memory while relaying them (VmHWM from /proc). The recorder is then killed rather
# than stopped: turning a gigabyte of journal into a HAR is not what this measures.
# Run alone: Benchmarks/uploads.sh [KITCHEN] [KITCHEN-BENCH]   (release builds by default;
# UPLOAD_KIND=json sends one JSON array of small readings instead of binary)
set -uo pipefail
cd "$(dirname "$0")/.."
KITCHEN=${1:-.build/release/kitchen}
BENCH=${2:-.build/release/kitchen-bench}
CLIENTS=${UPLOAD_CLIENTS:-16}
MIB=${UPLOAD_MIB:-60}
WORK=$(mktemp -d)
trap 'for pid in $(cat "$WORK"/*.pid 2>/dev/null); do kill -9 "$pid" 2>/dev/null; done; rm -rf "$WORK"' EXIT
source Benchmarks/start.sh

SINK=$(start upload-sink "$BENCH" upload-sink)
PROXY=$(start record-upload "$KITCHEN" record --upstream "http://127.0.0.1:$SINK" --port 0 --out "$WORK/upload.har")
RECORDER=$(cat "$WORK/record-upload.pid")
BEFORE=$(awk '/VmHWM/ {print $2}' "/proc/$RECORDER/status")
RESULT=$("$BENCH" uploads "$PROXY" "$CLIENTS" "$MIB" ${UPLOAD_KIND:-binary})
PEAK=$(awk '/VmHWM/ {print $2}' "/proc/$RECORDER/status")
JOURNAL=$(du -m "$WORK/upload.har.journal" 2>/dev/null | cut -f1)
printf "%-52s %-28s %s\n" "proxy, $CLIENTS parallel ${MIB} MiB ${UPLOAD_KIND:-binary} uploads: peak RSS" "$(( PEAK / 1024 )) MiB (idle $(( BEFORE / 1024 )) MiB)" "bounded, not ~ uploads x size"
printf "%-52s %-28s %s\n" "proxy, $CLIENTS parallel ${MIB} MiB ${UPLOAD_KIND:-binary} uploads: done" "$(awk '/uploads-ok/ {print $2, $3, $4}' <<< "$RESULT") in $(awk '/uploads-seconds/ {print $2}' <<< "$RESULT") s ($(awk '/uploads-mib-per-second/ {print $2}' <<< "$RESULT") MiB/s), journal ${JOURNAL:-?} MiB" ""
