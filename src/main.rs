//! The `golf` binary: runs the library and turns its error into an exit code.

fn main() {
    if let Err(err) = golf::run(std::env::args_os()) {
        if golf::error::is_broken_pipe(&err) {
            return; // the reader went away (`golf card | head`): nothing left to say
        }
        eprintln!("golf: {}", golf::error::describe(&err));
        std::process::exit(golf::exit_code(&err));
    }
}
