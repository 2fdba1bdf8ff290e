//! Every JSON example of `docs/protocol.md` is read into the protocol's types, and every
//! field it writes survives the round trip: the document and the code cannot drift.

use chess4d_protocol::*;
use serde_json::Value;

const DOC: &str = include_str!("../../../docs/protocol.md");

/// (info string after ```json, the block's text, its line)
fn examples() -> Vec<(String, String, usize)> {
    let mut out = Vec::new();
    let mut lines = DOC.lines().enumerate();
    while let Some((n, line)) = lines.next() {
        let Some(info) = line.strip_prefix("```json") else {
            continue;
        };
        let mut body = String::new();
        for (_, l) in lines.by_ref() {
            if l.starts_with("```") {
                break;
            }
            body.push_str(l);
            body.push('\n');
        }
        out.push((info.trim().to_string(), body, n + 1));
    }
    out
}

/// Every field of `doc` is in `code` with the same value (`code` may add defaults).
fn covered(doc: &Value, code: &Value, path: &str) -> Result<(), String> {
    match (doc, code) {
        (Value::Object(d), Value::Object(c)) => {
            for (k, v) in d {
                let inner = c
                    .get(k)
                    .ok_or(format!("{path}.{k} is not a field of the type"))?;
                covered(v, inner, &format!("{path}.{k}"))?;
            }
            Ok(())
        }
        (Value::Array(d), Value::Array(c)) if d.len() == c.len() => d
            .iter()
            .zip(c)
            .enumerate()
            .try_for_each(|(i, (a, b))| covered(a, b, &format!("{path}[{i}]"))),
        (Value::Number(a), Value::Number(b)) if a.as_f64() == b.as_f64() => Ok(()),
        (a, b) if a == b => Ok(()),
        (a, b) => Err(format!(
            "{path}: the document says {a}, the code writes {b}"
        )),
    }
}

fn round_trip<T: serde::de::DeserializeOwned + serde::Serialize>(text: &str) -> Result<(), String> {
    let doc: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let typed: T = serde_json::from_value(doc.clone()).map_err(|e| e.to_string())?;
    let code = serde_json::to_value(&typed).map_err(|e| e.to_string())?;
    covered(&doc, &code, "")
}

#[test]
fn every_example_reads_into_its_type() {
    let examples = examples();
    assert!(
        examples.len() >= 40,
        "only {} examples found",
        examples.len()
    );
    let mut failures = Vec::new();
    for (info, body, line) in &examples {
        let result = match info.as_str() {
            "client" => decode_client(body)
                .map_err(|e| e.to_string())
                .and_then(|_| round_trip::<ClientMessage>(body)),
            "server" => decode_server(body)
                .map_err(|e| e.to_string())
                .and_then(|_| round_trip::<ServerMessage>(body)),
            "http:Credentials" => round_trip::<Credentials>(body),
            "http:SessionToken" => round_trip::<SessionToken>(body),
            "http:HttpError" => round_trip::<HttpError>(body),
            "http:VariantList" => round_trip::<VariantList>(body),
            "http:GameList" => round_trip::<GameList>(body),
            "http:Leaderboard" => round_trip::<Leaderboard>(body),
            "http:Profile" => round_trip::<Profile>(body),
            other => Err(format!("unknown example kind `{other}`")),
        };
        if let Err(e) = result {
            failures.push(format!("docs/protocol.md:{line} ({info}): {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_message_type_has_an_example() {
    let examples = examples();
    let types_in = |kind: &str| -> Vec<String> {
        examples
            .iter()
            .filter(|(i, _, _)| i == kind)
            .filter_map(|(_, b, _)| {
                let v: Value = serde_json::from_str(b).ok()?;
                Some(v.get("t")?.as_str()?.to_string())
            })
            .collect()
    };
    let client = types_in("client");
    for t in ClientMessage::TYPES {
        assert!(
            client.iter().any(|c| c == t),
            "no client example of \"{t}\""
        );
    }
    let server = types_in("server");
    for t in ServerMessage::TYPES {
        assert!(
            server.iter().any(|c| c == t),
            "no server example of \"{t}\""
        );
    }
}

#[test]
fn every_error_kind_is_in_the_table() {
    for kind in ErrorKind::ALL {
        let row = format!("| `{}` |", kind.as_str());
        assert!(DOC.contains(&row), "docs/protocol.md has no row for {kind}");
        let json = serde_json::to_string(&kind).unwrap();
        assert_eq!(json, format!("\"{}\"", kind.as_str()));
    }
}

#[test]
fn bad_frames_get_the_right_kind() {
    let kind = |text: &str| decode_client(text).unwrap_err().kind;
    assert_eq!(kind("not json"), ErrorKind::BadFrame);
    assert_eq!(kind("[1,2]"), ErrorKind::BadFrame);
    assert_eq!(kind(r#"{"t":5}"#), ErrorKind::BadFrame);
    assert_eq!(
        kind(r#"{"t":"castle_queenside"}"#),
        ErrorKind::UnknownMessage
    );
    assert_eq!(kind(r#"{"t":"move","game":"x"}"#), ErrorKind::BadRequest);
    assert_eq!(
        kind(r#"{"t":"move","game":1,"ply":-1,"mv":"e2e4"}"#),
        ErrorKind::BadRequest
    );
    let big = format!(r#"{{"t":"ping","pad":"{}"}}"#, "x".repeat(MAX_FRAME_BYTES));
    assert_eq!(kind(&big), ErrorKind::TooLarge);
}
