//! The Online tab: a server (a URL, or a local `chess4d serve` started from here),
//! signing up, in or as a guest, the lobby of seeks, a new seek, a challenge to a
//! player by name, an invitation code for a friend (and joining one by pasting it),
//! watching a game by its number. The game itself, its offers and clocks are drawn by
//! online_game.rs. Every button only pushes an app [`AppAction`] (most carry the online
//! client's own [`Action`]); the window applies them after the panels, and the client
//! its queue once per frame (session/online_link.rs), so nothing here changes the board.
//! The form's fields are typed straight into the app's state ([`OnlineUi`]).

use super::editor::Probes;
pub use super::online_form::{OnlineUi, clock_words};
use super::widgets;
use crate::app_state::Action as AppAction;
use crate::online::invite::{invitation_code, invitation_link};
use crate::online::{Action, Link, SignIn};
use crate::session::clock::{PRESETS, TimeControl};
use chess4d_protocol::{ClockConfig, ColorChoice, GameId, SeekInfo};
use egui::{RichText, Ui};

/// The variants offered for a seek (the server may know more; it refuses the unknown).
const VARIANTS: [&str; 4] = ["full", "classic", "orthodox", "raumschach"];

/// The tab.
pub fn online_tab(side: &mut Ui, o: &mut OnlineUi, probes: &mut Probes, act: &mut Vec<AppAction>) {
    connection_section(side, o, probes, act);
    if o.link.client.state().link != Link::Online {
        messages_section(side, o);
        return;
    }
    super::online_game::game_section(side, o, probes, act); // online_game.rs
    new_game_section(side, o, probes, act);
    lobby_section(side, o, probes, act);
    challenges_section(side, o, probes, act);
    watch_section(side, o, act);
    profile_section(side, o, act);
    messages_section(side, o);
}

/// The player's ratings per variant (as the server greeted them).
fn profile_section(side: &mut Ui, o: &OnlineUi, act: &mut Vec<AppAction>) {
    let state = o.link.client.state();
    if state.me.as_ref().is_none_or(|m| m.guest) {
        return;
    }
    widgets::section(side, "Your ratings");
    if state.ratings.is_empty() {
        side.label(RichText::new("No rated game yet: everyone starts at 1500.").weak());
    }
    for r in &state.ratings {
        side.label(format!(
            "{}: {:.0} ± {:.0} · {} rated games",
            r.name, r.rating, r.deviation, r.games
        ));
    }
    let mut again = false;
    side.horizontal(|row| {
        row.strong("Your games");
        again = row
            .button("⟳")
            .on_hover_text("Ask the server again")
            .clicked();
    });
    if let Some(games) = &state.my_games {
        games_list(side, games);
    }
    if again {
        act.push(AppAction::Online(Action::MyGames));
    }
}

/// This player's last games, one line each.
fn games_list(side: &mut Ui, games: &[chess4d_protocol::GameSummary]) {
    if games.is_empty() {
        side.label(RichText::new("None yet.").weak());
    }
    for g in games {
        let how = g.end.as_ref().map_or_else(
            || "going on".to_string(),
            |e| format!("{} ({})", e.result, e.reason),
        );
        side.label(
            RichText::new(format!(
                "#{} {} – {} · {} · {} · {how}",
                g.id.0,
                g.white,
                g.black,
                g.variant,
                clock_words(&g.clock)
            ))
            .small(),
        );
    }
}

