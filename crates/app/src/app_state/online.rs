//! The online client's actions on the state: they join the client's queue (applied at
//! the next [`AppState::tick`]), or choose the game on the board, or start a local
//! `chess4d serve`.

use super::{Action, AppState};
use crate::online::local::{ADDRESS, LocalServer};

impl AppState {
    /// The online client's actions: they join its queue, applied at the next tick.
    pub(super) fn apply_online(&mut self, action: Action) {
        use crate::online::Action as O;
        let link = &mut self.ui.online.link;
        match action {
            Action::OnlineConnect {
                server,
                name,
                sign_in,
            } => link.connect(&server, name.as_deref(), sign_in),
            Action::OnlineStartLocal => self.start_local(),
            Action::OnlineSeek {
                variant,
                clock,
                rated,
                color,
            } => link.client.push(O::Seek {
                variant,
                clock,
                rated,
                color,
            }),
            Action::OnlineAccept(seek) => link.client.push(O::AcceptSeek(seek)),
            Action::OnlineMove { game, mv } => link.client.push(O::Move { game, mv }),
            Action::OnlineResign(game) => link.client.push(O::Resign(game)),
            Action::OnlineShow(game) => {
                link.shown = Some(game);
                link.show(&mut self.session);
            }
            Action::OnlineWatch(game) => {
                link.client.push(O::Watch(game));
                link.shown = Some(game);
            }
            Action::Online(a) => link.client.push(a),
            // The others are the game's, applied by `apply`.
            _ => {}
        }
    }

    fn start_local(&mut self) {
        let o = &mut self.ui.online;
        let Some(dir) = o.link.data_dir.clone() else {
            return o
                .link
                .client
                .say("no data folder for the local server: set CHESS4D_DATA_DIR");
        };
        match LocalServer::start(&dir) {
            Ok(s) => {
                o.link.local = Some(s);
                o.server = ADDRESS.into();
            }
            Err(e) => o.link.client.say(e),
        }
    }
}
