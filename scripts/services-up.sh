#!/usr/bin/env bash
# Brings up the loopback services the tests use, on a bare machine as on one where they already run:
#   PostgreSQL 15 on 5432 (trust authentication on loopback TCP and the local socket, user postgres),
#   Redis on 6379, RabbitMQ on 5672 (guest/guest), FerretDB (MongoDB's wire protocol) on FERRETDB_PORT (27017,
#   its PostgreSQL backend in the database `ferretdb`), and Debian's Chromium at /usr/bin/chromium
#   with its headless shell (package chromium-headless-shell) at /usr/lib/chromium/chromium-headless-shell.
# Installs from Debian's packages what is missing (one `apt-get update`, only when something is missing), builds
# FerretDB with `go install` when its binary is missing (cached in FERRETDB_BIN_DIR), starts each service that is
# down, waits until each answers and prints one line per service. A second run installs nothing and changes nothing.
# A service that cannot start fails the script with the last lines of its log. Needs root (or sudo) only to install.
set -uo pipefail

FERRETDB_VERSION=v1.24.2
ROOT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
FERRETDB_PORT=${FERRETDB_PORT:-27017}
FERRETDB_BIN_DIR=${FERRETDB_BIN_DIR:-${HOME:-/root}/.cache/user-office/bin}
FERRETDB_LOG=${FERRETDB_LOG:-/tmp/user-office-ferretdb.log}
REDIS_LOG=/tmp/user-office-redis.log
export DEBIAN_FRONTEND=noninteractive

started_at=$(date +%s)
status=0
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
say() { printf '%-11s %s\n' "$1" "$2"; }
fail() { # name log-file message
  say "$1" "FAILED: $3"
  if [ -n "$2" ] && [ -r "$2" ]; then echo "--- last lines of $2:"; tail -n 25 "$2"; echo "---"; fi
  status=1
}
wait_port() { # port seconds
  for _ in $(seq 1 "$(($2 * 4))"); do port_open "$1" && return 0; sleep 0.25; done
  return 1
}

# ---- packages: only what is missing, with one apt-get update ---------------------------------------------------
missing=()
[ -x /usr/lib/postgresql/15/bin/postgres ] || missing+=(postgresql-15 postgresql-client-15)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v rabbitmq-server >/dev/null 2>&1 || missing+=(rabbitmq-server)
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
# Chromium's old headless mode, from the same source: the browser tests and the PDFs use it where installed (less CPU)
[ -x /usr/lib/chromium/chromium-headless-shell ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -gt 0 ]; then
  say packages "installing ${missing[*]}"
  # no init system here: a package's postinst must not try to start its service (we start them below)
  policy=/usr/sbin/policy-rc.d
  had_policy=0
  [ -e $policy ] && had_policy=1
  if [ $had_policy = 0 ]; then printf '#!/bin/sh\nexit 101\n' | as_root tee $policy >/dev/null && as_root chmod +x $policy; fi
  apt_log=/tmp/user-office-apt.log
  if ! { as_root apt-get update -qq && as_root apt-get install -y -qq --no-install-recommends \
    -o Dpkg::Options::=--force-confold "${missing[@]}"; } >"$apt_log" 2>&1; then
    fail packages "$apt_log" "apt-get could not install ${missing[*]}"
  fi
  [ $had_policy = 1 ] || as_root rm -f $policy
fi

