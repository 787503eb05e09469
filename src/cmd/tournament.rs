//! `golf tournament`: seat rounds of tables, each an ordinary match, and stand them
//! together (RULES.md §13, Official §6.1).

use super::Context;
use crate::cli::{SeatingChoice, TournamentCommand, TournamentNewArgs};
use crate::error::Result;
use crate::game::tournament::{Seating, Tournament};
use crate::store::{self, tournaments};
use crate::table::{start, tournament as table};
use crate::view::event::{AcceptView, ComeGoView};
use crate::view::tournament::{ListView, SeatedView, ShowView, StandingsView};

/// Runs `golf tournament ...`.
pub fn run(ctx: &Context, command: TournamentCommand) -> Result<()> {
    match command {
        TournamentCommand::New(args) => new(ctx, args),
        TournamentCommand::Round(args) => {
            let t = table::seat_next_round(&mut ctx.open_existing()?, args.name.as_deref(), None)?;
            ctx.out.show(&SeatedView::new(&t))
        }
        TournamentCommand::Standings(args) => {
            let view = StandingsView::new(&read(ctx, args.name.as_deref())?);
            match args.csv {
                true => Ok(crate::view::line(format_args!(
                    "{}",
                    view.csv()?.trim_end()
                ))?),
                false => ctx.out.show(&view),
            }
        }
        TournamentCommand::List => {
            // no database yet: no tournaments (nothing is created)
            let all = match store::Store::open_read_only(&ctx.db_path()?)? {
                Some(mut store) => store.read(|tx| Ok(tournaments::all(tx)?))?,
                None => Vec::new(),
            };
            ctx.out.show(&ListView::new(&all))
        }
        TournamentCommand::Show(args) => ctx
            .out
            .show(&ShowView::new(&read(ctx, args.name.as_deref())?)),
        TournamentCommand::Accept(args) => {
            let entry = crate::table::accept::AcceptEntry {
                match_id: args.match_id,
                players: args.players.clone(),
                hole: None,
                by: "terminal".into(),
            };
            let done = crate::table::accept::accept(&mut ctx.open_existing()?, &entry)?;
            ctx.out.show(&AcceptView::new(&done.m, &args.players))
        }
        TournamentCommand::Add(args) => {
            let store = &mut ctx.open_existing()?;
            let (t, who) = table::add(store, args.tournament.as_deref(), &args.player)?;
            ctx.out.show(&ComeGoView::new(&t, &who, true))
        }
        TournamentCommand::Withdraw(args) => {
            let store = &mut ctx.open_existing()?;
            let (t, who) = table::withdraw(store, args.tournament.as_deref(), &args.player)?;
            ctx.out.show(&ComeGoView::new(&t, &who, false))
        }
    }
}

/// The tournament `name`, or the newest, read in one transaction.
fn read(ctx: &Context, name: Option<&str>) -> Result<Tournament> {
    table::load(&mut ctx.open_read()?, name)
}

/// Runs `golf tournament new`: the tournament checked, then recorded with its first round
/// seated ([`crate::table::start::new_tournament`]).
fn new(ctx: &Context, args: TournamentNewArgs) -> Result<()> {
    let rules = crate::rules::resolve(&ctx.rules(args.rules)?, &ctx.house(args.house))?;
    let rounds = args.rounds.unwrap_or(rules.tournament.rounds);
    let table_size = args
        .table_size
        .unwrap_or(rules.tournament.table_size as usize);
    let seating = match args.seating {
        SeatingChoice::Random => Seating::Random,
        SeatingChoice::Swiss => Seating::Swiss,
    };
    let seed = args.seed.unwrap_or_else(|| {
        let now = chrono::Utc::now();
        u64::from(now.timestamp_subsec_nanos()) ^ now.timestamp().unsigned_abs()
    });
    let t = Tournament::new(
        &args.name,
        rules,
        rounds,
        table_size,
        seating,
        seed,
        &args.players,
    )?;
    let new = start::NewTournament::seat(t)?;
    let t = start::new_tournament(&mut ctx.open_write()?, new)?;
    ctx.out.show(&SeatedView::new(&t))
}
