//! Reading and writing frames, with a refusal of the right kind for every bad one.

use crate::client::ClientMessage;
use crate::error::{ErrorKind, ErrorMessage};
use crate::server::ServerMessage;
use serde::Serialize;

/// Why a frame could not be read.
pub type DecodeError = ErrorMessage;

/// Reads a client's text frame: `too_large` past [`crate::MAX_FRAME_BYTES`], `bad_frame`
/// for text that is not a JSON object with a string `"t"`, `unknown_message` for a `"t"`
/// this version does not know, `bad_request` for a known message with wrong fields.
pub fn decode_client(text: &str) -> Result<ClientMessage, DecodeError> {
    decode(text, ClientMessage::TYPES)
}

/// Reads a server's text frame (what clients use), with the same refusals.
pub fn decode_server(text: &str) -> Result<ServerMessage, DecodeError> {
    decode(text, ServerMessage::TYPES)
}

fn decode<T: serde::de::DeserializeOwned>(text: &str, types: &[&str]) -> Result<T, DecodeError> {
    if text.len() > crate::MAX_FRAME_BYTES {
        return Err(ErrorMessage::new(
            ErrorKind::TooLarge,
            format!(
                "the frame has {} bytes; at most {} are read",
                text.len(),
                crate::MAX_FRAME_BYTES
            ),
        ));
    }
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| ErrorMessage::new(ErrorKind::BadFrame, format!("not JSON: {e}")))?;
    let Some(t) = value.get("t").and_then(|t| t.as_str()).map(str::to_owned) else {
        return Err(ErrorMessage::new(
            ErrorKind::BadFrame,
            "a message is a JSON object with a string field \"t\"",
        ));
    };
    if !types.contains(&t.as_str()) {
        let mut e = ErrorMessage::new(
            ErrorKind::UnknownMessage,
            format!(
                "no message \"{}\" in protocol version {}",
                t.escape_debug(),
                crate::PROTOCOL_VERSION
            ),
        );
        e.reply_to = Some(t);
        return Err(e);
    }
    serde_json::from_value(value).map_err(|e| {
        let mut err = ErrorMessage::new(ErrorKind::BadRequest, format!("\"{t}\": {e}"));
        err.reply_to = Some(t.clone());
        err
    })
}

/// Writes a message as a text frame.
pub fn encode<T: Serialize>(msg: &T) -> String {
    // Serialising these types cannot fail: no maps with non-string keys, no floats
    // that are not numbers are produced by the server (NaN would be written as null).
    serde_json::to_string(msg).unwrap_or_else(|e| {
        format!(r#"{{"t":"error","kind":"internal","message":"cannot write a message: {e}"}}"#)
    })
}