fn connection_section(
    side: &mut Ui,
    o: &mut OnlineUi,
    probes: &mut Probes,
    act: &mut Vec<AppAction>,
) {
    widgets::section(side, "Server");
    let state = o.link.client.state();
    let (words, good) = match (&state.link, &state.me) {
        (Link::Online, Some(me)) => {
            let rating = me.rating.map_or_else(String::new, |r| format!(" ({r:.0})"));
            let guest = if me.guest {
                " — a guest: casual games"
            } else {
                ""
            };
            (format!("Signed in as {}{rating}{guest}", me.name), true)
        }
        (Link::Online, None) => ("Connected, not signed in".into(), true),
        (Link::Connecting, _) => ("Connecting…".into(), true),
        (Link::Offline, _) => ("Not connected".into(), true),
        (Link::Lost(why), _) => (format!("Connection lost: {why}"), false),
    };
    let color = if good { widgets::GOOD } else { widgets::BAD };
    side.label(RichText::new(words).color(color));
    if state.link == Link::Online {
        if side.button("Disconnect").clicked() {
            act.push(AppAction::Online(Action::Disconnect));
        }
        return;
    }
    side.horizontal(|row| {
        row.label("Server");
        row.text_edit_singleline(&mut o.server)
            .on_hover_text("HOST:PORT, as `chess4d serve` prints it");
    });
    if o.link.local.is_none() {
        let start = side
            .button("Start a local server")
            .on_hover_text("Runs `chess4d serve` on 127.0.0.1:8080 until this window closes");
        probes.push(("online-local", start.rect.center()));
        if start.clicked() {
            act.push(AppAction::OnlineStartLocal);
        }
    } else {
        side.label(RichText::new("A local server runs on 127.0.0.1:8080").weak());
    }
    side.horizontal(|row| {
        row.label("Name");
        row.text_edit_singleline(&mut o.name);
    });
    side.horizontal(|row| {
        row.label("Password");
        row.add(egui::TextEdit::singleline(&mut o.password).password(true));
    });
    side.horizontal_wrapped(|row| {
        let named = !o.name.trim().is_empty();
        let (name, password) = (o.name.trim().to_string(), o.password.clone());
        let mut sign_in = None;
        if row
            .add_enabled(named, egui::Button::new("Sign in"))
            .clicked()
        {
            sign_in = Some(SignIn::Login { name, password });
        } else if row
            .add_enabled(named, egui::Button::new("Sign up"))
            .clicked()
        {
            let (name, password) = (o.name.trim().to_string(), o.password.clone());
            sign_in = Some(SignIn::SignUp { name, password });
        }
        let guest = row.button("Play as a guest");
        probes.push(("online-guest", guest.rect.center()));
        if guest.clicked() {
            sign_in = Some(SignIn::Guest);
        }
        if let Some(s) = sign_in {
            let name = (s != SignIn::Guest).then(|| o.name.trim().to_string());
            act.push(AppAction::OnlineConnect {
                server: o.server.trim().to_string(),
                name,
                sign_in: s,
            });
        }
    });
}

fn clock_config(o: &OnlineUi) -> ClockConfig {
    ClockConfig::Fischer {
        initial_ms: o.clock.0 * 60_000,
        increment_ms: o.clock.1 * 1000,
    }
}

fn new_game_section(
    side: &mut Ui,
    o: &mut OnlineUi,
    probes: &mut Probes,
    act: &mut Vec<AppAction>,
) {
    widgets::section(side, "A new game");
    side.horizontal_wrapped(|row| {
        for v in VARIANTS {
            if row.selectable_label(o.variant == v, v).clicked() {
                o.variant = v.into();
            }
        }
    });
    side.horizontal_wrapped(|row| {
        for &(m, i) in &PRESETS {
            let label = TimeControl::minutes(m, i).to_string();
            if row.selectable_label(o.clock == (m, i), label).clicked() {
                o.clock = (m, i);
            }
        }
    });
    let guest = o.link.client.state().me.as_ref().is_none_or(|m| m.guest);
    side.horizontal_wrapped(|row| {
        for (c, label, name) in [
            (ColorChoice::White, "White", "online-color-white"),
            (ColorChoice::Random, "Random", "online-color-random"),
            (ColorChoice::Black, "Black", "online-color-black"),
        ] {
            let r = row.selectable_label(o.color == c, label);
            probes.push((name, r.rect.center()));
            if r.clicked() {
                o.color = c;
            }
        }
        row.add_enabled(!guest, egui::Checkbox::new(&mut o.rated, "Rated"))
            .on_disabled_hover_text("Guests play casual games: sign up to be rated");
    });
    let rated = o.rated && !guest;
    let seek = side.button("Create a seek");
    probes.push(("online-seek", seek.rect.center()));
    if seek.clicked() {
        act.push(AppAction::OnlineSeek {
            variant: o.variant.clone(),
            clock: clock_config(o),
            rated,
            color: o.color,
        });
    }
    side.horizontal(|row| {
        let field = row
            .add(egui::TextEdit::singleline(&mut o.opponent).desired_width(120.0))
            .on_hover_text("The player's name");
        probes.push(("online-opponent", field.rect.center()));
        let named = !o.opponent.trim().is_empty();
        let button = row.add_enabled(named, egui::Button::new("Challenge"));
        probes.push(("online-challenge", button.rect.center()));
        if button.clicked() {
            let to = Some(o.opponent.trim().into());
            act.push(AppAction::Online(challenge(o, to, rated)));
        }
    });
    let invite = side
        .button("Make an invitation for a friend")
        .on_hover_text("A code to give a friend; the game starts when they paste it");
    probes.push(("online-invite", invite.rect.center()));
    if invite.clicked() {
        act.push(AppAction::Online(challenge(o, None, rated)));
    }
}

fn challenge(o: &OnlineUi, to: Option<String>, rated: bool) -> Action {
    Action::Challenge {
        to,
        variant: o.variant.clone(),
        clock: clock_config(o),
        rated,
        color: o.color,
    }
}

