#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL cluster on loopback.
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed (scripts/system-deps.sh installs it)." >&2; exit 1; }

dir=$(mktemp -d /tmp/bima-pg-XXXXXX)
port=$(( 20000 + RANDOM % 20000 ))
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres:postgres "$dir" 2>/dev/null || { id postgres >/dev/null 2>&1 || useradd -r postgres; chown postgres:postgres "$dir"; }
  as_owner=(runuser -u postgres --)
fi

cleanup() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --no-sync -E UTF8 >/dev/null
"${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
"$@"
