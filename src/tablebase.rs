//! The Syzygy endgame tables (`[gateway] tablebases`), read with
//! `shakmaty-syzygy`: the adapter behind the referee's
//! [`Prober`]. The files are listed when
//! the config is read and opened on the first probe that needs them; a
//! damaged file fails that probe, which sends the claim to the director.

use crate::referee::endgame::Prober;
use shakmaty::Chess;
use shakmaty_syzygy::{Dtz, MaybeRounded, SyzygyError, Tablebase};
use std::path::{Path, PathBuf};

/// The tables of one folder.
pub struct Syzygy {
    tables: Tablebase<Chess>,
    /// The folder, for the operator's messages.
    pub dir: PathBuf,
    /// How many table files (`.rtbw` and `.rtbz`) it holds.
    pub files: usize,
}

impl Syzygy {
    /// Lists the tables of `dir`; an error says why the folder cannot be
    /// used (missing, unreadable, a file whose size shows it damaged, or no
    /// table in it).
    pub fn open(dir: &Path) -> Result<Syzygy, String> {
        let mut tables = Tablebase::new();
        let files = tables
            .add_directory(dir)
            .map_err(|e| format!("cannot read the tables in {}: {e}", dir.display()))?;
        if files == 0 {
            return Err(format!(
                "{} holds no Syzygy table (.rtbw and .rtbz files)",
                dir.display()
            ));
        }
        Ok(Syzygy {
            tables,
            dir: dir.to_path_buf(),
            files,
        })
    }
}

impl std::fmt::Debug for Syzygy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Syzygy({}: {} files, up to {} pieces)",
            self.dir.display(),
            self.files,
            self.tables.max_pieces()
        )
    }
}

impl Prober for Syzygy {
    fn max_pieces(&self) -> usize {
        self.tables.max_pieces()
    }

    fn dtz(&self, position: &Chess) -> Result<MaybeRounded<Dtz>, SyzygyError> {
        self.tables.probe_dtz(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::CastlingMode;

    fn fixtures() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/syzygy")
    }

    fn probe(fen: &str) -> Result<MaybeRounded<Dtz>, SyzygyError> {
        let tables = Syzygy::open(&fixtures()).unwrap();
        let position: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        tables.dtz(&position)
    }

    /// The figures the tables' README gives, read by python-chess.
    #[test]
    fn the_fixture_tables_give_the_known_distances() {
        let kqk = probe("8/8/8/4k3/8/8/8/4K2Q w - - 0 1").unwrap();
        assert!(kqk.is_positive(), "{kqk:?}");
        assert!(probe("8/8/8/4k3/8/8/8/4K2R b - - 0 1")
            .unwrap()
            .is_negative());
        // K+R v K+R is a draw
        assert!(probe("8/8/8/4k3/r7/8/8/4K2R w - - 0 1").unwrap().is_zero());
    }

    #[test]
    fn a_folder_without_tables_or_missing_is_refused_with_why() {
        let empty = std::env::temp_dir().join(format!("tb-empty-{}", std::process::id()));
        std::fs::create_dir_all(&empty).unwrap();
        let err = Syzygy::open(&empty).err().unwrap();
        assert!(err.contains("holds no Syzygy table"), "{err}");
        let err = Syzygy::open(Path::new("/nonexistent/tables"))
            .err()
            .unwrap();
        assert!(err.contains("cannot read the tables"), "{err}");
        std::fs::remove_dir_all(&empty).unwrap();
    }
}