# ---- PostgreSQL 15 ---------------------------------------------------------------------------------------------
pg_up() {
  local conf=/etc/postgresql/15/main hba
  if [ ! -x /usr/lib/postgresql/15/bin/postgres ]; then fail PostgreSQL "" "not installed"; return; fi
  if [ ! -d $conf ]; then as_root pg_createcluster 15 main >/dev/null || { fail PostgreSQL "" "pg_createcluster failed"; return; }; fi
  hba=$(printf '%s\n' \
    '# written by scripts/services-up.sh: trust on the local socket and loopback TCP (tests and development only)' \
    'local   all             all                                     trust' \
    'host    all             all             127.0.0.1/32            trust' \
    'host    all             all             ::1/128                 trust' \
    'local   replication     all                                     trust' \
    'host    replication     all             127.0.0.1/32            trust' \
    'host    replication     all             ::1/128                 trust')
  local changed=0
  if [ "$(cat $conf/pg_hba.conf 2>/dev/null)" != "$hba" ]; then
    printf '%s\n' "$hba" | as_root tee $conf/pg_hba.conf >/dev/null
    changed=1
  fi
  # the tests open many connections at once (two jest workers, each an app with its pools)
  local tuning=$conf/conf.d/user-office.conf
  local want=$'max_connections = 400\nlisten_addresses = \'127.0.0.1,::1\''
  if [ "$(cat $tuning 2>/dev/null)" != "$want" ]; then
    printf '%s\n' "$want" | as_root tee $tuning >/dev/null
    changed=2
  fi
  # a development and test server: no fsync (UO_PG_FSYNC=on keeps it). A crash of PostgreSQL loses nothing (its WAL
  # is written to the OS at each commit); only a crash of the machine itself could. Without it DROP DATABASE's
  # checkpoint took 3–7 s a test file under load (0.3–0.8 s without), and every commit waited on the disk.
  local durability=$conf/conf.d/user-office-durability.conf
  local fsync=off
  [ "${UO_PG_FSYNC:-off}" = on ] && fsync=on
  local want_durability="fsync = $fsync"
  if [ "$(cat $durability 2>/dev/null)" != "$want_durability" ]; then
    printf '%s\n' "$want_durability" | as_root tee $durability >/dev/null
    [ $changed = 0 ] && changed=1
  fi
  local log=/var/log/postgresql/postgresql-15-main.log
  if port_open 5432; then
    if [ $changed = 2 ]; then
      as_root pg_ctlcluster --skip-systemctl-redirect 15 main restart >/dev/null 2>&1 || { fail PostgreSQL "$log" "restart failed"; return; }
    elif [ $changed = 1 ]; then
      as_root pg_ctlcluster --skip-systemctl-redirect 15 main reload >/dev/null 2>&1
    fi
    wait_port 5432 30 || { fail PostgreSQL "$log" "did not answer on 5432"; return; }
    say PostgreSQL "running on 5432$([ $changed != 0 ] && echo ' (configuration updated)')"
    return
  fi
  as_root pg_ctlcluster --skip-systemctl-redirect 15 main start >/dev/null 2>&1
  if wait_port 5432 30 && psql -h 127.0.0.1 -U postgres -Atc 'select 1' >/dev/null 2>&1; then
    say PostgreSQL "started on 5432"
  else
    fail PostgreSQL "$log" "did not start on 5432"
  fi
}

# ---- Redis -----------------------------------------------------------------------------------------------------
redis_up() {
  if port_open 6379; then say Redis "running on 6379"; return; fi
  command -v redis-server >/dev/null 2>&1 || { fail Redis "" "not installed"; return; }
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --logfile "$REDIS_LOG" >/dev/null 2>&1
  if wait_port 6379 15; then say Redis "started on 6379"; else fail Redis "$REDIS_LOG" "did not start on 6379"; fi
}

# ---- RabbitMQ --------------------------------------------------------------------------------------------------
rabbit_up() {
  if port_open 5672; then say RabbitMQ "running on 5672"; return; fi
  command -v rabbitmq-server >/dev/null 2>&1 || { fail RabbitMQ "" "not installed"; return; }
  as_root mkdir -p /var/log/rabbitmq /var/lib/rabbitmq
  if id rabbitmq >/dev/null 2>&1; then as_root chown -R rabbitmq:rabbitmq /var/log/rabbitmq /var/lib/rabbitmq; fi
  as_root rabbitmq-server -detached >/dev/null 2>&1
  if wait_port 5672 90; then
    say RabbitMQ "started on 5672"
  else
    fail RabbitMQ "$(ls -t /var/log/rabbitmq/*.log 2>/dev/null | head -1)" "did not start on 5672"
  fi
}

