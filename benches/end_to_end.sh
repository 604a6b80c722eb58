#!/usr/bin/env bash
# The end-to-end measurement: private Dovecot + Postfix on loopback
# (tests/mailserver.sh, installs them if missing; run as root), the floor
# and the daemon on the same mails, the ratio printed. E2E_MAILS sets the
# number of mails (default 2000), E2E_RUNS the rounds (default 1; the
# median ratios are printed).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(mktemp -d /tmp/mailarbiter-e2e.XXXXXX)
chmod 755 "$root"
# E2E_KEEP=1 keeps the servers' folder (their logs) as well as the daemon's
trap 'bash tests/mailserver.sh stop "$root" >/dev/null 2>&1 || true; [ -n "${E2E_KEEP:-}" ] && echo "the servers'"'"' folder is kept: $root" || rm -rf "$root"' EXIT
bash tests/mailserver.sh start "$root"
set -a
# shellcheck disable=SC1091
. "$root/env"
set +a
cargo bench --bench end_to_end
