#!/usr/bin/env bash
# Private Dovecot (IMAP + LMTP) and Postfix (SMTP) instances on loopback, for
# the integration tests.  All state lives in one folder (ROOT).
#
#   tests/mailserver.sh start   ROOT             install if needed, configure, start, wait for the ports
#   tests/mailserver.sh stop    ROOT             stop both servers (never fails if already stopped)
#   tests/mailserver.sh adduser ROOT NAME [PW]   add NAME@example.test (password PW, default "secret")
#   tests/mailserver.sh status  ROOT             exit 0 if both servers run for ROOT
#   tests/mailserver.sh install                  only install the packages when missing
#   tests/mailserver.sh imap-stop|imap-start ROOT  stop or start Dovecot alone (outage tests)
#   tests/mailserver.sh smtp-stop|smtp-start ROOT  stop or start Postfix alone (outage tests)
#   tests/mailserver.sh flush   ROOT             ask Postfix to retry its queue now
#
# Environment (read by start): MS_IMAP_PORT (10143), MS_SMTP_PORT (10025),
# MS_LMTP_PORT (10024), MS_IMAPS_PORT (10993), MS_SMTPS_PORT (10465),
# MS_SUBMISSION_PORT (10587), MS_USERS (space-separated local parts, default
# "arbiter td ivanov petrov smith jones"), MS_TIMEOUT (seconds to wait for the
# ports, default 30).  Every user is NAME@example.test with password "secret";
# IMAP accepts both "NAME" and "NAME@example.test" as the login.
#
# OAuth2: IMAP (and SMTP on the submission port, through Dovecot's auth
# socket) also take SASL XOAUTH2 and OAUTHBEARER with a bearer token that is
# a JWT signed HS256 with the key in MS_OAUTH2_KEY (a file holding it
# base64-encoded, made at the first start), whose "email" claim is the
# user's address and whose "exp" has not passed.  Dovecot checks it itself
# (introspection_mode = local): the tests' token server signs with the key.
# The submission port takes mail only from a client that logged in.
#
# Topology:
#   client --SMTP--> Postfix 127.0.0.1:SMTP --LMTP--> Dovecot 127.0.0.1:LMTP --> ROOT/vmail/NAME/Maildir
#   client --IMAP--> Dovecot 127.0.0.1:IMAP (plaintext login, STARTTLS offered) and IMAPS (TLS)
#   TLS: a private CA made with openssl (ROOT/tls/ca.pem, MS_CA) signs a certificate
#   for localhost and 127.0.0.1; Postfix offers STARTTLS on SMTP and implicit TLS on SMTPS.
#   client --SMTP AUTH--> Postfix 127.0.0.1:SUBMISSION (login required; PLAIN, LOGIN,
#   XOAUTH2, OAUTHBEARER checked by Dovecot's auth service)
# Postfix accepts mail for @example.test users only; everything else is
# refused at RCPT time ("Relay access denied" / "User unknown"), and nothing is
# ever sent off the machine (default/relay transports are error:).
#
# After a successful start, ROOT/env holds shell-style lines a test can read:
#   MS_IMAP_PORT=…  MS_SMTP_PORT=…  MS_LMTP_PORT=…  MS_SUBMISSION_PORT=…  MS_OAUTH2_KEY=…
#   MS_DOMAIN=…  MS_PASSWORD=…  MS_ROOT=…
# Logs: ROOT/dovecot.log, ROOT/postfix.log (plus ROOT/*.out for the start commands).
#
# start on a ROOT whose servers already run stops them first and restarts
# (users added with adduser and delivered mail are kept).  Must run as root.

set -euo pipefail

export PATH="$PATH:/usr/sbin:/sbin:/usr/bin:/bin"

DOMAIN=example.test
DEFAULT_PASSWORD=secret

die() { echo "mailserver.sh: $*" >&2; exit 1; }
note() { echo "mailserver.sh: $*" >&2; }

