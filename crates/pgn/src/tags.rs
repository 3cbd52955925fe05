//! [`Tags`]: a game's tag pairs, as both PGN models keep them ([`crate::Game`] and
//! [`crate::GameRecord`]).

/// A game's tag pairs in input order, names and values as raw bytes, kept in one byte
/// buffer: two allocations per game however many tags it has (a vector of pairs of vectors took two per tag, the most
/// frequent allocation of a table export).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tags {
    pub(crate) bytes: Vec<u8>,
    /// Per tag: where its name ends and where its value ends in `bytes`.
    ends: Vec<(usize, usize)>,
}

impl Tags {
    /// No tags.
    #[must_use]
    pub fn new() -> Tags {
        Tags::default()
    }

    /// Appends a tag pair.
    pub fn push(&mut self, name: &[u8], value: &[u8]) {
        self.bytes.extend_from_slice(name);
        let name_end = self.bytes.len();
        self.bytes.extend_from_slice(value);
        self.ends.push((name_end, self.bytes.len()));
    }

    /// The number of tag pairs.
    #[must_use]
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The `i`-th tag pair (name, value), from 0.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<(&[u8], &[u8])> {
        let (name_end, value_end) = *self.ends.get(i)?;
        let start = match i.checked_sub(1) {
            Some(j) => self.ends[j].1,
            None => 0,
        };
        Some((
            &self.bytes[start..name_end],
            &self.bytes[name_end..value_end],
        ))
    }

    /// The tag pairs (name, value) in input order.
    #[must_use]
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&[u8], &[u8])> + '_ {
        let mut start = 0;
        self.ends.iter().map(move |&(name_end, value_end)| {
            let pair = (
                &self.bytes[start..name_end],
                &self.bytes[name_end..value_end],
            );
            start = value_end;
            pair
        })
    }

    /// The value of the first tag named `name`.
    #[must_use]
    pub fn value(&self, name: &str) -> Option<&[u8]> {
        self.iter()
            .find(|(n, _)| *n == name.as_bytes())
            .map(|(_, v)| v)
    }

    /// Room for `bytes` more bytes of names and values and `tags` more pairs.
    pub(crate) fn reserve(&mut self, bytes: usize, tags: usize) {
        self.bytes.reserve(bytes);
        self.ends.reserve(tags);
    }

    /// Bytes held (for batching).
    pub(crate) fn weight(&self) -> usize {
        self.bytes.len() + 16 * self.ends.len()
    }
}

impl<N: AsRef<[u8]>, V: AsRef<[u8]>> FromIterator<(N, V)> for Tags {
    fn from_iter<I: IntoIterator<Item = (N, V)>>(pairs: I) -> Tags {
        let mut tags = Tags::new();
        for (name, value) in pairs {
            tags.push(name.as_ref(), value.as_ref());
        }
        tags
    }
}
