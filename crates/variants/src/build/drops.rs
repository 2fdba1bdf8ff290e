//! `[drops]` to the core's `DropsDef`.

use super::{Builder, single_letter};
use crate::error::VariantFileError;
use crate::schema::DropsFile;
use chess4d_core::DropsDef;
use toml::Spanned;

impl Builder<'_> {
    /// The drop rules of the file (no drops when there is no `[drops]` table).
    pub(super) fn drops(
        &self,
        file: Option<&Spanned<DropsFile>>,
    ) -> Result<DropsDef, VariantFileError> {
        let Some(file) = file else {
            return Ok(DropsDef::default());
        };
        let d = file.get_ref();
        let captures_to_hand = match d.captures.as_str() {
            "hand" => true,
            "none" => false,
            other => {
                return Err(self.err(
                    file.span(),
                    format!(
                        "captures = \"{other}\": a captured piece goes to the \"hand\" or \
                         \"none\" (is gone)"
                    ),
                ));
            }
        };
        let letter = |what: &str, l: &Option<String>| match l {
            None => Ok(None),
            Some(l) => single_letter(l).map(Some).ok_or_else(|| {
                self.err(
                    file.span(),
                    format!("{what}: \"{l}\" is not a piece letter"),
                )
            }),
        };
        let demote_to = letter("demote", &d.demote)?;
        let mut kind_regions = Vec::new();
        for (l, region) in &d.piece_regions {
            if let Some(c) = letter("piece_regions", &Some(l.clone()))? {
                kind_regions.push((c, region.clone()));
            }
        }
        Ok(DropsDef {
            enabled: true,
            captures_to_hand,
            demote_to,
            first_rank_pawn_drops: d.first_rank_pawns,
            promotion_zone_pawn_drops: d.promotion_zone_pawns,
            region: d.region.clone(),
            must_drop: d.must_drop,
            one_pawn_per_file: d.one_pawn_per_file,
            no_pawn_drop_mate: d.no_pawn_drop_mate,
            opposite_colors: letter("opposite_colors", &d.opposite_colors)?,
            castling_rook: letter("castling_rook", &d.castling_rook)?,
            kind_regions,
        })
    }
}
