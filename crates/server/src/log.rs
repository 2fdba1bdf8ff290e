//! The server's log: one event per line on standard error, in logfmt (`ts=... level=...
//! msg="..." key=value`), which journald, Loki, Vector and `grep` all read as it is. With
//! several nodes every line names its node, so the lines of all nodes can be merged.
//! (A logging framework would add nothing these few events need.)

use std::fmt::Display;
use std::sync::OnceLock;

static NODE: OnceLock<String> = OnceLock::new();

/// Names this process's node in every later line (once; later calls are ignored).
pub fn set_node(node: &str) {
    let _ = NODE.set(node.to_string());
}

/// Something an operator should know that is not a failure.
pub fn info(msg: &str, fields: &[(&str, &dyn Display)]) {
    eprintln!("{}", line("info", msg, fields, crate::clock::now_ms()));
}

/// A failure the server carried on from.
pub fn warn(msg: &str, fields: &[(&str, &dyn Display)]) {
    eprintln!("{}", line("warn", msg, fields, crate::clock::now_ms()));
}

/// One line: time (UTC, ms), level, message, node, then the fields. Values with spaces,
/// quotes or `=` are quoted.
pub fn line(level: &str, msg: &str, fields: &[(&str, &dyn Display)], now_ms: u64) -> String {
    let mut out = format!("ts={} level={level} msg={}", timestamp(now_ms), quoted(msg));
    if let Some(node) = NODE.get() {
        out.push_str(&format!(" node={}", quoted(node)));
    }
    for (key, value) in fields {
        out.push_str(&format!(" {key}={}", quoted(&value.to_string())));
    }
    out
}

fn quoted(v: &str) -> String {
    if !v.is_empty() && !v.contains(|c: char| c.is_whitespace() || c == '"' || c == '=') {
        return v.to_string();
    }
    format!("\"{}\"", v.replace('\\', "\\\\").replace('"', "\\\""))
}

/// RFC 3339 in UTC with milliseconds, from ms since 1970 (days to a civil date by
/// Howard Hinnant's algorithm).
fn timestamp(ms: u64) -> String {
    let secs = ms / 1000;
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60,
        ms % 1000
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_logfmt_with_a_utc_time() {
        let game = 42u64;
        let l = line(
            "warn",
            "a game not read again",
            &[("game", &game), ("error", &"PostgreSQL: gone \"away\"")],
            1_764_786_645_123,
        );
        assert_eq!(
            l,
            "ts=2025-12-03T18:30:45.123Z level=warn msg=\"a game not read again\" game=42 \
             error=\"PostgreSQL: gone \\\"away\\\"\""
        );
        assert_eq!(timestamp(951_782_400_000), "2000-02-29T00:00:00.000Z");
    }
}