# ---- FerretDB (MongoDB wire protocol over PostgreSQL) ----------------------------------------------------------
# whether FerretDB answers a ping within 15 s (with the project's mongodb driver once installed; before that, its
# open port is taken for an answer): a FerretDB whose backend pool is stuck keeps its port open and answers nothing
ferret_answers() {
  [ -d "$ROOT_DIR/node_modules/mongodb" ] || return 0
  (cd "$ROOT_DIR" && timeout 15 node -e '
    const { MongoClient } = require("mongodb");
    const c = new MongoClient(process.argv[1], { serverSelectionTimeoutMS: 10000 });
    c.db("admin").command({ ping: 1 }).then(() => process.exit(0), () => process.exit(1));
  ' "mongodb://127.0.0.1:$FERRETDB_PORT/") >/dev/null 2>&1
}

ferret_up() {
  local bin=$FERRETDB_BIN_DIR/ferretdb
  if port_open "$FERRETDB_PORT"; then
    if ferret_answers; then say FerretDB "running on $FERRETDB_PORT"; return; fi
    say FerretDB "open on $FERRETDB_PORT but answering nothing: restarted"
    pkill -f -- "--listen-addr=127.0.0.1:$FERRETDB_PORT" 2>/dev/null || true
    for _ in $(seq 1 40); do port_open "$FERRETDB_PORT" || break; sleep 0.25; done
  fi
  if [ ! -x "$bin" ] || ! "$bin" --version 2>/dev/null | grep -q "${FERRETDB_VERSION#v}"; then
    command -v go >/dev/null 2>&1 || PATH=$PATH:/usr/local/go/bin
    command -v go >/dev/null 2>&1 || { fail FerretDB "" "Go is not installed (needed to build FerretDB)"; return; }
    mkdir -p "$FERRETDB_BIN_DIR"
    local t0 build_log=/tmp/user-office-ferretdb-build.log
    t0=$(date +%s)
    say FerretDB "building $FERRETDB_VERSION from the Go module proxy (the first time only: about 1–2 minutes)"
    # `go install …@version` builds a binary that panics at start (its build/version/version.txt is generated by
    # FerretDB's own release task): build the same module's source with that file written
    local src
    if ! src=$(cd /tmp && GOFLAGS=-mod=mod go mod download -json "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" 2>"$build_log" |
      sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p') || [ -z "$src" ]; then
      fail FerretDB "$build_log" "go mod download failed"
      return
    fi
    local work
    work=$(mktemp -d)
    cp -r "$src/." "$work" && chmod -R u+w "$work" && echo "$FERRETDB_VERSION" >"$work/build/version/version.txt"
    if ! (cd "$work" && go build -trimpath -o "$bin" ./cmd/ferretdb) >>"$build_log" 2>&1; then
      rm -rf "$work"
      fail FerretDB "$build_log" "go build failed"
      return
    fi
    rm -rf "$work"
    say FerretDB "built in $(($(date +%s) - t0)) s"
  fi
  port_open 5432 || { fail FerretDB "" "needs PostgreSQL (its backend), which is down"; return; }
  psql -h 127.0.0.1 -U postgres -Atc "select 1 from pg_database where datname = 'ferretdb'" 2>/dev/null | grep -q 1 ||
    psql -h 127.0.0.1 -U postgres -qc 'create database ferretdb' >/dev/null 2>&1
  nohup "$bin" --listen-addr="127.0.0.1:$FERRETDB_PORT" --handler=postgresql \
    --postgresql-url="postgres://postgres@127.0.0.1:5432/ferretdb" --telemetry=disable \
    --state-dir="$FERRETDB_BIN_DIR/state" --log-level=warn --debug-addr=- >"$FERRETDB_LOG" 2>&1 &
  disown || true
  if wait_port "$FERRETDB_PORT" 30; then
    say FerretDB "started on $FERRETDB_PORT"
  else
    fail FerretDB "$FERRETDB_LOG" "did not start on $FERRETDB_PORT"
  fi
}

pg_up
redis_up
rabbit_up
ferret_up
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  say Chromium "installed at ${CHROMIUM_PATH:-/usr/bin/chromium}$([ -x /usr/lib/chromium/chromium-headless-shell ] && echo ', headless shell at /usr/lib/chromium/chromium-headless-shell')"
else
  fail Chromium "" "not installed"
fi
say done "in $(($(date +%s) - started_at)) s$([ $status = 0 ] || echo ', with failures')"
exit $status
