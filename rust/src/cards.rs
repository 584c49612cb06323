//! Cards as their index (RULES G-DECK-1, G-DECK-2), the same numbering as
//! `kanasta.Card.index`: rank-major with the ace first (`index = 4 * (rank - 1)
//! + suit`, suits clubs, diamonds, hearts, spades), and 52 for the joker.

/// A card: its index 0-52.
pub type Card = u8;

/// The joker's index.
pub const JOKER: Card = 52;
/// Number of distinct cards (52 naturals and the joker).
pub const DISTINCT: usize = 53;
/// Number of cards in a game's deck: two packs and four jokers.
pub const DECK_SIZE: usize = 108;

/// The wild cards: the four 2s and the joker (G-WILD-1), in index order.
pub const WILD_CARDS: [Card; 5] = [4, 5, 6, 7, JOKER];

/// The card of `rank` (1 for the ace ... 13 for the king) and `suit` (0-3).
pub const fn card(rank: u8, suit: u8) -> Card {
    4 * (rank - 1) + suit
}

/// The rank 1-13 of a natural card (None for the joker).
pub const fn rank(c: Card) -> Option<u8> {
    if c == JOKER {
        None
    } else {
        Some(c / 4 + 1)
    }
}

/// A joker or a two (C-CARD-1).
pub const fn is_wild(c: Card) -> bool {
    c == JOKER || c / 4 == 1
}

/// The joker.
pub const fn is_joker(c: Card) -> bool {
    c == JOKER
}

/// The 3 of diamonds or of hearts.
pub const fn is_red_three(c: Card) -> bool {
    c == 9 || c == 10
}

/// The 3 of clubs or of spades.
pub const fn is_black_three(c: Card) -> bool {
    c == 8 || c == 11
}

/// The 108 cards of a game in canonical (index) order, like `kanasta.DECK`.
pub fn deck() -> [Card; DECK_SIZE] {
    let mut out = [JOKER; DECK_SIZE];
    for (i, slot) in out.iter_mut().take(2 * 52).enumerate() {
        *slot = (i / 2) as Card;
    }
    out
}

/// How many of the card `c` a game's deck holds (two of each natural, four jokers: [`deck`]).
pub const fn copies(c: Card) -> u8 {
    if c == JOKER {
        4
    } else {
        2
    }
}

/// The notation of a card (`7H`, `TS`, `JK`), as `str(kanasta.Card)` writes it.
pub fn notation(c: Card) -> String {
    match rank(c) {
        None => "JK".to_string(),
        Some(r) => {
            let rank = b"A23456789TJQK"[usize::from(r - 1)] as char;
            let suit = b"CDHS"[usize::from(c % 4)] as char;
            format!("{rank}{suit}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_match_the_python_numbering() {
        // Card.index: 7H is rank 7, hearts (2): 4 * 6 + 2 = 26; the joker is 52.
        assert_eq!(card(7, 2), 26);
        assert_eq!(notation(26), "7H");
        assert_eq!(notation(card(10, 3)), "TS");
        assert_eq!(notation(JOKER), "JK");
        assert_eq!(notation(0), "AC");
    }

    #[test]
    fn card_classes() {
        let wilds: Vec<String> = (0..53).filter(|&c| is_wild(c)).map(notation).collect();
        assert_eq!(wilds, ["2C", "2D", "2H", "2S", "JK"]);
        let reds: Vec<String> = (0..53).filter(|&c| is_red_three(c)).map(notation).collect();
        assert_eq!(reds, ["3D", "3H"]);
        let blacks: Vec<String> = (0..53)
            .filter(|&c| is_black_three(c))
            .map(notation)
            .collect();
        assert_eq!(blacks, ["3C", "3S"]);
        assert!(is_joker(JOKER) && !is_joker(card(2, 0)));
        assert_eq!(rank(JOKER), None);
        assert_eq!(rank(card(13, 3)), Some(13));
    }

    #[test]
    fn deck_has_two_packs_and_four_jokers_in_order() {
        let d = deck();
        let mut counts = [0usize; DISTINCT];
        for &c in &d {
            counts[usize::from(c)] += 1;
        }
        assert!(counts[..52].iter().all(|&n| n == 2));
        assert_eq!(counts[52], 4);
        assert!(d.windows(2).all(|w| w[0] <= w[1]));
    }
    #[test]
    fn copies_counts_each_card_in_the_deck() {
        let d = deck();
        for c in 0..DISTINCT as Card {
            assert_eq!(
                usize::from(copies(c)),
                d.iter().filter(|&&x| x == c).count()
            );
        }
    }
}
