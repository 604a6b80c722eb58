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

# the supply chain (deny.toml): licences, duplicate versions, sources, and the
# RustSec advisories. cargo-deny is built when missing (about 4.5 min here).
if ! cargo deny --version >/dev/null 2>&1; then cargo install --locked cargo-deny; fi
cargo deny --locked check bans licenses sources
# the advisories need the RustSec database from GitHub: a machine that cannot
# reach it says so loudly and goes on; every other advisory failure fails
if ! advisories=$(cargo deny --locked check advisories 2>&1); then
    if grep -q "failed to fetch advisory database" <<<"$advisories"; then
        echo "run.sh: WARNING: advisories NOT checked: the RustSec database cannot be fetched" >&2
    else
        printf '%s\n' "$advisories" >&2
        exit 1
    fi
fi

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
