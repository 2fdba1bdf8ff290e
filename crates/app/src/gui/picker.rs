//! The variant picker: a search box over names, titles and descriptions, and the
//! catalog grouped by family (4D, 3D, chess-like, shatranj and makruk, xiangqi and
//! janggi, shogi) so it stays usable with a hundred variants. Each row says the board,
//! the title and how the game is won.

use crate::session::Session;
use chess4d_core::VariantInfo;
use chess4d_variants::{Entry, Source};
use egui::{RichText, Ui};

/// A family of variants, the picker's groups in the order shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Boards with a W axis.
    FourD,
    /// Boards with layers (Z) but no W.
    ThreeD,
    /// Flat boards with the orthodox pieces and their fairy relatives.
    Chess,
    /// Flat boards with the old short-range pieces (ferz, alfil, met, khon).
    Shatranj,
    /// Flat boards with cannons and generals.
    Xiangqi,
    /// Flat boards with gold and silver generals.
    Shogi,
}

impl Family {
    /// Every family, in the order the picker shows them.
    pub const ALL: [Family; 6] = [
        Family::FourD,
        Family::ThreeD,
        Family::Chess,
        Family::Shatranj,
        Family::Xiangqi,
        Family::Shogi,
    ];

    /// The group's heading.
    pub fn title(self) -> &'static str {
        match self {
            Family::FourD => "4D (boards with W)",
            Family::ThreeD => "3D (boards with layers)",
            Family::Chess => "2D chess and fairy chess",
            Family::Shatranj => "Shatranj, makruk and old chess",
            Family::Xiangqi => "Xiangqi and janggi",
            Family::Shogi => "Shogi",
        }
    }
}

/// Whether any piece of the variant has one of these names (spaces and case ignored).
fn has_piece(info: &VariantInfo, names: &[&str]) -> bool {
    info.pieces.iter().any(|p| {
        let name: String = p
            .name
            .chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect();
        names.contains(&name.as_str())
    })
}

/// The family a variant belongs to: by its board's axes first, then on a flat board
/// by the pieces it has.
pub fn family(info: &VariantInfo) -> Family {
    let [_, _, z, w] = info.shape.sizes();
    if w > 1 {
        Family::FourD
    } else if z > 1 {
        Family::ThreeD
    } else if has_piece(
        info,
        &["goldgeneral", "silvergeneral", "gold", "silver", "tokin"],
    ) {
        Family::Shogi
    } else if has_piece(info, &["cannon", "pao"]) {
        Family::Xiangqi
    } else if has_piece(info, &["ferz", "fers", "met", "khon", "alfil", "advisor"]) {
        Family::Shatranj
    } else {
        Family::Chess
    }
}

/// How the game is won and drawn, in words, from what the rules expose.
pub fn goal_in_words(info: &VariantInfo) -> String {
    let royal: Vec<&str> = info
        .pieces
        .iter()
        .filter(|p| p.royal)
        .map(|p| p.name.as_str())
        .collect();
    let mut words = if royal.is_empty() {
        "No royal piece: won as the variant's own rules say (see its description).".to_string()
    } else {
        format!(
            "Won by checkmating the {}; no legal move while not in check is stalemate, \
             a draw.",
            royal.join(" or ")
        )
    };
    let mut draws = Vec::new();
    if info.repetition_limit > 0 {
        draws.push(format!("a position seen {} times", info.repetition_limit));
    }
    if info.move_limit_plies > 0 {
        draws.push(format!(
            "{} moves each without a capture or pawn move",
            info.move_limit_plies / 2
        ));
    }
    if info.bare_kings_draw {
        draws.push("two bare kings".to_string());
    }
    if !draws.is_empty() {
        words.push_str(" Drawn by ");
        words.push_str(&draws.join(", "));
        words.push('.');
    }
    words
}

