//! Reading a plugin's description of its variant, checking every field.

use super::PluginError;
use super::call::{CallError, call, call_text};
use chess4d_core::{PieceInfo, Shape, VariantInfo};
use chess4d_plugin_api::{
    MAX_CASTLING, MAX_KINDS, PIECE_PAWN, PIECE_ROYAL, PluginTable, RawPiece, RawVariant,
    TEXT_CASTLING_LETTERS, TEXT_DESCRIPTION, TEXT_PIECE_NAME, TEXT_TITLE,
};
use std::path::Path;

/// What a plugin's variant declares beyond [`VariantInfo`] (ABI version 2).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Extra {
    /// The largest per-side counter; 0: none kept.
    pub counter_limit: u8,
    /// Whether positions keep pieces in hand.
    pub pockets: bool,
}

/// Builds the [`VariantInfo`] a plugin describes; `name` is the catalog's name for it.
pub(crate) fn variant_info(
    table: &PluginTable,
    path: &Path,
    name: &str,
) -> Result<(VariantInfo, Extra), PluginError> {
    let bad = |reason: String| PluginError::BadVariant {
        path: path.to_path_buf(),
        reason,
    };
    let failed = |what: &str, e: CallError| bad(format!("{what}: the plugin {e}"));
    // Required entries were checked non-null when the table was read.
    let (Some(variant_fn), Some(piece_fn), Some(text_fn)) =
        (table.variant_info, table.piece_info, table.text)
    else {
        return Err(bad("the table lacks its description functions".into()));
    };
    let text = |key: u32, index: u32| {
        // SAFETY: the buffers are valid for the call; `text_fn` comes from a checked table.
        call_text(|out, err| unsafe { text_fn(key, index, out, err) })
    };

    let mut raw = RawVariant::default();
    // SAFETY: `raw` and the message buffer live through the call.
    call(|err| unsafe { variant_fn(&mut raw, err) }).map_err(|e| failed("variant_info", e))?;
    if !(1..=4).contains(&raw.axes) {
        return Err(bad(format!(
            "the board has {} axes; 1 to 4 are possible",
            raw.axes
        )));
    }
    let shape = Shape::new(&raw.sizes[..raw.axes as usize])
        .map_err(|e| bad(format!("board shape: {e}")))?;
    if raw.piece_count == 0 || raw.piece_count as usize > MAX_KINDS {
        return Err(bad(format!(
            "{} piece kinds; 1 to {MAX_KINDS} are possible",
            raw.piece_count
        )));
    }
    if raw.castling_count as usize > MAX_CASTLING {
        return Err(bad(format!(
            "{} castling options; at most {MAX_CASTLING} are possible",
            raw.castling_count
        )));
    }
    let repetition_limit = u8::try_from(raw.repetition_limit).map_err(|_| {
        bad(format!(
            "repetition limit {} is over 255",
            raw.repetition_limit
        ))
    })?;
    let move_limit_plies = u16::try_from(raw.move_limit_plies)
        .map_err(|_| bad(format!("move limit {} is over 65535", raw.move_limit_plies)))?;
    let counter_limit = u8::try_from(raw.counter_limit)
        .map_err(|_| bad(format!("counter limit {} is over 255", raw.counter_limit)))?;
    if raw.pockets > 1 {
        return Err(bad(format!(
            "pockets is {}, not 0 (none) or 1 (pieces in hand)",
            raw.pockets
        )));
    }
    let extra = Extra {
        counter_limit,
        pockets: raw.pockets == 1,
    };

    let mut pieces: Vec<PieceInfo> = Vec::with_capacity(raw.piece_count as usize);
    for kind in 0..raw.piece_count {
        let mut p = RawPiece::default();
        // SAFETY: `p` and the message buffer live through the call.
        call(|err| unsafe { piece_fn(kind, &mut p, err) })
            .map_err(|e| failed(&format!("piece_info({kind})"), e))?;
        let letter = char::from_u32(p.letter)
            .filter(char::is_ascii_alphabetic)
            .ok_or_else(|| {
                bad(format!(
                    "piece kind {kind} has letter code {}, not a letter a-z",
                    p.letter
                ))
            })?
            .to_ascii_uppercase();
        if pieces.iter().any(|q| q.letter == letter) {
            return Err(bad(format!("two piece kinds use the letter {letter}")));
        }
        if p.flags & !(PIECE_ROYAL | PIECE_PAWN) != 0 {
            return Err(bad(format!(
                "piece kind {kind} has unknown flags {:#x}",
                p.flags
            )));
        }
        let name = text(TEXT_PIECE_NAME, kind)
            .map_err(|e| failed(&format!("the name of piece kind {kind}"), e))?;
        pieces.push(PieceInfo {
            letter,
            name,
            value: p.value,
            royal: p.flags & PIECE_ROYAL != 0,
            pawn: p.flags & PIECE_PAWN != 0,
        });
    }
    let castling_letters: Vec<char> = text(TEXT_CASTLING_LETTERS, 0)
        .map_err(|e| failed("castling letters", e))?
        .chars()
        .collect();
    if castling_letters.len() != raw.castling_count as usize
        || !castling_letters.iter().all(char::is_ascii_alphabetic)
    {
        return Err(bad(format!(
            "castling letters {:?} are not {} letters",
            castling_letters.iter().collect::<String>(),
            raw.castling_count
        )));
    }
    let info = VariantInfo {
        name: name.to_string(),
        title: text(TEXT_TITLE, 0).map_err(|e| failed("title", e))?,
        description: text(TEXT_DESCRIPTION, 0).map_err(|e| failed("description", e))?,
        shape,
        pieces,
        castling_letters,
        en_passant: raw.en_passant != 0,
        repetition_limit,
        move_limit_plies,
        bare_kings_draw: raw.bare_kings_draw != 0,
    };
    Ok((info, extra))
}
