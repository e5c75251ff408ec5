#!/usr/bin/env bash
# Starts the loopback services the tests use (PostgreSQL 5432, Redis 6379, RabbitMQ 5672) when they are down,
# and installs Debian's Chromium (browser tests) when it is missing.
set -u
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
wait_for() { # name port seconds
  for _ in $(seq 1 "$3"); do port_open "$2" && return 0; sleep 1; done
  echo "$1 did not come up on port $2" >&2; return 1
}
status=0
if ! port_open 5432; then
  echo "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
  wait_for PostgreSQL 5432 30 || status=1
fi
if ! port_open 6379; then
  echo "starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no || true
  wait_for Redis 6379 15 || status=1
fi
if ! port_open 5672; then
  echo "starting RabbitMQ"
  rabbitmq-server -detached || true
  wait_for RabbitMQ 5672 60 || status=1
fi
if ! command -v chromium >/dev/null 2>&1 && [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "installing Chromium (browser tests, PDFs)"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) || status=1
fi
exit $status
