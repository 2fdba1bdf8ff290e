//! `[promotion]` to the core's `PromotionDef`.

use super::{Builder, single_letter};
use crate::error::VariantFileError;
use crate::schema::PromotionFile;
use chess4d_core::PromotionDef;
use toml::Spanned;

impl Builder<'_> {
    /// The promotion rules of the file (chess's when there is no `[promotion]` table).
    pub(super) fn promotion_rules(
        &self,
        file: Option<&Spanned<PromotionFile>>,
    ) -> Result<PromotionDef, VariantFileError> {
        let Some(file) = file else {
            return Ok(PromotionDef::default());
        };
        let mut limits = Vec::new();
        for (letter, &n) in &file.get_ref().limits {
            let l = single_letter(letter).ok_or_else(|| {
                self.err(
                    file.span(),
                    format!("limits: \"{letter}\" is not a piece letter"),
                )
            })?;
            let n = u8::try_from(n).ok().filter(|&n| n > 0).ok_or_else(|| {
                self.err(file.span(), format!("limits: {letter} = {n} must be 1-255"))
            })?;
            limits.push((l, n));
        }
        Ok(PromotionDef {
            optional: file.get_ref().optional,
            limits,
        })
    }
}
