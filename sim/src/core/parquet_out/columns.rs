//! One buffer per column of the results file: values wait here a page at a time, and each
//! kind of column turns its page into the bytes of a Parquet v1 data page body, keeps the
//! dictionary of its column chunk and the chunk's statistics.
//!
//! Values are pushed as plain integers (a copy per row and column, nothing else); the
//! dictionary lookups, run finding and bit packing happen once per page in tight loops.

use super::hybrid;
use arrow_array::cast::AsArray;
use arrow_array::types::{UInt16Type, UInt32Type, UInt64Type, UInt8Type};
use arrow_array::{Array, BooleanArray};
use arrow_schema::DataType;
use parquet::basic::Encoding;
use parquet::data_type::ByteArray;
use parquet::file::statistics::Statistics;
use std::collections::HashMap;
use std::hash::Hash;

/// The dictionary id of a null in a nullable string column's page.
pub const NULL: u32 = u32::MAX;

/// What every column offers the encoder.
pub trait Column {
    /// Writes the body of a data page of the values pushed since the last call (definition
    /// levels first if the column is nullable) and forgets them; gives the values' encoding.
    fn encode_page(&mut self, out: &mut Vec<u8>) -> Encoding;
    /// Writes the PLAIN dictionary page body of the chunk, giving its entry count, or `None`
    /// for a column without a dictionary.
    fn dictionary(&self, out: &mut Vec<u8>) -> Option<u32>;
    /// The statistics of the chunk written so far, then starts a new chunk.
    fn finish_chunk(&mut self) -> Statistics;
    /// Appends the values of an Arrow array of the column's type (`dq merge`).
    fn push_array(&mut self, a: &dyn Array);
}

/// The two physical integer types: INT32 (UInt8/16/32 columns) and INT64 (UInt64 columns),
/// all with unsigned logical types, so ordered and stored as unsigned bit patterns.
pub trait Int: Copy + Ord + Eq + Hash + Default {
    /// The value as a dictionary index if below [`IDENTITY_MAX`] (see [`DictInts`]).
    fn index(self) -> Option<u32>;
    /// The value whose index is `i`.
    fn from_index(i: u32) -> Self;
    /// The values of `page` as indices, all below [`IDENTITY_MAX`] (`page` itself for u32).
    fn as_indices<'a>(page: &'a [Self], scratch: &'a mut Vec<u32>) -> &'a [u32];
    /// The smallest and largest value (one pass the compiler can vectorise).
    fn range(page: &[Self]) -> Option<(Self, Self)>;
    /// Little-endian bytes, as PLAIN stores them.
    fn put(self, out: &mut Vec<u8>);
    /// Column chunk statistics (never deprecated-style min/max: the sort order is unsigned).
    fn statistics(min: Option<Self>, max: Option<Self>) -> Statistics;
    /// The values of an unsigned Arrow array of the column's type.
    fn extend_from(out: &mut Vec<Self>, a: &dyn Array);
}

