#!/usr/bin/env bash
# The test command: installs what the tests need on a fresh Debian machine
# with the Rust toolchain, then runs the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --locked --all-targets
cargo test --locked --all-targets
