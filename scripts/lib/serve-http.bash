# Sourced by the scripts that run `memdir serve --http` (from the repository root); they set $work first.
# start_server LABEL COMMAND...: runs COMMAND (a `serve --http` line, an `env NAME=VALUE` prefix allowed) in the
# background, its stderr in $work/serve.err, and waits for the URL it prints: sets server_pid and url. A server that
# exits, or prints no URL within 30 s, fails the script with its stderr and "LABEL: FAILED: ...".
# stop_server: stops it and waits for it to exit (before anything removes what it writes); again does nothing.
start_server() {
  local label=$1
  shift
  "$@" 2>"$work/serve.err" &
  server_pid=$!
  url=
  for _ in $(seq 1 300); do
    url=$(sed -n 's/^memdir: serving \(https\{0,1\}:[^ ]*\)$/\1/p' "$work/serve.err" | head -1)
    [[ -n "$url" ]] && return 0
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  cat "$work/serve.err" >&2
  echo "$label: FAILED: memdir serve --http did not start" >&2
  exit 1
}

stop_server() {
  if [[ -n "${server_pid:-}" ]]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=
  fi
}