/// [`goal_in_words`] with what the rules add: the squares whose reaching wins (king of
/// the hill, racing kings), the pieces in hand of the drop variants and the regions
/// the board tints.
pub fn rules_goal_in_words(rules: &dyn chess4d_core::Rules) -> String {
    let info = rules.info();
    let mut words = goal_in_words(info);
    if let Some((kinds, squares)) = rules.goal(chess4d_core::Color::White)
        && !squares.is_empty()
    {
        let who: Vec<&str> = kinds
            .iter()
            .filter_map(|k| info.pieces.get(k.index()))
            .map(|p| p.name.as_str())
            .collect();
        let mut names: Vec<String> = squares.iter().map(|&s| info.shape.square_name(s)).collect();
        if names.len() > 6 {
            names.truncate(6);
            names.push("...".into());
        }
        let who = if who.is_empty() {
            "a piece".to_string()
        } else {
            format!("the {}", who.join(" or "))
        };
        words.push_str(&format!(
            " Also won by bringing {who} to a green square ({}).",
            names.join(", ")
        ));
    }
    if rules.start_position().has_pockets() {
        words.push_str(
            " Captured pieces go to the captor's hand and may be dropped back instead of a move.",
        );
    }
    let regions: Vec<String> = rules
        .board_look()
        .regions
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    if !regions.is_empty() {
        words.push_str(&format!(" Tinted violet: {}.", regions.join(", ")));
    }
    words
}

/// Whether a variant matches the search text (every word somewhere in its name,
/// title, description, board or family).
pub fn matches(name: &str, info: &VariantInfo, search: &str) -> bool {
    let hay = format!(
        "{name} {} {} {} {}",
        info.title,
        info.description,
        info.shape,
        family(info).title()
    )
    .to_lowercase();
    search
        .split_whitespace()
        .all(|word| hay.contains(&word.to_lowercase()))
}

/// How well a variant's name answers the search, best first: the exact name, a name
/// that starts with it, a name that holds it, then a match elsewhere (title,
/// description, board). Searching "xiangqi" lists xiangqi first, not ninth.
pub fn rank(name: &str, search: &str) -> u8 {
    let (name, search) = (name.to_lowercase(), search.trim().to_lowercase());
    if search.is_empty() {
        3
    } else if name == search {
        0
    } else if name.starts_with(&search) {
        1
    } else if name.contains(&search) {
        2
    } else {
        3
    }
}

/// The picker: search, then one folding group per family with its variants. Returns
/// the variant picked for a new game, if any. `search` is the search field's text (kept
/// in the app's state). `probes` gets where the search box and, while a search finds
/// something, the count of matches are drawn (for scripts).
pub fn variant_picker(
    side: &mut Ui,
    session: &Session,
    search: &mut String,
    probes: &mut super::editor::Probes,
) -> Option<String> {
    let entries: Vec<Entry> = session.catalog().entries().to_vec();
    // A rule plugin's variant shows once its library is loaded (trusted and played).
    let ready: Vec<(&Entry, std::sync::Arc<dyn chess4d_core::Rules>)> = entries
        .iter()
        .filter_map(|e| e.ready().map(|r| (e, r)))
        .collect();
    let ok: Vec<(&Entry, &VariantInfo)> = ready.iter().map(|(e, r)| (*e, r.info())).collect();
    side.horizontal(|row| {
        row.label("Find:");
        let find = row.add(
            egui::TextEdit::singleline(search)
                .hint_text("name, board, piece or word")
                .desired_width(160.0),
        );
        probes.push(("variant-search", find.rect.center()));
        if !search.is_empty() && row.small_button("clear").clicked() {
            search.clear();
        }
    });
    let mut shown: Vec<_> = ok
        .iter()
        .filter(|(e, info)| matches(&e.name, info, search))
        .collect();
    // Best matches first (a stable sort keeps the catalog's order among equals).
    shown.sort_by_key(|(e, _)| rank(&e.name, search));
    let count = side.label(
        RichText::new(format!("{} of {} variants", shown.len(), ok.len()))
            .small()
            .weak(),
    );
    if !search.trim().is_empty() && !shown.is_empty() {
        probes.push(("variant-search-matches", count.rect.center()));
    }
    let current = session.variant().to_string();
    let mut chosen = None;
    if !search.trim().is_empty() {
        // While searching: one list, the best matches on top, not grouped by family.
        for (e, info) in &shown {
            if variant_row(side, e, info, e.name == current) {
                chosen = Some(e.name.clone());
            }
        }
        return chosen;
    }
    for fam in Family::ALL {
        let members: Vec<_> = shown.iter().filter(|(_, i)| family(i) == fam).collect();
        if members.is_empty() {
            continue;
        }
        let holds_current = members.iter().any(|(e, _)| e.name == current);
        let header = egui::CollapsingHeader::new(format!("{} · {}", fam.title(), members.len()))
            .id_salt(("variant-family", fam))
            .default_open(holds_current);
        header.show(side, |ui| {
            for (e, info) in members {
                if variant_row(ui, e, info, e.name == current) {
                    chosen = Some(e.name.clone());
                }
            }
        });
    }
    chosen
}

