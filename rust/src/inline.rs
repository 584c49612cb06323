//! A short list kept inline, without a heap allocation: the fixed-capacity
//! lists of the hot loops (a search node's melds, the search's segments,
//! pairs and wild values, a run's ends, a rank's card counts), each capacity a bound its use proves.

use std::ops::{Deref, DerefMut};

/// Up to `N` values in the order pushed; reads, compares and sorts as the slice of them.
#[derive(Clone, Copy)]
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

impl<T: Copy, const N: usize> Inline<T, N> {
    /// An empty list whose unused slots hold `filler`: as a `const`, a list that is copied
    /// whole (the default fills the slots one by one where `T` has padding bytes, as an
    /// enum of a few bytes does).
    pub const fn empty_of(filler: T) -> Self {
        Inline {
            items: [filler; N],
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

    /// Add `value` at the end if there is room: false (and no change) when the list is full,
    /// for a use whose capacity is not a bound its loop proves (an outside request).
    #[inline]
    pub fn try_push(&mut self, value: T) -> bool {
        if self.len == N {
            return false;
        }
        self.push(value);
        true
    }

    /// The values of `values` in their order; None when there are more than `N`.
    pub fn try_from_slice(values: &[T]) -> Option<Self> {
        let mut out = Inline::default();
        values.iter().all(|&v| out.try_push(v)).then_some(out)
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

/// Lists are ordered as their slices are (lexicographically).
impl<T: Ord, const N: usize> PartialOrd for Inline<T, N> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<T: Ord, const N: usize> Ord for Inline<T, N> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (**self).cmp(&**other)
    }
}

/// Shown as the slice of the values pushed.
impl<T: std::fmt::Debug, const N: usize> std::fmt::Debug for Inline<T, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

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
    fn try_push_refuses_past_its_capacity_and_lists_order_as_slices() {
        let mut list: Inline<u8, 2> = Inline::default();
        assert!(list.try_push(1) && list.try_push(2));
        assert!(!list.try_push(3));
        assert_eq!(&*list, &[1, 2]);
        assert!(Inline::<u8, 2>::try_from_slice(&[1, 2, 3]).is_none());
        let short = Inline::<u8, 2>::try_from_slice(&[1]).unwrap();
        // [1] < [1, 2] < [2], as slices (and tuples) order
        assert!(short < list && list < Inline::try_from_slice(&[2]).unwrap());
        assert_eq!(format!("{list:?}"), "[1, 2]");
    }

    #[test]
    #[should_panic]
    fn refuses_a_value_past_its_capacity() {
        let mut list: Inline<u8, 1> = Inline::default();
        list.push(1);
        list.push(2);
    }
}
