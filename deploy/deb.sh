#!/bin/sh
# Builds the Debian package target/debian/mailarbiter_<version>_amd64.deb
# with cargo-deb (configured in Cargo.toml's [package.metadata.deb]): the
# release binary, then what the package carries beside it that the binary
# writes (the man page, the shell completions) and the unit, which is
# deploy/mailarbiter.service with the package's paths and its system user.
#
#   deploy/deb.sh [cargo-deb options]     e.g. --deb-version 0.1.0+1
set -eu
cd "$(dirname "$0")/.."
command -v cargo-deb >/dev/null 2>&1 || cargo install --locked cargo-deb
cargo build --release --locked
bin=${CARGO_TARGET_DIR:-target}/release/mailarbiter
assets=target/deb-assets
rm -rf "$assets"
mkdir -p "$assets"
"$bin" man >"$assets/mailarbiter.1"
"$bin" completions bash >"$assets/mailarbiter.bash"
"$bin" completions zsh >"$assets/_mailarbiter"
"$bin" completions fish >"$assets/mailarbiter.fish"
{
    echo "# mailarbiter as a systemd service, from the Debian package: the config is"
    echo "# /etc/mailarbiter/mailarbiter.toml, the passwords /etc/mailarbiter/imap.password"
    echo "# and smtp.password (mode 600, root), the store /var/lib/mailarbiter. Once the"
    echo "# config names the mailbox: systemctl enable --now mailarbiter"
    sed -e '1,/^$/d' \
        -e 's|/usr/local/bin/mailarbiter|/usr/bin/mailarbiter|g' \
        -e 's|/usr/local/share/doc/|/usr/share/doc/|g' \
        -e 's|^DynamicUser=yes$|User=mailarbiter\nGroup=mailarbiter|' \
        -e "s|the service's dynamic user|the service's user|" \
        -e 's|^# its own user and state folder|# its system user (made by the package) and state folder|' \
        deploy/mailarbiter.service
} >"$assets/mailarbiter.service"
grep -q '^User=mailarbiter$' "$assets/mailarbiter.service" \
    || { echo "deb.sh: the unit has no DynamicUser=yes line to replace" >&2; exit 1; }
cargo deb --no-build --locked "$@"
