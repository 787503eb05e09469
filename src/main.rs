//! The `golf` binary: runs the library and turns its error into an exit code.

fn main() {
    // the shell's completion script calls `GOLF_COMPLETE=bash golf -- WORDS` (golf's own
    // variable, so a stray `COMPLETE` meant for another tool changes nothing)
    clap_complete::CompleteEnv::with_factory(<golf::cli::Cli as clap::CommandFactory>::command)
        .var("GOLF_COMPLETE")
        .complete();
    match golf::run(std::env::args_os()) {
        Ok(()) => {}
        // a usage error quoting an argument with control characters: shown plain and
        // escaped (clap would write the argument raw, styled, on a terminal)
        Err(golf::Error::Usage(e)) if e.use_stderr() && hostile_arguments() => {
            eprint!("{}", golf::text::escape_output(&e.render().to_string()));
            std::process::exit(e.exit_code());
        }
        // help and version on stdout: a failed write (a full disk, `> /dev/full`) is an
        // error, exit 1, not the success clap's `exit` would report
        Err(golf::Error::Usage(e)) if !e.use_stderr() => {
            use std::io::Write;
            match e.print().and_then(|()| std::io::stdout().flush()) {
                Ok(()) => std::process::exit(e.exit_code()),
                // the reader went away (`golf --help | head`): nothing left to say
                Err(w) if w.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
                Err(w) => {
                    golf::view::message(format_args!("golf: cannot write to standard output: {w}"));
                    std::process::exit(1);
                }
            }
        }
        // usage errors: clap prints them and picks the code
        Err(golf::Error::Usage(e)) => e.exit(),
        // the reader went away (`golf card | head`): nothing left to say
        Err(e) if e.is_broken_pipe() => {}
        Err(e) => {
            golf::view::message(format_args!("golf: {}", e.describe()));
            std::process::exit(e.exit_code());
        }
    }
}

/// Whether an argument holds a control or formatting character
/// ([`golf::text::is_unprintable`]), which a usage error would quote.
fn hostile_arguments() -> bool {
    std::env::args_os().any(|a| a.to_string_lossy().chars().any(golf::text::is_unprintable))
}
