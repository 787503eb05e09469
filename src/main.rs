//! The `golf` binary: runs the library and turns its error into an exit code.

fn main() {
    // the shell's completion script calls `GOLF_COMPLETE=bash golf -- WORDS` (golf's own
    // variable, so a stray `COMPLETE` meant for another tool changes nothing)
    clap_complete::CompleteEnv::with_factory(<golf::cli::Cli as clap::CommandFactory>::command)
        .var("GOLF_COMPLETE")
        .complete();
    match golf::run(std::env::args_os()) {
        Ok(()) => {}
        // help, version and usage errors: clap prints them and picks the code
        Err(golf::Error::Usage(e)) => e.exit(),
        // the reader went away (`golf card | head`): nothing left to say
        Err(e) if e.is_broken_pipe() => {}
        Err(e) => {
            golf::say!("golf: {}", e.describe());
            std::process::exit(e.exit_code());
        }
    }
}