usage() {
    sed -n '2,46p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

# ---------------------------------------------------------------- install

install_packages() {
    if command -v dovecot >/dev/null 2>&1 && command -v postfix >/dev/null 2>&1 \
        && command -v doveadm >/dev/null 2>&1 && command -v openssl >/dev/null 2>&1 \
        && command -v systemd-analyze >/dev/null 2>&1 \
        && [ -e /usr/lib/dovecot/imap ] && [ -e /usr/lib/dovecot/lmtp ]; then
        return 0
    fi
    [ "$(id -u)" = 0 ] || die "dovecot/postfix missing and not root: cannot install"
    note "installing dovecot-imapd dovecot-lmtpd postfix openssl systemd (for systemd-analyze in tests/install.rs)"
    apt-get update -qq >/dev/null
    echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        dovecot-imapd dovecot-lmtpd postfix openssl systemd </dev/null >/dev/null
    command -v dovecot >/dev/null && command -v postfix >/dev/null || die "install failed"
    # script(1) (bsdutils, Essential in Debian) runs postfix's start/stop
    command -v script >/dev/null || die "script(1) missing: apt-get install bsdutils"
}

# ---------------------------------------------------------------- helpers

# ROOT as an absolute path (the folder need not exist yet).
abs_root() {
    local r=$1
    [ -n "$r" ] || die "ROOT must not be empty"
    case $r in /*) ;; *) r="$PWD/$r" ;; esac
    # strip trailing slashes (but keep "/")
    while [ "${#r}" -gt 1 ] && [ "${r%/}" != "$r" ]; do r=${r%/}; done
    [ "$r" != / ] || die "ROOT must not be /"
    case $r in *[[:space:]]*) die "ROOT must not contain white space: $r" ;; esac
    printf '%s\n' "$r"
}

# Create ROOT with mode 755 and make every folder above it traversable:
# postfix and dovecot's unprivileged processes must reach it (a mktemp -d
# folder is mode 700: "open lock file .../master.lock: Permission denied").
make_root() {
    local root=$1 d
    mkdir -p -m 755 "$root"
    chmod 755 "$root"
    d=$(dirname "$root")
    while [ "$d" != / ]; do
        if [ "$(( 0$(stat -c %a "$d") & 1 ))" = 0 ]; then
            note "making $d traversable (chmod a+x) so that postfix/dovecot reach $root"
            chmod a+x "$d"
        fi
        d=$(dirname "$d")
    done
}

# Postfix re-reads a configuration or table file that changed in the last
# ~2 s ("hot" file, util/load_file.c), pausing 300 ms at a time: a freshly
# written main.cf makes "postfix start" take 2.4 s, a freshly written texthash
# map delays the first SMTP session after a reload by as much.  The files are
# complete when this runs, so date them back a few seconds.
cool_down() {
    touch -d "@$(( $(date +%s) - 10 ))" "$@"
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

postfix_cmd() {
    # postfix start/stop/reload exit 1 with no output when there is no tty
    # and no syslog: run them under script(1) (it supplies a pty).
    script -qec "postfix -c $1/postfix $2" /dev/null </dev/null
}

dovecot_pid() {
    local f=$1/dovecot-run/master.pid p
    [ -r "$f" ] || return 1
    p=$(cat "$f" 2>/dev/null) || return 1
    [ -n "$p" ] && kill -0 "$p" 2>/dev/null && [ "$(cat "/proc/$p/comm" 2>/dev/null)" = dovecot ] \
        && alive "$(proc_id "$p")" && echo "$p"
}

postfix_pid() {
    local f=$1/postfix-queue/pid/master.pid p
    [ -r "$f" ] || return 1
    p=$(tr -dc 0-9 <"$f" 2>/dev/null) || return 1
    [ -n "$p" ] && kill -0 "$p" 2>/dev/null && [ "$(cat "/proc/$p/comm" 2>/dev/null)" = master ] \
        && alive "$(proc_id "$p")" && echo "$p"
}

valid_name() {
    [[ $1 =~ ^[a-z0-9][a-z0-9._+-]*$ ]] || die "invalid user name: '$1' (use [a-z0-9._+-])"
}

# Add NAME to the dovecot passwd-file and the postfix map (if missing) and
# create its Maildir.  Prints "new" when something was added.
add_user_files() {
    local root=$1 name=$2 pw=$3 added=
    valid_name "$name"
    case $pw in *:*|*[[:space:]]*) die "password must not contain ':' or white space" ;; esac
    touch "$root/users" "$root/postfix/vmailbox"
    if ! grep -q "^$name:" "$root/users"; then
        printf '%s:{PLAIN}%s::::::\n' "$name" "$pw" >>"$root/users"
        added=1
    fi
    chown root:dovecot "$root/users"
    chmod 640 "$root/users"
    if ! grep -q "^$name@$DOMAIN[[:space:]]" "$root/postfix/vmailbox"; then
        printf '%s@%s OK\n' "$name" "$DOMAIN" >>"$root/postfix/vmailbox"
        cool_down "$root/postfix/vmailbox"
        added=1
    fi
    mkdir -p "$root/vmail/$name/Maildir/cur" "$root/vmail/$name/Maildir/new" "$root/vmail/$name/Maildir/tmp"
    chown -R mail:mail "$root/vmail/$name"
    chmod 700 "$root/vmail/$name"
    [ -z "$added" ] || echo new
}

# ---------------------------------------------------------------- config

make_certs() {
    # a private CA and a server certificate for localhost / 127.0.0.1, for
    # the TLS tests (IMAPS, IMAP STARTTLS, SMTPS, SMTP STARTTLS)
    local dir=$1/tls
    [ -s "$dir/server.pem" ] && return 0
    mkdir -p -m 755 "$dir"
    openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=mailarbiter test CA" \
        -keyout "$dir/ca.key" -out "$dir/ca.pem" >/dev/null 2>&1 || die "openssl: CA"
    openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" \
        -keyout "$dir/server.key" -out "$dir/server.csr" >/dev/null 2>&1 || die "openssl: request"
    printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' >"$dir/ext.cnf"
    openssl x509 -req -in "$dir/server.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" -CAcreateserial \
        -days 3650 -extfile "$dir/ext.cnf" -out "$dir/server.pem" >/dev/null 2>&1 || die "openssl: sign"
    chmod 644 "$dir/ca.pem" "$dir/server.pem"
    chmod 600 "$dir/server.key" "$dir/ca.key"
}

make_oauth2_key() {
    # the HS256 key Dovecot checks the tests' bearer tokens with, base64 in
    # the file local_validation_key_dict finds for a token without "azp"
    # and "kid": <prefix>/default/HS256/default
    local dir=$1/oauth2-keys/default/HS256
    [ -s "$dir/default" ] && return 0
    mkdir -p -m 755 "$1/oauth2-keys" "$1/oauth2-keys/default" "$dir"
    openssl rand -base64 32 | tr -d '\n' >"$dir/default" || die "openssl: oauth2 key"
    chmod 644 "$dir/default"
}

write_config() {
    local root=$1 imap=$2 smtp=$3 lmtp=$4 imaps=$5 smtps=$6 submission=$7
    make_certs "$root"
    make_oauth2_key "$root"

    mkdir -p -m 755 "$root/dovecot-state" "$root/postfix" "$root/postfix-queue"
    mkdir -p "$root/vmail"
    chown mail:mail "$root/vmail"
    chmod 755 "$root/vmail"
    # data_directory ($root/postfix-data) is NOT created here: postfix makes
    # it itself, owned by postfix.

    cat >"$root/dovecot.conf" <<EOF
# private dovecot instance for the integration tests (generated by tests/mailserver.sh)
protocols = imap lmtp
listen = 127.0.0.1
base_dir = $root/dovecot-run
state_dir = $root/dovecot-state
instance_name = dovecot-test-$imap
log_path = $root/dovecot.log
info_log_path = $root/dovecot.log
ssl = yes
ssl_cert = <$root/tls/server.pem
ssl_key = <$root/tls/server.key
disable_plaintext_auth = no
auth_mechanisms = plain login xoauth2 oauthbearer
# a wrong password is answered at once (default: after 2 s)
auth_failure_delay = 0
first_valid_uid = 8
mail_location = maildir:$root/vmail/%n/Maildir
mail_privileged_group =
hostname = mail.$DOMAIN
postmaster_address = postmaster@$DOMAIN

passdb {
  driver = passwd-file
  args = username_format=%n $root/users
  mechanisms = plain login
}
# bearer tokens (XOAUTH2, OAUTHBEARER): JWTs checked here with the HS256 key
passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = $root/dovecot-oauth2.conf.ext
}
userdb {
  driver = passwd-file
  args = username_format=%n $root/users
  default_fields = uid=mail gid=mail home=$root/vmail/%n
}

service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $imap
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = $imaps
    ssl = yes
  }
}
# Postfix's SMTP AUTH asks Dovecot's auth service
service auth {
  unix_listener auth-postfix {
    mode = 0666
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = $lmtp
  }
}
# All test clients come from 127.0.0.1: one failed login would make anvil
# delay every later login from that address by 4 s and more ("auth
# penalty"; login_trusted_networks does not lift it in 2.3).  Without this
# socket the auth process disables the penalty.
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
# mail processes run as "mail": let them report to the stats process
service stats {
  unix_listener stats-writer {
    mode = 0666
  }
}
protocol lmtp {
  auth_username_format = %n
}
protocol imap {
  mail_max_userip_connections = 100
}
EOF

    cat >"$root/dovecot-oauth2.conf.ext" <<EOF
# the tests' bearer tokens: JWTs signed HS256 with the key under oauth2-keys/
introspection_mode = local
local_validation_key_dict = fs:posix:prefix=$root/oauth2-keys/
username_attribute = email
EOF

    cat >"$root/postfix/main.cf" <<EOF
# private postfix instance for the integration tests (generated by tests/mailserver.sh)
compatibility_level = 3.6
queue_directory = $root/postfix-queue
data_directory = $root/postfix-data
command_directory = /usr/sbin
daemon_directory = /usr/lib/postfix/sbin
shlib_directory = /usr/lib/postfix
meta_directory = /etc/postfix
mail_owner = postfix
setgid_group = postdrop
syslog_name = postfix-test-$smtp
maillog_file = $root/postfix.log
maillog_file_prefixes = $root
myhostname = mail.$DOMAIN
mydomain = $DOMAIN
myorigin = $DOMAIN
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mydestination =
mynetworks = 127.0.0.0/8
alias_maps =
alias_database =
local_recipient_maps =
local_transport = error:local delivery is disabled
virtual_mailbox_domains = $DOMAIN
virtual_mailbox_maps = texthash:$root/postfix/vmailbox
virtual_transport = lmtp:inet:127.0.0.1:$lmtp
# never send anything off the machine
smtpd_relay_restrictions = reject_unauth_destination
default_transport = error:outbound mail is disabled in the test mail server
relay_transport = error:outbound mail is disabled in the test mail server
smtp_dns_support_level = disabled
biff = no
append_dot_mydomain = no
smtpd_banner = \$myhostname ESMTP test
# deliver at once, retry fast, bounce fast
queue_run_delay = 5s
minimal_backoff_time = 5s
maximal_backoff_time = 10s
maximal_queue_lifetime = 1m
bounce_queue_lifetime = 1m
smtpd_error_sleep_time = 0
smtpd_soft_error_limit = 1000
smtpd_hard_error_limit = 1000
smtpd_client_connection_count_limit = 0
smtpd_client_connection_rate_limit = 0
message_size_limit = 52428800
# TLS: STARTTLS offered on the smtp port, implicit TLS on the smtps one
smtpd_tls_cert_file = $root/tls/server.pem
smtpd_tls_key_file = $root/tls/server.key
smtpd_tls_security_level = may
# SMTP AUTH (enabled on the submission port only) through Dovecot
smtpd_sasl_type = dovecot
smtpd_sasl_path = $root/dovecot-run/auth-postfix
EOF

    # Debian's master.cf: chroot column (5th) y -> n, smtp inet on loopback:port.
    awk -v listen="127.0.0.1:$smtp" '
        /^[[:space:]]/ || /^#/ || NF < 8 { print; next }
        {
            if ($1 == "smtp" && $2 == "inet") $1 = listen
            if ($5 == "y") $5 = "n"
            print
        }' /etc/postfix/master.cf >"$root/postfix/master.cf"
    printf '127.0.0.1:%s inet n - n - - smtpd\n  -o smtpd_tls_wrappermode=yes\n  -o smtpd_tls_security_level=encrypt\n' \
        "$smtps" >>"$root/postfix/master.cf"
    printf '127.0.0.1:%s inet n - n - - smtpd\n  -o smtpd_sasl_auth_enable=yes\n  -o smtpd_client_restrictions=permit_sasl_authenticated,reject\n' \
        "$submission" >>"$root/postfix/master.cf"
    touch "$root/postfix/vmailbox"
    cool_down "$root/postfix/main.cf" "$root/postfix/master.cf" "$root/postfix/vmailbox"

    cat >"$root/env" <<EOF
MS_IMAP_PORT=$imap
MS_SMTP_PORT=$smtp
MS_LMTP_PORT=$lmtp
MS_IMAPS_PORT=$imaps
MS_SMTPS_PORT=$smtps
MS_SUBMISSION_PORT=$submission
MS_OAUTH2_KEY=$root/oauth2-keys/default/HS256/default
MS_CA=$root/tls/ca.pem
MS_DOMAIN=$DOMAIN
MS_PASSWORD=$DEFAULT_PASSWORD
MS_ROOT=$root
EOF
    chmod 644 "$root/env"
}

# ---------------------------------------------------------------- commands

print_logs() {
    local root=$1 f
    for f in dovecot.out dovecot.log postfix.out postfix.log; do
        if [ -s "$root/$f" ]; then
            echo "----- $root/$f (last 40 lines)" >&2
            tail -n 40 "$root/$f" >&2
        fi
    done
}

# A process is named "PID:STARTTIME" (field 22 of /proc/PID/stat), so that a
# recycled PID is never mistaken for it.
proc_id() {
    local st
    st=$(cut -d' ' -f22 "/proc/$1/stat" 2>/dev/null) && [ -n "$st" ] && echo "$1:$st"
}

alive() {
    # process "PID:STARTTIME" exists and is not a zombie
    local pid=${1%%:*} start=${1#*:} f
    f=$(cat "/proc/$pid/stat" 2>/dev/null) || return 1
    # fields after the ")" that ends the command name: state is the 1st, starttime the 20th
    f=${f##*) }
    set -- $f
    [ "$1" != Z ] && [ "$1" != X ] && [ "${20:-}" = "$start" ]
}

wait_gone() {
    # wait up to $1 tenths of a second for the processes $2... to exit
    local n=$1 p; shift
    for p in "$@"; do
        while [ "$n" -gt 0 ] && alive "$p"; do
            sleep 0.1
            n=$((n - 1))
        done
    done
}

cmd_stop() {
    local root=$1 dpid xpid procs p
    [ -d "$root" ] || return 0
    dpid=$(dovecot_pid "$root" || true)
    xpid=$(postfix_pid "$root" || true)
    # their children too: dovecot's log and stats processes outlive the
    # master for a moment (then show up as zombies of PID 1 until reaped)
    procs=$(for p in $dpid $xpid $(for p in $dpid $xpid; do ps -o pid= --ppid "$p"; done); do
                proc_id "$p" || true
            done)
    # Both masters take 1-3 s to wind down: stop them side by side.
    if [ -f "$root/dovecot.conf" ]; then
        # (waits for the dovecot master to exit)
        doveadm -c "$root/dovecot.conf" stop </dev/null >/dev/null 2>&1 &
    fi
    if [ -n "$xpid" ]; then
        postfix_cmd "$root" stop >>"$root/postfix.out" 2>&1 || true
    fi
    wait || true
    wait_gone 100 $procs
    for p in $procs; do
        if alive "$p"; then
            note "process ${p%%:*} still running after 10 s: killing it"
            kill -KILL "${p%%:*}" 2>/dev/null || true
        fi
    done
    return 0
}

cmd_start() {
    local root=$1 imap smtp lmtp imaps smtps submission users u deadline p

    [ "$(id -u)" = 0 ] || die "must run as root (dovecot and postfix need it)"
    install_packages

    # A ROOT that already runs: stop it first (restart cleanly).
    if [ -d "$root" ] && { dovecot_pid "$root" >/dev/null || postfix_pid "$root" >/dev/null; }; then
        note "servers already running for $root: restarting them"
        cmd_stop "$root"
    fi

    imap=${MS_IMAP_PORT:-10143}
    smtp=${MS_SMTP_PORT:-10025}
    lmtp=${MS_LMTP_PORT:-10024}
    imaps=${MS_IMAPS_PORT:-10993}
    smtps=${MS_SMTPS_PORT:-10465}
    submission=${MS_SUBMISSION_PORT:-10587}
    users=${MS_USERS-arbiter td ivanov petrov smith jones}
    for p in "$imap" "$smtp" "$lmtp" "$imaps" "$smtps" "$submission"; do
        [[ $p =~ ^[0-9]+$ ]] && [ "$p" -gt 0 ] && [ "$p" -lt 65536 ] || die "bad port: $p"
        if port_open "$p"; then
            die "port $p on 127.0.0.1 is already in use (another instance? stop it or set MS_*_PORT)"
        fi
    done

    make_root "$root"
    # runtime sockets of an earlier run: a stale one for a listener that is
    # disabled here (anvil-auth-penalty) would be "Connection refused"
    rm -rf "$root/dovecot-run"
    write_config "$root" "$imap" "$smtp" "$lmtp" "$imaps" "$smtps" "$submission"
    for u in $users; do
        add_user_files "$root" "$u" "$DEFAULT_PASSWORD" >/dev/null
    done

    # Output to files, never to the caller's pipes: the daemons inherit the
    # descriptors and a caller waiting for the pipe's end would hang.
    : >"$root/dovecot.out"
    : >"$root/postfix.out"
    if ! dovecot -c "$root/dovecot.conf" </dev/null >>"$root/dovecot.out" 2>&1; then
        echo "mailserver.sh: dovecot failed to start" >&2
        print_logs "$root"; cmd_stop "$root"; exit 1
    fi
    if ! postfix_cmd "$root" start >>"$root/postfix.out" 2>&1; then
        echo "mailserver.sh: postfix failed to start" >&2
        print_logs "$root"; cmd_stop "$root"; exit 1
    fi

    deadline=$(( $(date +%s) + ${MS_TIMEOUT:-30} ))
    for p in "$imap" "$lmtp" "$smtp" "$imaps" "$smtps" "$submission"; do
        until port_open "$p"; do
            if [ "$(date +%s)" -ge "$deadline" ]; then
                echo "mailserver.sh: port $p did not open within ${MS_TIMEOUT:-30} s" >&2
                print_logs "$root"; cmd_stop "$root"; exit 1
            fi
            sleep 0.05
        done
    done
    echo "mail servers running: IMAP 127.0.0.1:$imap (IMAPS $imaps)  SMTP 127.0.0.1:$smtp (SMTPS $smtps, submission $submission)  LMTP 127.0.0.1:$lmtp  root $root"
}

cmd_adduser() {
    local root=$1 name=$2 pw=${3:-$DEFAULT_PASSWORD} added
    name=${name%@"$DOMAIN"}
    name=$(printf '%s' "$name" | tr 'A-Z' 'a-z')
    [ -f "$root/dovecot.conf" ] && [ -d "$root/postfix" ] || die "$root is not a mail server root (run start first)"
    added=$(add_user_files "$root" "$name" "$pw")
    # Dovecot re-reads the passwd-file when it changes.  Postfix reads
    # texthash: maps only when a process starts, and smtpd processes live on
    # (max_idle 100 s, max_use 100): without a reload a new user is refused
    # with "User unknown in virtual mailbox table".
    local xpid old
    xpid=$(postfix_pid "$root" || true)
    if [ -n "$added" ] && [ -n "$xpid" ]; then
        # smtpd processes that hold the old map: wait (at most 2 s) until
        # the reload has ended them, so that the next SMTP session sees the user
        old=$(for p in $(ps -o pid=,comm= --ppid "$xpid" | awk '$2 == "smtpd" {print $1}'); do
                  proc_id "$p" || true
              done)
        postfix_cmd "$root" reload >>"$root/postfix.out" 2>&1 \
            || { print_logs "$root"; die "postfix reload failed"; }
        wait_gone 20 $old
    fi
    # Dovecot notices a changed passwd-file by its time stamp, which can lag
    # for up to a second: wait until the new user can log in.
    if [ -n "$added" ] && dovecot_pid "$root" >/dev/null; then
        local n=50
        until doveadm -c "$root/dovecot.conf" auth test "$name" "$pw" >/dev/null 2>&1; do
            n=$((n - 1))
            [ "$n" -gt 0 ] || die "user $name cannot log in after 5 s"
            sleep 0.1
        done
    fi
}

port_of() {
    # a port recorded in ROOT/env by start
    sed -n "s/^$2=//p" "$1/env"
}

wait_port() {
    local deadline=$(( $(date +%s) + ${MS_TIMEOUT:-30} ))
    until port_open "$1"; do
        [ "$(date +%s)" -lt "$deadline" ] || die "port $1 did not open"
        sleep 0.05
    done
}

cmd_imap_stop() {
    local root=$1 p
    p=$(dovecot_pid "$root" || true)
    [ -n "$p" ] || return 0
    p=$(proc_id "$p" || true)
    doveadm -c "$root/dovecot.conf" stop </dev/null >/dev/null 2>&1 || true
    wait_gone 100 $p
    # imap processes of open sessions outlive the master: end them too, so
    # that clients see the outage as a real one would look
    local prefix="dovecot-test-$(port_of "$root" MS_IMAP_PORT)/" f cmd
    for f in /proc/[0-9]*/cmdline; do
        cmd=$(tr '\0' ' ' 2>/dev/null <"$f") || continue
        case $cmd in "$prefix"*) p=${f#/proc/}; kill -TERM "${p%/cmdline}" 2>/dev/null || true ;; esac
    done
}

cmd_imap_start() {
    local root=$1
    dovecot_pid "$root" >/dev/null && return 0
    rm -rf "$root/dovecot-run"
    dovecot -c "$root/dovecot.conf" </dev/null >>"$root/dovecot.out" 2>&1 || { print_logs "$root"; die "dovecot failed to start"; }
    wait_port "$(port_of "$root" MS_IMAP_PORT)"
    wait_port "$(port_of "$root" MS_LMTP_PORT)"
}

cmd_smtp_stop() {
    local root=$1 p
    p=$(postfix_pid "$root" || true)
    [ -n "$p" ] || return 0
    p=$(proc_id "$p" || true)
    postfix_cmd "$root" stop >>"$root/postfix.out" 2>&1 || true
    wait_gone 100 $p
}

cmd_smtp_start() {
    local root=$1
    postfix_pid "$root" >/dev/null && return 0
    postfix_cmd "$root" start >>"$root/postfix.out" 2>&1 || { print_logs "$root"; die "postfix failed to start"; }
    wait_port "$(port_of "$root" MS_SMTP_PORT)"
}

cmd_status() {
    local root=$1 d x
    d=$(dovecot_pid "$root" || true)
    x=$(postfix_pid "$root" || true)
    echo "dovecot: ${d:-stopped}  postfix: ${x:-stopped}"
    [ -n "$d" ] && [ -n "$x" ]
}

# ---------------------------------------------------------------- main

[ $# -ge 1 ] || usage
cmd=$1; shift
case $cmd in
    install) install_packages ;;
    start)   [ $# -eq 1 ] || usage; cmd_start "$(abs_root "$1")" ;;
    stop)    [ $# -eq 1 ] || usage; cmd_stop "$(abs_root "$1")" ;;
    restart) [ $# -eq 1 ] || usage; r=$(abs_root "$1"); cmd_stop "$r"; cmd_start "$r" ;;
    adduser) [ $# -ge 2 ] && [ $# -le 3 ] || usage; cmd_adduser "$(abs_root "$1")" "$2" "${3:-}" ;;
    status)  [ $# -eq 1 ] || usage; cmd_status "$(abs_root "$1")" ;;
    imap-stop)  [ $# -eq 1 ] || usage; cmd_imap_stop "$(abs_root "$1")" ;;
    imap-start) [ $# -eq 1 ] || usage; cmd_imap_start "$(abs_root "$1")" ;;
    smtp-stop)  [ $# -eq 1 ] || usage; cmd_smtp_stop "$(abs_root "$1")" ;;
    smtp-start) [ $# -eq 1 ] || usage; cmd_smtp_start "$(abs_root "$1")" ;;
    flush)      [ $# -eq 1 ] || usage; postqueue -c "$(abs_root "$1")/postfix" -f ;;
    -h|--help|help) usage ;;
    *) usage ;;
esac
