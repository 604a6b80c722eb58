#!/usr/bin/env bash
# The Debian package, installed for real (tests/run.sh calls this as root):
# deploy/deb.sh builds mailarbiter_<version>_amd64.deb; dpkg installs it;
# the binary, the system user, the conffile, the password files, the unit,
# the man page, the completions and the docs are where docs/operators.md
# says; `check` and the demo run as the package's user; an upgrade keeps
# the config and the store; a removal keeps them; a purge removes what the
# package made. Any package of that name already installed is purged first.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "package.sh: FAILED: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "must run as root (dpkg -i)"
command -v dpkg >/dev/null || fail "no dpkg: not a Debian machine"

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
arch=$(dpkg --print-architecture)
out=${CARGO_TARGET_DIR:-target}/debian
deb=$out/mailarbiter_${version}_${arch}.deb
newer=$out/mailarbiter_${version}+1_${arch}.deb

# cargo-deb clears its output folder of the package's earlier files: the
# newer one (for the upgrade) is built first and kept aside
work=$(mktemp -d /tmp/mailarbiter-package.XXXXXX)
bash deploy/deb.sh --deb-version "${version}+1" >/dev/null
[ -f "$newer" ] || fail "deploy/deb.sh made no $newer"
mv "$newer" "$work/"
newer=$work/$(basename "$newer")
bash deploy/deb.sh >/dev/null
[ -f "$deb" ] || fail "deploy/deb.sh made no $deb"

purge() { dpkg --purge mailarbiter >/dev/null 2>&1 || true; }
purge
trap 'purge; rm -rf "$work"' EXIT

export DEBIAN_FRONTEND=noninteractive
dpkg -i "$deb" >/dev/null || fail "dpkg -i $deb"

# what the package installed
[ -x /usr/bin/mailarbiter ] || fail "no /usr/bin/mailarbiter"
/usr/bin/mailarbiter --version >/dev/null || fail "the binary does not run"
getent passwd mailarbiter >/dev/null || fail "no system user mailarbiter"
[ "$(stat -c '%U %a' /var/lib/mailarbiter)" = "mailarbiter 700" ] \
    || fail "/var/lib/mailarbiter: $(stat -c '%U %a' /var/lib/mailarbiter)"
dpkg-query -W -f='${Conffiles}\n' mailarbiter | grep -q ' /etc/mailarbiter/mailarbiter.toml ' \
    || fail "mailarbiter.toml is not a conffile"
for name in imap smtp; do
    [ "$(stat -c '%U %a' /etc/mailarbiter/$name.password)" = "root 600" ] \
        || fail "/etc/mailarbiter/$name.password: $(stat -c '%U %a' /etc/mailarbiter/$name.password)"
done
unit=$(dpkg -L mailarbiter | grep '/systemd/system/mailarbiter.service$') || fail "no unit"
grep -q '^ExecStart=/usr/bin/mailarbiter --config /etc/mailarbiter/mailarbiter.toml run$' "$unit" \
    || fail "the unit does not run /usr/bin/mailarbiter"
grep -q '^User=mailarbiter$' "$unit" || fail "the unit does not run as mailarbiter"
if grep -q '^DynamicUser' "$unit"; then fail "the unit still has a dynamic user"; fi
if command -v systemd-analyze >/dev/null; then
    systemd-analyze verify "$unit" || fail "systemd-analyze verify $unit"
fi
for f in /usr/share/man/man1/mailarbiter.1.gz \
    /usr/share/bash-completion/completions/mailarbiter \
    /usr/share/zsh/vendor-completions/_mailarbiter \
    /usr/share/fish/vendor_completions.d/mailarbiter.fish \
    /usr/share/doc/mailarbiter/README.md \
    /usr/share/doc/mailarbiter/docs/operators.md \
    /usr/share/doc/mailarbiter/copyright; do
    [ -s "$f" ] || fail "missing $f"
done
zgrep -q 'mailarbiter' /usr/share/man/man1/mailarbiter.1.gz || fail "an empty man page"

# the operator fills in the addresses; check accepts the config as the
# package's user, and the demo plays in its home
sed -i -e 's/chess\.example\.org/chess.example.net/g' /etc/mailarbiter/mailarbiter.toml
as_user() { runuser -u mailarbiter -- "$@"; }
out=$(cd /var/lib/mailarbiter && as_user mailarbiter --config /etc/mailarbiter/mailarbiter.toml check 2>&1) \
    || fail "check as mailarbiter: $out"
grep -q 'OK (1 tournament(s), 2 game(s))' <<<"$out" || fail "check said: $out"
out=$(cd /var/lib/mailarbiter && as_user mailarbiter demo --dir /var/lib/mailarbiter/demo 2>&1) \
    || fail "demo as mailarbiter: $out"
sent=$(find /var/lib/mailarbiter/demo/mail/sent -name '*.eml' | wc -l)
[ "$sent" -gt 50 ] || fail "the demo sent $sent mails: $out"
[ "$(stat -c %U /var/lib/mailarbiter/demo/mail/sent)" = mailarbiter ] || fail "demo files not the user's"

# an upgrade keeps the operator's config and the store
echo 'keep' >/var/lib/mailarbiter/store-marker
dpkg -i "$newer" >/dev/null || fail "dpkg -i $newer (upgrade)"
[ "$(dpkg-query -W -f='${Version}' mailarbiter)" = "${version}+1" ] || fail "not upgraded"
grep -q 'chess\.example\.net' /etc/mailarbiter/mailarbiter.toml || fail "the upgrade replaced the config"
[ -f /var/lib/mailarbiter/store-marker ] || fail "the upgrade lost the state folder"
[ -d /var/lib/mailarbiter/demo ] || fail "the upgrade lost the state folder's content"

# a removal keeps the config and the store; a purge removes all it made
dpkg -r mailarbiter >/dev/null || fail "dpkg -r"
[ ! -e /usr/bin/mailarbiter ] || fail "dpkg -r left the binary"
[ -f /etc/mailarbiter/mailarbiter.toml ] || fail "dpkg -r removed the config"
[ -f /var/lib/mailarbiter/store-marker ] || fail "dpkg -r removed the store"
dpkg --purge mailarbiter >/dev/null || fail "dpkg --purge"
for f in /etc/mailarbiter /var/lib/mailarbiter; do
    [ ! -e "$f" ] || fail "the purge left $f"
done
if getent passwd mailarbiter >/dev/null; then fail "the purge left the user"; fi
if getent group mailarbiter >/dev/null; then fail "the purge left the group"; fi
trap - EXIT
rm -rf "$work"
echo "package.sh: $deb installed, checked, demo played as mailarbiter, upgraded, removed, purged: OK"
