#!/usr/bin/env bash
# The test command: installs what the tests need on a fresh Debian machine
# with the Rust toolchain (Dovecot and Postfix from Debian's packages, started
# as private instances on loopback by tests/mailserver.sh), runs the whole
# suite, and stops the servers whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --locked --all-targets
# the code's own checks, where the toolchain has them
if cargo fmt --version >/dev/null 2>&1; then cargo fmt --all -- --check; fi
if cargo clippy --version >/dev/null 2>&1; then cargo clippy --locked --all-targets -- -D warnings; fi

root=$(mktemp -d /tmp/mailarbiter-test-servers.XXXXXX)
chmod 755 "$root"
cleanup() {
    bash tests/mailserver.sh stop "$root" || true
    rm -rf "$root"
}
trap cleanup EXIT

export MS_IMAP_PORT=${MS_IMAP_PORT:-21143} MS_SMTP_PORT=${MS_SMTP_PORT:-21025} MS_LMTP_PORT=${MS_LMTP_PORT:-21024}
export MS_IMAPS_PORT=${MS_IMAPS_PORT:-21993} MS_SMTPS_PORT=${MS_SMTPS_PORT:-21465}
bash tests/mailserver.sh start "$root"
set -a
. "$root/env"
set +a
# the real-mail tests fail, rather than skip, when the servers are missing
export MAILARBITER_REQUIRE_MAILSERVER=1

# --nocapture: the real-mail tests print the measured latencies
cargo test --locked --lib --bins --tests -- --nocapture
