//! The `academy` binary: reads the command line and environment, then runs the chosen command.

use academy_server::config::{Cli, Command};
use clap::Parser as _;
use std::io::Write as _;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => academy_server::run(cli.config).await,
        Command::CreateAdmin { username, email, password } => {
            academy_server::identity::admin::create_admin_command(cli.config, &username, &email, &password).await
        }
        Command::PurgeUploads => academy_server::files::purge::purge_command(cli.config).await,
        Command::Backup { file } => academy_server::backup::backup_command(cli.config, &file).await,
        Command::Restore { file, replace } => academy_server::backup::restore_command(cli.config, &file, replace).await,
        Command::Openapi => {
            let document = academy_server::openapi().to_pretty_json()?;
            writeln!(std::io::stdout().lock(), "{document}")?;
            Ok(())
        }
    }
}