/// A seek in words: "bob (1500) · full · 5+3 · rated · bob plays White".
fn seek_words(s: &SeekInfo) -> String {
    let rating = s
        .player
        .rating
        .map_or_else(String::new, |r| format!(" ({r:.0})"));
    let rated = if s.rated { "rated" } else { "casual" };
    let color = match s.color {
        ColorChoice::White => " · plays White",
        ColorChoice::Black => " · plays Black",
        ColorChoice::Random => "",
    };
    format!(
        "{}{rating} · {} · {} · {rated}{color}",
        s.player.name,
        s.variant,
        clock_words(&s.clock)
    )
}

fn lobby_section(side: &mut Ui, o: &OnlineUi, probes: &mut Probes, act: &mut Vec<AppAction>) {
    widgets::section(side, "Lobby");
    let state = o.link.client.state();
    if state.seeks.is_empty() {
        side.label(RichText::new("No seeks: create one, and wait for a player.").weak());
    }
    let me = state.me.as_ref().map(|m| m.name.clone());
    let mut pushed = Vec::new();
    let mut first = true;
    for s in state.seeks.values() {
        side.horizontal_wrapped(|row| {
            row.label(seek_words(s));
            if Some(&s.player.name) == me.as_ref() {
                if row.button("Cancel").clicked() {
                    pushed.push(Action::CancelSeek(s.id));
                }
            } else {
                let accept = row.button("Accept");
                if first {
                    probes.push(("online-accept", accept.rect.center()));
                    first = false;
                }
                if accept.clicked() {
                    act.push(AppAction::OnlineAccept(s.id));
                }
            }
        });
    }
    act.extend(pushed.into_iter().map(AppAction::Online));
}

fn challenges_section(
    side: &mut Ui,
    o: &mut OnlineUi,
    probes: &mut Probes,
    act: &mut Vec<AppAction>,
) {
    let state = o.link.client.state();
    let me = state.me.as_ref().map(|m| m.name.clone());
    let mut pushed = Vec::new();
    if !state.challenges.is_empty() {
        widgets::section(side, "Challenges");
    }
    for c in state.challenges.values() {
        let mine = Some(&c.from.name) == me.as_ref();
        let what = format!(
            "{} · {} · {}",
            c.variant,
            clock_words(&c.clock),
            if c.rated { "rated" } else { "casual" }
        );
        side.horizontal_wrapped(|row| match (&c.code, mine) {
            (Some(code), true) => {
                let link = invitation_link(code);
                row.label(format!("Your invitation ({what}): give your friend"));
                row.label(RichText::new(&link).monospace().strong());
                if row.button("Copy").clicked() {
                    row.ctx().copy_text(link);
                }
            }
            (_, true) => {
                let to = c.to.clone().unwrap_or_default();
                row.label(format!("You challenged {to} ({what})"));
                if row.button("Withdraw").clicked() {
                    pushed.push(Action::DeclineChallenge(c.id));
                }
            }
            (_, false) => {
                row.label(format!("{} challenges you ({what})", c.from.name));
                if row.button("Accept").clicked() {
                    pushed.push(Action::AcceptChallenge(c.id));
                }
                if row.button("Decline").clicked() {
                    pushed.push(Action::DeclineChallenge(c.id));
                }
            }
        });
    }
    side.horizontal(|row| {
        row.add(egui::TextEdit::singleline(&mut o.invite).desired_width(170.0))
            .on_hover_text("Paste a friend's invitation link or code");
        let join = row.add_enabled(!o.invite.trim().is_empty(), egui::Button::new("Join"));
        probes.push(("online-join", join.rect.center()));
        if join.clicked() {
            pushed.push(Action::JoinInvite(invitation_code(&o.invite)));
        }
    });
    act.extend(pushed.into_iter().map(AppAction::Online));
}

fn watch_section(side: &mut Ui, o: &mut OnlineUi, act: &mut Vec<AppAction>) {
    widgets::section(side, "Watch a game");
    side.horizontal(|row| {
        row.add(egui::TextEdit::singleline(&mut o.watch).desired_width(80.0))
            .on_hover_text("The game's number");
        let n = o.watch.trim().trim_start_matches('#').parse::<u64>().ok();
        if row
            .add_enabled(n.is_some(), egui::Button::new("Watch"))
            .clicked()
            && let Some(n) = n
        {
            act.push(AppAction::OnlineWatch(GameId(n)));
        }
    });
}

fn messages_section(side: &mut Ui, o: &OnlineUi) {
    let messages = &o.link.client.state().messages;
    if messages.is_empty() {
        return;
    }
    widgets::section(side, "What the server said");
    for m in messages.iter().rev().take(5) {
        widgets::error_text(side, m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_are_said_as_lichess_does() {
        let c = ClockConfig::Fischer {
            initial_ms: 90_000,
            increment_ms: 0,
        };
        assert_eq!(clock_words(&c), "1.5+0");
        assert_eq!(clock_words(&ClockConfig::Unlimited), "no clock");
    }
}
