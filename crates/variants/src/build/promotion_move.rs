//! `[promotion_move]` to the core's `PromotionMoveDef`.

use super::{Builder, single_letter};
use crate::error::VariantFileError;
use crate::schema::PromotionMoveFile;
use chess4d_core::PromotionMoveDef;
use toml::Spanned;

impl Builder<'_> {
    /// The promotion move of the file (none without a `[promotion_move]` table).
    pub(super) fn promotion_move(
        &self,
        file: Option<&Spanned<PromotionMoveFile>>,
    ) -> Result<PromotionMoveDef, VariantFileError> {
        let Some(file) = file else {
            return Ok(PromotionMoveDef::default());
        };
        let d = file.get_ref();
        let kind = single_letter(&d.to).ok_or_else(|| {
            self.err(
                file.span(),
                format!("to = \"{}\": a pawn becomes one piece, by its letter", d.to),
            )
        })?;
        Ok(PromotionMoveDef {
            kind: Some(kind),
            region: d.region.clone(),
            limit: d.limit,
        })
    }
}
