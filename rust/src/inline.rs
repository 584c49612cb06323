//! A short list kept inline, without a heap allocation: the fixed-capacity
//! lists of the hot loops (a search node's melds, the search's segments,
//! pairs and wild values, a run's ends, a rank's card counts), each capacity a bound its use proves.

use std::ops::{Deref, DerefMut};

/// Up to `N` values in the order pushed; reads and sorts as the slice of them.
#[derive(Clone, Copy, Debug)]
pub struct Inline<T, const N: usize> {
    items: [T; N],
    len: usize,
}

impl<T: Copy + Default, const N: usize> Default for Inline<T, N> {
    fn default() -> Self {
        Inline {
            items: [T::default(); N],
            len: 0,
        }
    }
}

impl<T: Copy + Default, const N: usize> Inline<T, N> {
    /// Add `value` at the end.  Past `N` values this panics: every use's
    /// capacity is the most its loop can push.
    #[inline]
    pub fn push(&mut self, value: T) {
        self.items[self.len] = value;
        self.len += 1;
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for Inline<T, N> {
    #[inline]
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut out = Inline::default();
        for value in iter {
            out.push(value);
        }
        out
    }
}

impl<T, const N: usize> Deref for Inline<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.items[..self.len]
    }
}

impl<T, const N: usize> DerefMut for Inline<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..self.len]
    }
}

/// Lists are equal when the values pushed are (the unused capacity is no part of them).
impl<T: PartialEq, const N: usize> PartialEq for Inline<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Eq, const N: usize> Eq for Inline<T, N> {}

#[cfg(test)]
mod tests {
    use super::Inline;

    #[test]
    fn keeps_what_was_pushed_in_order_and_sorts_as_a_slice() {
        let mut list: Inline<i32, 4> = [5, -1, 3].into_iter().collect();
        assert_eq!(&*list, &[5, -1, 3]);
        list.push(0);
        list.sort_unstable();
        assert_eq!(&*list, &[-1, 0, 3, 5]);
        assert!(Inline::<u8, 2>::default().is_empty());
    }

    #[test]
    fn lists_are_equal_when_their_values_are() {
        let pair: Inline<u8, 3> = [1, 2].into_iter().collect();
        assert_eq!(pair, [1, 2].into_iter().collect());
        assert_ne!(pair, [2, 1].into_iter().collect());
        // the unused slot holds the default 0: a third value 0 still differs
        assert_ne!(pair, [1, 2, 0].into_iter().collect());
    }

    #[test]
    #[should_panic]
    fn refuses_a_value_past_its_capacity() {
        let mut list: Inline<u8, 1> = Inline::default();
        list.push(1);
        list.push(2);
    }
}
