//! Position documents (`kanasta.position/1`): the JSON the Python
//! `State.to_dict()` writes and `State.from_dict()` reads.
//!
//! [`to_value`] writes the same document as Python, key for key, in the same
//! order.  [`from_value`] reads a document, with the Python reader's defaults
//! for the keys a hand-written document may leave out (the packets and stock
//! left out are dealt from the unseen cards by the same stream).  It checks
//! shapes, types, card notation, melds and the 108 cards, enough that no
//! document can make the core panic, and, last, that the position's legal
//! moves list within the engine's work budget (a position past it is refused
//! with the Python reader's message, [`read_within`]); the Python reader
//! stays the guard of everything else (that the turn, scores and table
//! agree, that a game could be in the position) for documents from strangers.
//!
//! Its parts, by concept (as the Python engine's modules):
//!
//! * [`write`](mod@write): writing a document, an event, a hand result (`kanasta.serialize`);
//! * [`reading`]: reading one JSON value, with the path of a bad one (`kanasta._reading`);
//! * [`position`]: reading a whole document (`kanasta._position`);
//! * this module: the format name and the error ([`DocError`]) they share.

pub mod history;
pub mod position;
pub mod reading;
pub mod write;

pub use position::{from_json, from_json_within, from_value, read_meld_text, read_within};
pub use write::{event_value, result_value, to_json, to_value};

/// The `"format"` of a position document.
pub const FORMAT: &str = "kanasta.position/1";

/// Why a document cannot be read: the dotted path of the bad value and the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocError {
    pub path: String,
    pub message: String,
}

impl std::fmt::Display for DocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let path = if self.path.is_empty() {
            "<document>"
        } else {
            &self.path
        };
        write!(f, "{path}: {}", self.message)
    }
}

impl std::error::Error for DocError {}

fn fail<T>(path: &str, message: impl Into<String>) -> Result<T, DocError> {
    Err(DocError {
        path: path.to_string(),
        message: message.into(),
    })
}

fn join(path: &str, key: impl std::fmt::Display) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

#[cfg(test)]
mod tests;
