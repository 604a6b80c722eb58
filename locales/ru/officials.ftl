# OfficialNotice: see src/letters/officials.rs
