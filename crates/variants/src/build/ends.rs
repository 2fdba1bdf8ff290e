//! `[ends]` to the core's `EndsDef`.

use super::{Builder, single_letter};
use crate::error::VariantFileError;
use crate::schema::EndsFile;
use chess4d_core::{EndsDef, ExtinctionDef, GoalDef, Verdict};
use std::ops::Range;
use toml::Spanned;

impl Builder<'_> {
    /// The ending rules of the file (chess's when there is no `[ends]` table).
    pub(super) fn ends(
        &self,
        file: Option<&Spanned<EndsFile>>,
    ) -> Result<EndsDef, VariantFileError> {
        let mut out = EndsDef::default();
        let Some(file) = file else {
            return Ok(out);
        };
        let span = file.span();
        let e = file.get_ref();
        if let Some(v) = &e.checkmate {
            out.checkmate = self.verdict(v.get_ref(), v.span())?;
        }
        if let Some(v) = &e.stalemate {
            out.stalemate = self.verdict(v.get_ref(), v.span())?;
        }
        if let Some(g) = &e.goal {
            let gr = g.get_ref();
            out.goal = Some(GoalDef {
                region: gr.region.clone(),
                pieces: self.letters(gr.pieces.as_deref(), g.span())?,
                reply: gr.reply,
            });
        }
        if let Some(n) = &e.checks {
            match u8::try_from(*n.get_ref()) {
                Ok(v) if (1..=99).contains(&v) => out.checks = v,
                _ => {
                    return Err(
                        self.err(n.span(), "checks is the number of checks that wins, 1-99")
                    );
                }
            }
        }
        if let Some(x) = &e.extinction {
            let xr = x.get_ref();
            let count = |v: i64, what: &str| {
                u8::try_from(v).map_err(|_| self.err(x.span(), format!("{what} must be 0-255")))
            };
            out.extinction = Some(ExtinctionDef {
                pieces: self.letters(xr.pieces.as_deref(), x.span())?,
                at_most: count(xr.at_most, "at_most")?,
                opponent_at_least: count(xr.opponent_at_least, "opponent_at_least")?,
                reply: xr.reply,
                verdict: match &xr.result {
                    None => Verdict::Loss,
                    Some(r) => self.verdict(r, x.span())?,
                },
            });
        }
        out.must_capture = e.must_capture;
        out.checks_forbidden = e.checks_forbidden;
        out.checked_king_only_captures = e.checked_king_only_captures;
        out.flying_general = e.flying_general;
        let _ = span;
        Ok(out)
    }

    fn verdict(&self, text: &str, span: Range<usize>) -> Result<Verdict, VariantFileError> {
        match text {
            "loss" => Ok(Verdict::Loss),
            "win" => Ok(Verdict::Win),
            "draw" => Ok(Verdict::Draw),
            "fewer-pieces" => Ok(Verdict::FewerPieces),
            other => Err(self.err(
                span,
                format!(
                    "a result is \"loss\", \"win\", \"draw\" or \"fewer-pieces\", not \"{other}\""
                ),
            )),
        }
    }

    fn letters(
        &self,
        list: Option<&[String]>,
        span: Range<usize>,
    ) -> Result<Vec<char>, VariantFileError> {
        list.unwrap_or_default()
            .iter()
            .map(|l| {
                single_letter(l)
                    .ok_or_else(|| self.err(span.clone(), format!("\"{l}\" is not a piece letter")))
            })
            .collect()
    }
}
