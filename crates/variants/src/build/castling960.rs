//! `[castling960]` to the core's `Castling960Def`.

use super::{Builder, single_letter};
use crate::error::VariantFileError;
use crate::schema::Castling960File;
use chess4d_core::Castling960Def;
use toml::Spanned;

impl Builder<'_> {
    /// Castling from any start array, when the file asks for it.
    pub(super) fn castling960(
        &self,
        file: Option<&Spanned<Castling960File>>,
    ) -> Result<Option<Castling960Def>, VariantFileError> {
        let Some(file) = file else {
            return Ok(None);
        };
        let c = file.get_ref();
        let span = c.king_files.span();
        let mut king_files = [0u8; 2];
        for (slot, name) in king_files.iter_mut().zip(c.king_files.get_ref()) {
            *slot = match single_letter(name) {
                Some(f) if f.is_ascii_lowercase() => f as u8 - b'a',
                _ => {
                    return Err(self.err(
                        span.clone(),
                        format!("king_files are two file letters (\"g\", \"c\"), not \"{name}\""),
                    ));
                }
            };
        }
        let piece = match &c.piece {
            None => 'R',
            Some(p) => single_letter(p.get_ref())
                .ok_or_else(|| self.err(p.span(), "piece is one piece letter"))?
                .to_ascii_uppercase(),
        };
        Ok(Some(Castling960Def { king_files, piece }))
    }
}
