//! Reading and writing positions (FEN), moves (R-N1) and games (PDN, with their move trees).
//! Depends on `rules` only; each format has its own error type.

pub mod date;
pub mod fen;
pub mod movetext;
pub mod pdn;
pub mod shots;
pub mod stepper;
pub mod tree;

/// Error messages quote at most this many characters of the input they are about.
pub const EXCERPT_CHARS: usize = 60;

/// The text an error quotes: all of it when short, else its first [`EXCERPT_CHARS`]
/// characters and how long it was (a 20 MB token must not make a 20 MB message).
pub(crate) fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}... ({} characters)", &text[..cut], text.chars().count()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpt_keeps_short_text_and_cuts_long_text() {
        assert_eq!(excerpt("22-18"), "22-18");
        let exact = "é".repeat(EXCERPT_CHARS);
        assert_eq!(excerpt(&exact), exact);
        let long = "é".repeat(EXCERPT_CHARS + 1);
        assert_eq!(
            excerpt(&long),
            format!("{}... (61 characters)", "é".repeat(EXCERPT_CHARS))
        );
    }
}