impl Int for u32 {
    fn index(self) -> Option<u32> {
        (self < IDENTITY_MAX).then_some(self)
    }
    fn from_index(i: u32) -> u32 {
        i
    }
    fn as_indices<'a>(page: &'a [u32], _: &'a mut Vec<u32>) -> &'a [u32] {
        page
    }
    fn range(page: &[u32]) -> Option<(u32, u32)> {
        // Compared as i32 with the top bit flipped (the same order): signed 32-bit min and
        // max vectorise on every x86-64, unsigned ones only from SSE4.1. One loop each, as
        // the vectoriser recognises them.
        const FLIP: u32 = 1 << 31;
        page.first()?;
        let (mut lo, mut hi) = (i32::MAX, i32::MIN);
        for &v in page {
            lo = lo.min((v ^ FLIP) as i32);
        }
        for &v in page {
            hi = hi.max((v ^ FLIP) as i32);
        }
        Some((lo as u32 ^ FLIP, hi as u32 ^ FLIP))
    }
    fn put(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn statistics(min: Option<u32>, max: Option<u32>) -> Statistics {
        Statistics::int32(min.map(|v| v as i32), max.map(|v| v as i32), None, Some(0), false)
    }
    fn extend_from(out: &mut Vec<u32>, a: &dyn Array) {
        match a.data_type() {
            DataType::UInt8 => out.extend(a.as_primitive::<UInt8Type>().values().iter().map(|&v| u32::from(v))),
            DataType::UInt16 => out.extend(a.as_primitive::<UInt16Type>().values().iter().map(|&v| u32::from(v))),
            _ => out.extend_from_slice(a.as_primitive::<UInt32Type>().values()),
        }
    }
}

impl Int for u64 {
    fn index(self) -> Option<u32> {
        (self < u64::from(IDENTITY_MAX)).then_some(self as u32)
    }
    fn from_index(i: u32) -> u64 {
        u64::from(i)
    }
    fn as_indices<'a>(page: &'a [u64], scratch: &'a mut Vec<u32>) -> &'a [u32] {
        scratch.clear();
        scratch.extend(page.iter().map(|&v| v as u32));
        scratch
    }
    fn range(page: &[u64]) -> Option<(u64, u64)> {
        Some((*page.iter().min()?, *page.iter().max()?))
    }
    fn put(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn statistics(min: Option<u64>, max: Option<u64>) -> Statistics {
        Statistics::int64(min.map(|v| v as i64), max.map(|v| v as i64), None, Some(0), false)
    }
    fn extend_from(out: &mut Vec<u64>, a: &dyn Array) {
        out.extend_from_slice(a.as_primitive::<UInt64Type>().values());
    }
}

/// Small values are their own dictionary index while a chunk's values stay below this (see
/// [`DictInts`]): at most this many dictionary entries that rows may not use.
const IDENTITY_MAX: u32 = 256;

/// The smallest and largest value of `page`, also merged into a running pair; gives the
/// page's largest.
fn extend_range<T: Int>(page: &[T], min: &mut Option<T>, max: &mut Option<T>) -> Option<T> {
    let (lo, hi) = T::range(page)?;
    *min = Some(min.map_or(lo, |m| m.min(lo)));
    *max = Some(max.map_or(hi, |m| m.max(hi)));
    Some(hi)
}

/// Integers stored PLAIN: columns with a different value in nearly every row (`game_index`,
/// `gold`), where a dictionary would only grow (and the plain values compress better).
#[derive(Default)]
pub struct PlainInts<T> {
    pub page: Vec<T>,
    min: Option<T>,
    max: Option<T>,
}

impl<T: Int> Column for PlainInts<T> {
    fn encode_page(&mut self, out: &mut Vec<u8>) -> Encoding {
        extend_range(&self.page, &mut self.min, &mut self.max);
        for v in &self.page {
            v.put(out);
        }
        self.page.clear();
        Encoding::PLAIN
    }
    fn dictionary(&self, _: &mut Vec<u8>) -> Option<u32> {
        None
    }
    fn finish_chunk(&mut self) -> Statistics {
        T::statistics(self.min.take(), self.max.take())
    }
    fn push_array(&mut self, a: &dyn Array) {
        T::extend_from(&mut self.page, a);
    }
}

/// Integers with few distinct values: a dictionary per chunk and RLE / bit-packed indices.
///
/// The dictionary starts with the values `0..identity`, so a small value is its own index and
/// rows of small counts (nearly all of them) need no lookup at all: a page whose values are
/// all below [`IDENTITY_MAX`] is encoded as it is, and `identity` grows to cover it. Once a
/// chunk meets a larger value, `identity` stays put and values from there up get entries of
/// their own after it, in first-seen order. Unused entries are allowed in a dictionary; the
/// statistics come from the values, not from the dictionary.
pub struct DictInts<T> {
    pub page: Vec<T>,
    identity: u32,
    /// Whether `identity` may still grow (no value of [`IDENTITY_MAX`] or more in the chunk).
    growing: bool,
    /// Entries after the first `identity`, and their indices.
    extra: Vec<T>,
    ids: HashMap<T, u32>,
    min: Option<T>,
    max: Option<T>,
    indices: Vec<u32>,
}

impl<T> Default for DictInts<T> {
    fn default() -> Self {
        DictInts {
            page: Vec::new(),
            identity: 0,
            growing: true,
            extra: Vec::new(),
            ids: HashMap::new(),
            min: None,
            max: None,
            indices: Vec::new(),
        }
    }
}

impl<T: Int> Column for DictInts<T> {
    fn encode_page(&mut self, out: &mut Vec<u8>) -> Encoding {
        let hi = extend_range(&self.page, &mut self.min, &mut self.max);
        match hi.and_then(T::index) {
            Some(top) if self.growing => {
                self.identity = self.identity.max(top + 1);
                let width = hybrid::bit_width(top);
                out.push(width);
                hybrid::encode(T::as_indices(&self.page, &mut self.indices), width, out);
            }
            _ => {
                self.growing = false;
                let DictInts { page, identity, extra, ids, indices, .. } = self;
                indices.clear();
                indices.resize(page.len(), 0);
                // Runs of one value are common: the last lookup is kept.
                let mut last: Option<(T, u32)> = None;
                for (index, &v) in indices.iter_mut().zip(page.iter()) {
                    *index = match v.index() {
                        Some(i) if i < *identity => i,
                        _ => match last {
                            Some((l, i)) if l == v => i,
                            _ => {
                                let i = *ids.entry(v).or_insert_with(|| {
                                    extra.push(v);
                                    *identity + extra.len() as u32 - 1
                                });
                                last = Some((v, i));
                                i
                            }
                        },
                    };
                }
                dictionary_indices(indices, *identity as usize + extra.len(), out);
            }
        }
        self.page.clear();
        Encoding::RLE_DICTIONARY
    }
    fn dictionary(&self, out: &mut Vec<u8>) -> Option<u32> {
        for i in 0..self.identity {
            T::from_index(i).put(out);
        }
        for v in &self.extra {
            v.put(out);
        }
        Some(self.identity + self.extra.len() as u32)
    }
    fn finish_chunk(&mut self) -> Statistics {
        let stats = T::statistics(self.min.take(), self.max.take());
        (self.identity, self.growing) = (0, true);
        self.extra.clear();
        self.ids.clear();
        stats
    }
    fn push_array(&mut self, a: &dyn Array) {
        T::extend_from(&mut self.page, a);
    }
}

/// The value part of a dictionary-encoded page: the index bit width, then the indices.
fn dictionary_indices(indices: &[u32], entries: usize, out: &mut Vec<u8>) -> Encoding {
    let width = hybrid::bit_width(entries.saturating_sub(1) as u32);
    out.push(width);
    hybrid::encode(indices, width, out);
    Encoding::RLE_DICTIONARY
}

/// Booleans, PLAIN (one bit each).
#[derive(Default)]
pub struct Bools {
    pub page: Vec<bool>,
    trues: u64,
    falses: u64,
}

impl Column for Bools {
    fn encode_page(&mut self, out: &mut Vec<u8>) -> Encoding {
        let trues = self.page.iter().filter(|&&b| b).count() as u64;
        self.trues += trues;
        self.falses += self.page.len() as u64 - trues;
        hybrid::pack_bools(&self.page, out);
        self.page.clear();
        Encoding::PLAIN
    }
    fn dictionary(&self, _: &mut Vec<u8>) -> Option<u32> {
        None
    }
    fn finish_chunk(&mut self) -> Statistics {
        let any = self.trues + self.falses > 0;
        let stats =
            Statistics::boolean(any.then_some(self.falses == 0), any.then_some(self.trues > 0), None, Some(0), false);
        (self.trues, self.falses) = (0, 0);
        stats
    }
    fn push_array(&mut self, a: &dyn Array) {
        let a: &BooleanArray = a.as_boolean();
        self.page.extend(a.values().iter());
    }
}

/// Strings with few distinct values, optionally nullable: a dictionary per chunk and
/// RLE / bit-packed indices. Rows push dictionary ids ([`Strs::intern`] once per distinct
/// string, not per row).
pub struct Strs {
    nullable: bool,
    /// Dictionary ids, [`NULL`] for nulls.
    pub page: Vec<u32>,
    entries: Vec<String>,
    ids: HashMap<String, u32>,
    nulls: u64,
    levels: Vec<u32>,
    indices: Vec<u32>,
}

impl Strs {
    pub fn new(nullable: bool) -> Strs {
        Strs {
            nullable,
            page: Vec::new(),
            entries: Vec::new(),
            ids: HashMap::new(),
            nulls: 0,
            levels: Vec::new(),
            indices: Vec::new(),
        }
    }

