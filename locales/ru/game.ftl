# GameNotice: see src/letters/game.rs
