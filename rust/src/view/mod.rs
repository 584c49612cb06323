//! What one seat may see and know of a native state (RULES E-4), as the
//! Python package's `kanasta.view` (with its `seen` and its document):
//!
//! * [`seen`]: the seat's view of a state ([`SeatView`](seen::SeatView)), the
//!   only door the encoders and the document have to it, and the events as the
//!   seat saw them ([`hidden`]);
//! * [`memory`]: what the seat knows from the public moves (the cards each seat
//!   is known to hold, each seat's discards this hand);
//! * [`json`]: JSON text as Python's `json.dumps` writes it;
//! * [`document`]: the view document a server sends the seat (`kanasta.view/1`).

pub mod document;
pub mod json;
pub mod memory;
pub mod seen;

pub use document::{seen_events_value, step_text, view_json, VIEW_FORMAT};
pub use seen::{hidden, Hidden};
