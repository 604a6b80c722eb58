#!/usr/bin/env bash
# The RustSec advisories for the lockfile (deny.toml's [advisories]), as
# tests/run.sh checks them: against the live database when it can be
# fetched; where it cannot, against the snapshot in
# ../shared/advisory-db.tar.gz (MAILARBITER_ADVISORY_SNAPSHOT overrides),
# read offline, with the snapshot's date told; with neither, a loud warning.
# Fails on any advisory that deny.toml does not write down (in `ignore`,
# with its reason), and on any other failure of the check.
set -euo pipefail
cd "$(dirname "$0")/.."

if live=$(cargo deny --locked check advisories 2>&1); then
    printf '%s\n' "$live" >&2
    echo "advisories.sh: advisories checked against the live RustSec database" >&2
    exit 0
fi
if ! grep -q "failed to fetch advisory database" <<<"$live"; then
    printf '%s\n' "$live" >&2
    exit 1
fi

snapshot=${MAILARBITER_ADVISORY_SNAPSHOT:-../shared/advisory-db.tar.gz}
if [ ! -f "$snapshot" ]; then
    printf '%s\n' "$live" >&2
    echo "advisories.sh: WARNING: advisories NOT checked: the RustSec database cannot be fetched and there is no snapshot at $snapshot" >&2
    exit 0
fi

# cargo-deny reads a database as a git repository, in a folder named after
# its URL (this one for the default URL), under its db-path
dbs=$(mktemp -d /tmp/mailarbiter-advisory-dbs.XXXXXX)
trap 'rm -rf "$dbs"' EXIT
db="$dbs/advisory-db-3157b0e258782691"
mkdir "$db"
tar -xzf "$snapshot" -C "$db" --strip-components=1
[ -d "$db/crates" ] || { echo "advisories.sh: $snapshot holds no advisory database (no crates/)" >&2; exit 1; }
# the snapshot's date: when its files were taken (the newest), and the
# newest advisory it holds
taken=$(find "$db" -type f -printf '%T@\n' | sort -n | tail -1 | cut -d. -f1)
taken_day=$(date -u -d "@$taken" +%F)
newest=$(grep -rhoE '^date = "[0-9]{4}-[0-9]{2}-[0-9]{2}"' "$db/crates" | cut -d'"' -f2 | sort | tail -1)
age_days=$((($(date -u +%s) - taken) / 86400))
count=$(find "$db/crates" -name 'RUSTSEC-*.md' | wc -l)
git -C "$db" init -q
git -C "$db" add -A
GIT_AUTHOR_DATE="@$taken +0000" GIT_COMMITTER_DATE="@$taken +0000" \
    git -C "$db" -c user.name=snapshot -c user.email=snapshot@localhost \
    commit -q -m "RustSec advisory database, snapshot of $taken_day"
# cargo-deny takes the newer of the commit and of HEAD's file as the time
# the database was fetched: HEAD's file is dated the snapshot's day too,
# and the age is allowed (it is told here instead)
touch -d "@$taken" "$db/.git/HEAD"
awk -v path="$dbs" -v stale="P$((age_days + 2))D" '
    /^\[/ { section = $0 }
    section == "[advisories]" && /^[[:space:]]*(db-path|maximum-db-staleness)[[:space:]]*=/ { next }
    { print }
    $0 == "[advisories]" {
        print "db-path = \"" path "\""
        print "maximum-db-staleness = \"" stale "\""
    }
' deny.toml >"$dbs/deny.toml"

echo "advisories.sh: the RustSec database cannot be fetched ($(tail -1 <<<"$live"))" >&2
echo "advisories.sh: checking against the snapshot $snapshot, taken $taken_day ($age_days days ago; $count advisories, the newest of $newest)" >&2
if [ "$age_days" -gt 90 ]; then
    echo "advisories.sh: WARNING: the advisory snapshot is $age_days days old: advisories published since $taken_day are NOT checked" >&2
fi
if ! checked=$(cargo deny --locked --offline --config "$dbs/deny.toml" check advisories 2>&1); then
    printf '%s\n' "$checked" >&2
    echo "advisories.sh: FAILED against the snapshot of $taken_day: each advisory above is to be fixed (cargo update -p CRATE) or written down in deny.toml's [advisories] ignore with the reason" >&2
    exit 1
fi
printf '%s\n' "$checked" >&2
echo "advisories.sh: advisories ok as of the snapshot of $taken_day (not as of today)" >&2