/// Most variants the top bar shows as a row of buttons; a bigger catalog gets a menu
/// grouped by family instead.
const TOP_BAR_BUTTONS: usize = 6;

/// The top bar's variant switch: a button per variant for a small catalog, else one
/// menu named after the current variant with a submenu per family. Returns the variant
/// picked for a new game, if any.
pub fn variant_switch(bar: &mut Ui, session: &Session) -> Option<String> {
    let current = session.variant().to_string();
    let entries: Vec<Entry> = session.catalog().entries().to_vec();
    // A rule plugin's variant shows once its library is loaded (trusted and played).
    let ready: Vec<(&Entry, std::sync::Arc<dyn chess4d_core::Rules>)> = entries
        .iter()
        .filter_map(|e| e.ready().map(|r| (e, r)))
        .collect();
    let ok: Vec<(&Entry, &VariantInfo)> = ready.iter().map(|(e, r)| (*e, r.info())).collect();
    let mut chosen = None;
    if ok.len() <= TOP_BAR_BUTTONS {
        for (e, info) in &ok {
            let picked = bar
                .selectable_label(e.name == current, &e.name)
                .on_hover_text(format!("New game: {}", info.title));
            if picked.clicked() {
                chosen = Some(e.name.clone());
            }
        }
    } else {
        bar.menu_button(format!("Variant: {current}"), |menu| {
            for fam in Family::ALL {
                let members: Vec<_> = ok.iter().filter(|(_, i)| family(i) == fam).collect();
                if members.is_empty() {
                    continue;
                }
                menu.menu_button(format!("{} ({})", fam.title(), members.len()), |sub| {
                    // A long family scrolls inside the window instead of running off it.
                    let room = submenu_height(sub.ctx().content_rect().height());
                    egui::ScrollArea::vertical()
                        .max_height(room)
                        .show(sub, |sub| {
                            for (e, info) in members {
                                let label = format!("{} · {}", e.name, info.title);
                                if sub.selectable_label(e.name == current, label).clicked() {
                                    chosen = Some(e.name.clone());
                                }
                            }
                        });
                });
            }
        })
        .response
        .on_hover_text("New game of another variant (the Variants tab can search them)");
    }
    chosen
}

/// The tallest a family's submenu may be in a window `window` points tall: the window
/// less the top bar and a margin, so 52 variants fit an 800-pixel window by scrolling.
fn submenu_height(window: f32) -> f32 {
    (window - 90.0).max(120.0)
}

/// One variant: its name to click, board and title, how it is won, where it comes
/// from, and the folded details. Returns whether it was clicked.
fn variant_row(ui: &mut Ui, e: &Entry, info: &VariantInfo, current: bool) -> bool {
    let mut clicked = false;
    ui.horizontal_wrapped(|row| {
        clicked = row
            .selectable_label(current, RichText::new(&e.name).strong())
            .on_hover_text(if info.description.is_empty() {
                info.title.as_str()
            } else {
                info.description.as_str()
            })
            .clicked();
        row.label(RichText::new(format!("{} · {}", info.shape, info.title)).small());
    });
    let goal = e
        .ready()
        .map_or_else(|| goal_in_words(info), |r| rules_goal_in_words(&*r));
    ui.label(RichText::new(goal).small().weak());
    if let Source::File(p) = &e.source {
        ui.label(RichText::new(p.display().to_string()).small().weak());
    }
    variant_details(ui, &e.name, info);
    ui.add_space(2.0);
    clicked
}

