//! Invitation links: the code the server gives an invitation (a challenge to nobody in
//! particular), written as a link to send a friend, and read back from whatever they
//! paste (the link, or the bare code).

/// The invitation link of a code, to give a friend.
pub fn invitation_link(code: &str) -> String {
    format!("chess4d://invite/{code}")
}

/// The code of a pasted invitation link (or of the bare code).
pub fn invitation_code(pasted: &str) -> String {
    let t = pasted.trim();
    t.rsplit('/').next().unwrap_or(t).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_invitation_link_gives_back_its_code() {
        assert_eq!(invitation_code(&invitation_link("k3J9")), "k3J9");
        assert_eq!(invitation_code(" k3J9 "), "k3J9");
    }
}
