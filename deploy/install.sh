#!/bin/sh
# Installs mailarbiter as a systemd service, as docs/operators.md ("Installing
# it under systemd") describes: the binary, the config folder, empty password
# files (mode 600, root: only systemd reads them, for LoadCredential=), the
# unit, the man page, the shell completions, the README and the docs (under
# share/doc/mailarbiter/, the docs in docs/ beside the README, so that their
# links between each other hold). An existing config or password file is kept.
#
#   deploy/install.sh [BINARY]     BINARY: default target/release/mailarbiter
#
# DESTDIR=/some/root installs under that folder instead of / (packages, the
# install test); nothing outside it is touched, systemctl is not called.
set -eu
cd "$(dirname "$0")/.."
bin=${1:-target/release/mailarbiter}
root=${DESTDIR:-}
etc=$root/etc/mailarbiter
share=$root/usr/local/share

[ -x "$bin" ] || { echo "install.sh: no binary at $bin (cargo build --release --locked)" >&2; exit 1; }
umask 022
install -D -m 755 "$bin" "$root/usr/local/bin/mailarbiter"
# the service's dynamic user reads the config: 644 in a 755 folder
install -d -m 755 "$etc"
if [ -e "$etc/mailarbiter.toml" ]; then
    if [ "$(stat -c %a "$etc/mailarbiter.toml")" != 644 ]; then
        chmod 644 "$etc/mailarbiter.toml"
        echo "install.sh: $etc/mailarbiter.toml made mode 644: the service reads it (no secret belongs in it)"
    fi
else
    install -m 644 config/example-imap.toml "$etc/mailarbiter.toml"
fi
for name in imap smtp; do
    [ -e "$etc/$name.password" ] || install -m 600 /dev/null "$etc/$name.password"
done
install -D -m 644 deploy/mailarbiter.service "$root/etc/systemd/system/mailarbiter.service"
install -D -m 644 README.md "$share/doc/mailarbiter/README.md"
for doc in docs/*.md; do
    [ -e "$doc" ] || continue
    install -D -m 644 "$doc" "$share/doc/mailarbiter/docs/${doc#docs/}"
done
install -d -m 755 "$share/man/man1" "$share/bash-completion/completions" \
    "$share/zsh/site-functions" "$share/fish/vendor_completions.d"
"$bin" man >"$share/man/man1/mailarbiter.1"
"$bin" completions bash >"$share/bash-completion/completions/mailarbiter"
"$bin" completions zsh >"$share/zsh/site-functions/_mailarbiter"
"$bin" completions fish >"$share/fish/vendor_completions.d/mailarbiter.fish"

cat <<EOF
installed under ${root:-/}. Next:
  edit $etc/mailarbiter.toml
  write the passwords on the first line of $etc/imap.password and $etc/smtp.password
  mailarbiter --config /etc/mailarbiter/mailarbiter.toml check
  systemctl daemon-reload && systemctl enable --now mailarbiter
EOF
