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
//! * [`reading`]: reading one JSON value, with the path of a bad one, and the
//!   error of a document that cannot be read ([`DocError`]) (`kanasta.documents.reading`);
//! * [`parts`]: the parts every document is made of (cards, melds, the turn,
//!   hand results, events), written and read (`kanasta.documents.parts`);
//! * [`position`]: the position document, written and read, and its format's
//!   name ([`FORMAT`]) (`kanasta.documents.position`);
//! * [`history`]: a line's history as text and back, for pickling;
//! * this module: the names the crate reads documents by.

pub mod history;
pub mod parts;
pub mod position;
pub mod reading;

pub use parts::{event_value, read_meld_text, result_value};
pub use position::{
    from_json, from_json_within, from_value, read_within, to_json, to_value, FORMAT,
};
pub use reading::DocError;

#[cfg(test)]
mod tests;
