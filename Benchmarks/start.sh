# Sourced by the benchmark scripts. start NAME COMMAND…: runs the command in the background
# with its output in $WORK/NAME.log and its pid in $WORK/NAME.pid (start() runs inside $(...),
# a subshell, so the caller's trap stops it by that pid), and echoes the port it announces.
start() {
  local name=$1; shift
  "$@" > "$WORK/$name.log" 2>&1 &
  echo $! > "$WORK/$name.pid"
  for _ in $(seq 100); do
    port=$(grep -oE 'http://127\.0\.0\.1:[0-9]+' "$WORK/$name.log" | head -1 | sed 's/.*://')
    [ -n "$port" ] && { echo "$port"; return; }
    sleep 0.05
  done
  echo "could not start $name: $(cat "$WORK/$name.log")" >&2; exit 2
}
