//! The Xfcc moves in the daemon's loop: the waiting jobs decided in order,
//! each against the games as the one before left them, committed in one
//! durable write before their programs hear `Success`; and the forwards a
//! player on Xfcc turned off.

use super::*;

impl Pipeline {
    /// Decides the Xfcc moves waiting for the referee, in their order,
    /// each against the games as the ones before it left them, and commits
    /// them together (one durable write); only then are their clients told
    /// `Success`. A move whose client gave up waiting is not decided.
    ///
    /// # Errors
    /// When the store fails: nothing of them was written, and their
    /// clients are told `ServerError`.
    pub fn xfcc_pass(
        &mut self,
        jobs: &mut tokio::sync::mpsc::Receiver<crate::xfcc::server::Job>,
    ) -> Result<(), DaemonError> {
        use crate::xfcc::MoveResult;
        let mut batch = Batch::default();
        let mut answers = Vec::new();
        while answers.len() < self.config.batch_mails {
            let Ok(job) = jobs.try_recv() else { break };
            if job.answer.is_closed() {
                continue;
            }
            match self.xfcc_move(&mut batch, &job.address, &job.request) {
                Ok(code) => answers.push((job.answer, code)),
                Err(e) => {
                    let _ = job.answer.send(MoveResult::ServerError);
                    for (answer, _) in answers {
                        let _ = answer.send(MoveResult::ServerError);
                    }
                    // the games in memory hold decisions not committed
                    self.reload_state()?;
                    return Err(e);
                }
            }
        }
        if answers.is_empty() {
            return Ok(());
        }
        let mut report = Report::default();
        if let Err(e) = self.commit_batch(&mut batch, &mut report) {
            for (answer, _) in answers {
                let _ = answer.send(MoveResult::ServerError);
            }
            return Err(e);
        }
        for (answer, code) in answers {
            let _ = answer.send(code);
        }
        Ok(())
    }

    /// One Xfcc move from the player at `address`: decided as a mail with
    /// that move would be, on today's date, into `batch`.
    pub(super) fn xfcc_move(
        &mut self,
        batch: &mut Batch,
        address: &str,
        request: &crate::xfcc::soap::MakeAMove,
    ) -> Result<crate::xfcc::MoveResult, DaemonError> {
        use crate::xfcc::MoveResult;
        self.monitor.room()?;
        let today = self.today();
        let _span = info_span!("xfcc", user = %address, game = request.game_id).entered();
        let decided = self.deciding(|p| {
            guarded(|| {
                let league = &p.config.league;
                crate::xfcc::referee::decide_move(league, &p.state, address, request, today).map(
                    |mut decision| {
                        p.quiet_forwards(&mut decision);
                        written(league, decision)
                    },
                )
            })
        })?;
        let decision = match decided {
            Ok(Ok(decision)) => decision,
            Ok(Err(code)) => {
                info!(
                    result = code.as_str(),
                    "Xfcc move refused: nothing recorded"
                );
                return Ok(code);
            }
            Err(why) => {
                error!(%why, "the Xfcc move cannot be refereed");
                return Ok(MoveResult::ServerError);
            }
        };
        if decision.is_empty() {
            info!("Xfcc: the same request again (a client retrying): nothing twice");
            return Ok(MoveResult::Success);
        }
        let (decision, checked) = match self.checked(decision) {
            Ok(checked) => checked,
            Err(why) => {
                error!(%why, "the Xfcc move cannot be refereed");
                return Ok(MoveResult::ServerError);
            }
        };
        for verdict in &decision.verdicts {
            info!(game = %verdict_game(verdict), ?verdict, "decided (Xfcc)");
        }
        self.add_checked(batch, None, decision, checked, Vec::new());
        Ok(MoveResult::Success)
    }

    /// Takes out of the forwards the players who read their partners'
    /// moves in their chess program only (`XFCC FORWARDS OFF`, while they
    /// have an Xfcc account); the mover's own copy stays.
    pub(super) fn quiet_forwards(&self, decision: &mut Decision) {
        let league = &self.config.league;
        if league.xfcc.is_none() {
            return;
        }
        for letter in &mut decision.letters {
            if !matches!(letter.notice, Notice::Game(GameNotice::Forward { .. })) {
                continue;
            }
            letter.to.retain(|reader| {
                let Reader::Player { tournament, player } = reader else {
                    return true;
                };
                let Some(p) = league.tournament(tournament).and_then(|t| t.player(player)) else {
                    return true;
                };
                // off only while he has an account: else his moves would
                // reach him nowhere
                let has = |key: String| matches!(self.store.fact(&key), Ok(Some(_)));
                !(has(crate::referee::requests::quiet_key(p.address()))
                    && has(crate::xfcc::account::key(p.address())))
            });
        }
    }
}
