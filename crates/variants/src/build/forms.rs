//! `[forms]` to the core's `FormsDef`.

use super::{Builder, single_letter};
use crate::error::VariantFileError;
use crate::schema::FormsFile;
use chess4d_core::FormsDef;
use toml::Spanned;

impl Builder<'_> {
    /// The promoted forms of the file (none when there is no `[forms]` table).
    pub(super) fn forms(
        &self,
        file: Option<&Spanned<FormsFile>>,
    ) -> Result<FormsDef, VariantFileError> {
        let Some(file) = file else {
            return Ok(FormsDef::default());
        };
        let f = file.get_ref();
        let mut promotes = Vec::new();
        for (from, to) in &f.promotes {
            let pair = single_letter(from).zip(single_letter(to)).ok_or_else(|| {
                self.err(
                    file.span(),
                    format!("promotes: {from} = \"{to}\" must pair two piece letters"),
                )
            })?;
            promotes.push(pair);
        }
        Ok(FormsDef {
            promotes,
            zone: f.zone.clone(),
            immobility_illegal: f.immobility_illegal,
            mandatory: f.mandatory,
            demotes: f.demotes,
            drop_promoted: f.drop_promoted,
            on_capture: f.on_capture,
        })
    }
}
