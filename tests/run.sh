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
# the API documentation builds without a warning (a broken or private link)
RUSTDOCFLAGS="-D warnings" cargo doc --locked --no-deps

# the supply chain (deny.toml): licences, duplicate versions, sources, and the
# RustSec advisories. cargo-deny is built when missing (about 4.5 min here).
if ! cargo deny --version >/dev/null 2>&1; then cargo install --locked cargo-deny; fi
cargo deny --locked check bans licenses sources
# the advisories: against the live RustSec database, or where it cannot be
# fetched against the snapshot in ../shared (its date told); an advisory
# deny.toml does not write down fails
bash tests/advisories.sh

root=$(mktemp -d /tmp/mailarbiter-test-servers.XXXXXX)
chmod 755 "$root"
cleanup() {
    bash tests/mailserver.sh stop "$root" || true
    rm -rf "$root"
}
trap cleanup EXIT

export MS_IMAP_PORT=${MS_IMAP_PORT:-21143} MS_SMTP_PORT=${MS_SMTP_PORT:-21025} MS_LMTP_PORT=${MS_LMTP_PORT:-21024}
export MS_IMAPS_PORT=${MS_IMAPS_PORT:-21993} MS_SMTPS_PORT=${MS_SMTPS_PORT:-21465}
export MS_SUBMISSION_PORT=${MS_SUBMISSION_PORT:-21587}
bash tests/mailserver.sh start "$root"
set -a
. "$root/env"
set +a
# the real-mail tests fail, rather than skip, when the servers are missing
export MAILARBITER_REQUIRE_MAILSERVER=1

# the PGN readers that tests/pgn.rs runs on every exported PGN: Debian's
# pgn-extract (in /usr/games) and python-chess in a virtual environment
# under the test root (Debian's python refuses a system-wide pip install)
if ! command -v pgn-extract >/dev/null 2>&1 && [ ! -x /usr/games/pgn-extract ]; then
    [ "$(id -u)" = 0 ] || { echo "run.sh: pgn-extract missing and not root: cannot install" >&2; exit 1; }
    echo "run.sh: installing pgn-extract" >&2
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends pgn-extract >/dev/null
fi
if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
    [ "$(id -u)" = 0 ] || { echo "run.sh: python3 with venv missing and not root: cannot install" >&2; exit 1; }
    echo "run.sh: installing python3-venv" >&2
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3 python3-venv >/dev/null
fi
python3 -m venv "$root/venv"
# and zeep, the SOAP client that plays from our WSDL in tests/real_mail.rs
"$root/venv/bin/python" -m pip install -q --disable-pip-version-check chess==1.11.2 zeep==4.3.1
export MAILARBITER_PYTHON="$root/venv/bin/python"
if command -v pgn-extract >/dev/null 2>&1; then
    MAILARBITER_PGN_EXTRACT=$(command -v pgn-extract)
else
    MAILARBITER_PGN_EXTRACT=/usr/games/pgn-extract
fi
export MAILARBITER_PGN_EXTRACT
# the PGN tests fail, rather than skip, when the readers are missing
export MAILARBITER_REQUIRE_PGN_TOOLS=1

# libfaketime (Debian's faketime) for the clock-jump tests in tests/life.rs
if [ ! -e /usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1 ] \
    && [ ! -e /usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1 ]; then
    [ "$(id -u)" = 0 ] || { echo "run.sh: faketime missing and not root: cannot install" >&2; exit 1; }
    echo "run.sh: installing faketime" >&2
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends faketime >/dev/null
fi
# the clock tests fail, rather than skip, when libfaketime is missing
export MAILARBITER_REQUIRE_FAKETIME=1
# tests/disk_full.rs mounts small tmpfs file systems (root): where it
# cannot, it fails rather than skips
if [ "$(id -u)" = 0 ]; then export MAILARBITER_REQUIRE_MOUNT=1; fi

# the browser that tests/web.rs renders the web pages in: Debian's chromium
if [ -z "${MAILARBITER_CHROMIUM:-}" ] && ! command -v chromium >/dev/null 2>&1; then
    [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 || {
        echo "run.sh: chromium missing and cannot be installed here (needs root and apt-get): \
install Debian's chromium, or set MAILARBITER_CHROMIUM to a Chromium binary" >&2
        exit 1
    }
    echo "run.sh: installing chromium (about 100 MB)" >&2
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null || {
        echo "run.sh: apt-get could not install chromium: the browser test cannot run" >&2
        exit 1
    }
fi
MAILARBITER_CHROMIUM=${MAILARBITER_CHROMIUM:-$(command -v chromium)}
export MAILARBITER_CHROMIUM
# the browser test fails, rather than skips, when the browser is missing;
# its screenshots are kept in target/web-screenshots to be looked at
export MAILARBITER_REQUIRE_BROWSER=1
export MAILARBITER_SCREENSHOTS=${MAILARBITER_SCREENSHOTS:-$PWD/target/web-screenshots}

# --nocapture: the real-mail tests print the measured latencies
cargo test --locked --lib --bins --tests -- --nocapture

# the Debian package (cargo-deb, built when missing): installed with dpkg,
# checked, run as its user, upgraded, removed and purged (root only: dpkg)
if [ "$(id -u)" = 0 ] && command -v dpkg >/dev/null 2>&1; then
    bash tests/package.sh
else
    echo "run.sh: WARNING: the Debian package NOT tested: tests/package.sh needs root and dpkg" >&2
fi
