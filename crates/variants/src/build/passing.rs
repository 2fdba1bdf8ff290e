//! `[passing]` to the core's `PassingDef`.

use super::{Builder, single_letter};
use crate::error::VariantFileError;
use crate::schema::PassingFile;
use chess4d_core::PassingDef;
use toml::Spanned;

impl Builder<'_> {
    /// Passing and its endings (off when there is no `[passing]` table).
    pub(super) fn passing(
        &self,
        file: Option<&Spanned<PassingFile>>,
    ) -> Result<PassingDef, VariantFileError> {
        let Some(file) = file else {
            return Ok(PassingDef::default());
        };
        let p = file.get_ref();
        let mut points = Vec::new();
        for (letter, &value) in &p.points {
            let l = single_letter(letter).ok_or_else(|| {
                self.err(
                    file.span(),
                    format!("points: '{letter}' is not a piece letter"),
                )
            })?;
            let v = u16::try_from(value).map_err(|_| {
                self.err(
                    file.span(),
                    format!("points: {letter} = {value} must be 0-65535"),
                )
            })?;
            points.push((l.to_ascii_uppercase(), v));
        }
        let bonus = p.black_bonus.unwrap_or(0.0);
        if !(0.0..=6553.0).contains(&bonus) {
            return Err(self.err(file.span(), "black_bonus must be 0-6553"));
        }
        Ok(PassingDef {
            king_pass: p.king,
            facing_kings: p.facing_kings,
            points,
            black_bonus_tenths: (bonus * 10.0).round() as u16,
        })
    }
}
