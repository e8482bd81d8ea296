#!/usr/bin/env bash
# Installs what npm cannot: Debian's Chromium (Playwright), PostgreSQL (API tests on a real server),
# Redis (fan-out and rate limits across instances) and nginx (the load balancer of `npm run cluster`
# and the soak test).
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1 || missing+=(nginx)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing system packages: ${missing[*]}. Install them (apt-get install ${missing[*]}) or run as root." >&2
  exit 1
fi
echo "Installing ${missing[*]} from Debian…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