    /// The dictionary id of `s` in the current chunk, added if new.
    pub fn intern(&mut self, s: &str) -> u32 {
        intern(&mut self.entries, &mut self.ids, s)
    }

    /// Appends rows' strings given as small keys (a hero index, a seat, a cause) and the
    /// string of a key: each key's dictionary id is looked up once per call, so a row costs
    /// an index, and only strings that rows use enter the dictionary.
    pub fn push_keyed<'a, K: Copy>(
        &mut self,
        keys: impl Iterator<Item = Option<K>>,
        slot: impl Fn(K) -> u8,
        name: impl Fn(K) -> &'a str,
    ) {
        // The id of each key's slot, NULL until met in this call.
        let mut cache = [NULL; 256];
        let Strs { page, entries, ids, .. } = self;
        page.extend(keys.map(|key| match key {
            None => NULL,
            Some(k) => {
                let id = &mut cache[usize::from(slot(k))];
                if *id == NULL {
                    *id = intern(entries, ids, name(k));
                }
                *id
            }
        }));
    }
}

/// The id of `s` in a string dictionary, added if new.
fn intern(entries: &mut Vec<String>, ids: &mut HashMap<String, u32>, s: &str) -> u32 {
    if let Some(&id) = ids.get(s) {
        return id;
    }
    let id = entries.len() as u32;
    entries.push(s.to_owned());
    ids.insert(s.to_owned(), id);
    id
}

impl Column for Strs {
    fn encode_page(&mut self, out: &mut Vec<u8>) -> Encoding {
        let values = if self.nullable {
            // Definition levels (1 = present), behind their byte length as v1 pages have them.
            self.levels.clear();
            self.levels.extend(self.page.iter().map(|&id| u32::from(id != NULL)));
            let at = out.len();
            out.extend_from_slice(&[0; 4]);
            hybrid::encode(&self.levels, 1, out);
            let len = (out.len() - at - 4) as u32;
            out[at..at + 4].copy_from_slice(&len.to_le_bytes());
            self.indices.clear();
            self.indices.extend(self.page.iter().copied().filter(|&id| id != NULL));
            self.nulls += (self.page.len() - self.indices.len()) as u64;
            &self.indices
        } else {
            &self.page
        };
        let encoding = dictionary_indices(values, self.entries.len(), out);
        self.page.clear();
        encoding
    }
    fn dictionary(&self, out: &mut Vec<u8>) -> Option<u32> {
        for s in &self.entries {
            out.extend_from_slice(&(s.len() as u32).to_le_bytes());
            out.extend_from_slice(s.as_bytes());
        }
        Some(self.entries.len() as u32)
    }
    fn finish_chunk(&mut self) -> Statistics {
        // `str` orders byte by byte, as the unsigned sort order of UTF-8 strings has it.
        let bytes = |s: Option<&String>| s.map(|s| ByteArray::from(s.as_bytes().to_vec()));
        let (min, max) = (bytes(self.entries.iter().min()), bytes(self.entries.iter().max()));
        let stats = Statistics::byte_array(min, max, None, Some(self.nulls), false);
        self.entries.clear();
        self.ids.clear();
        self.nulls = 0;
        stats
    }
    fn push_array(&mut self, a: &dyn Array) {
        let a = a.as_string::<i32>();
        // Consecutive rows often repeat a string: skip the hash lookup then.
        let mut last: Option<(&str, u32)> = None;
        for i in 0..a.len() {
            let id = if a.is_null(i) {
                NULL
            } else {
                let s = a.value(i);
                match last {
                    Some((l, id)) if l == s => id,
                    _ => {
                        let id = self.intern(s);
                        last = Some((s, id));
                        id
                    }
                }
            };
            self.page.push(id);
        }
    }
}