/// A variant explained: its description, its board and each piece with how it moves
/// (the picker's row says how it is won); folded until opened.
fn variant_details(side: &mut Ui, name: &str, info: &chess4d_core::VariantInfo) {
    egui::CollapsingHeader::new(RichText::new("about").small())
        .id_salt(("variant-about", name))
        .show(side, |ui| {
            if !info.description.is_empty() {
                ui.label(&info.description);
            }
            ui.label(format!(
                "Board: {} ({} squares).",
                info.shape,
                info.shape.len()
            ));
            for p in &info.pieces {
                let how = crate::session::picture::moves_in_words(&p.name)
                    .unwrap_or("see the Explore tab");
                ui.label(
                    RichText::new(format!(
                        "{} {}: {how}",
                        p.letter.to_ascii_uppercase(),
                        p.name
                    ))
                    .small(),
                );
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess4d_variants::Catalog;

    fn info(name: &str) -> VariantInfo {
        Catalog::embedded().get(name).unwrap().info().clone()
    }

    #[test]
    fn families_follow_the_board_and_the_pieces() {
        assert_eq!(family(&info("full")), Family::FourD);
        assert_eq!(family(&info("raumschach")), Family::ThreeD);
        assert_eq!(family(&info("orthodox")), Family::Chess);
        let mut xiangqi = info("orthodox");
        xiangqi.pieces[1].name = "cannon".into();
        assert_eq!(family(&xiangqi), Family::Xiangqi);
        let mut makruk = info("orthodox");
        makruk.pieces[1].name = "Met".into();
        assert_eq!(family(&makruk), Family::Shatranj);
        let mut shogi = info("orthodox");
        shogi.pieces[1].name = "gold general".into();
        assert_eq!(family(&shogi), Family::Shogi);
    }

    #[test]
    fn searching_a_name_lists_that_variant_first() {
        let mut catalog = Catalog::embedded();
        catalog.add_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants"));
        let names: Vec<String> = catalog.entries().iter().map(|e| e.name.clone()).collect();
        let mut found: Vec<(String, VariantInfo)> = names
            .iter()
            .filter_map(|n| catalog.get(n).ok().map(|r| (n.clone(), r.info().clone())))
            .filter(|(n, i)| matches(n, i, "xiangqi"))
            .collect();
        assert!(found.len() > 2, "{}", found.len());
        found.sort_by_key(|(n, _)| rank(n, "xiangqi"));
        assert_eq!(found[0].0, "xiangqi");
        // Names holding the word come before matches in a description.
        let first_other = found.iter().position(|(n, _)| !n.contains("xiangqi"));
        let last_named = found.iter().rposition(|(n, _)| n.contains("xiangqi"));
        if let (Some(o), Some(l)) = (first_other, last_named) {
            assert!(
                l < o,
                "{:?}",
                found.iter().map(|f| &f.0).collect::<Vec<_>>()
            );
        }
        assert_eq!(rank("Xiangqi", " XIANGQI "), 0);
        assert_eq!(rank("minixiangqi", "xiangqi"), 2);
        assert_eq!(rank("xiangqi-lite", "xiangqi"), 1);
        // The submenu of a long family fits an 800-pixel window (less the top bar).
        assert!(submenu_height(800.0) + 40.0 <= 800.0);
        assert!(submenu_height(300.0) >= 120.0);
    }

    #[test]
    fn search_needs_every_word_and_ignores_case() {
        let full = info("full");
        assert!(matches("full", &full, ""));
        assert!(matches("full", &full, "FULL"));
        assert!(matches("full", &full, "4d full"));
        assert!(!matches("full", &full, "full xiangqi"));
        let orthodox = info("orthodox");
        assert!(matches("orthodox", &orthodox, "8x8"), "{}", orthodox.shape);
    }

    #[test]
    fn the_goal_says_the_hill_the_hands_and_the_regions() {
        let load = |name: &str| {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join(format!("../../variants/{name}.toml"));
            chess4d_variants::load_file(&path).unwrap()
        };
        let hill = rules_goal_in_words(&*load("kingofthehill"));
        assert!(
            hill.contains("bringing the king to a green square (d4"),
            "{hill}"
        );
        let house = rules_goal_in_words(&*load("crazyhouse"));
        assert!(house.contains("dropped back"), "{house}");
        let shogi = rules_goal_in_words(&*load("shogi"));
        assert!(shogi.contains("Tinted violet: camp"), "{shogi}");
        let orthodox = rules_goal_in_words(&*load("orthodox"));
        assert_eq!(orthodox, goal_in_words(&info("orthodox")));
    }

    #[test]
    fn the_goal_is_said_from_the_rules() {
        let words = goal_in_words(&info("orthodox"));
        assert!(words.contains("checkmating the king"), "{words}");
        assert!(words.contains("3 times"), "{words}");
        let mut no_king = info("orthodox");
        for p in &mut no_king.pieces {
            p.royal = false;
        }
        no_king.repetition_limit = 0;
        no_king.move_limit_plies = 0;
        no_king.bare_kings_draw = false;
        let words = goal_in_words(&no_king);
        assert!(words.starts_with("No royal piece") && !words.contains("Drawn"));
    }
}
