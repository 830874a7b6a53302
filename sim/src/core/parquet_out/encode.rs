//! The encoder specialised to the results schema: rows go into per-column page buffers,
//! full pages are encoded and zstd-compressed, and full row groups are spliced into the
//! file as finished column chunks. The parquet crate still lays out the file: its page
//! writer writes the page headers, its file writer the row groups, footer and page indexes.
//!
//! This replaces arrow-rs's `ArrowWriter`, whose generic path (Arrow arrays per call,
//! hashing every value into its dictionary, levels, statistics) cost about 5,700
//! instructions a row on the drain thread, which shares two cores with the game workers.
//! Here a row costs about 1,200 (random bot, solo; 870 with four heroes), nearly half of it
//! inside zstd.

use super::columns::{Bools, Column, DictInts, PlainInts, Strs};
use crate::schema::ColumnType::{self, Bool, Str, U16, U32, U64, U8};
use crate::schema::Encoding::{Dictionary, Plain};
use crate::schema::{ColumnDef, ResultsTable, Sink};
use arrow_array::RecordBatch;
use bytes::Bytes;
use parquet::basic::{Compression, Encoding, PageType, ZstdLevel};
use parquet::column::page::{CompressedPage, Page, PageWriter};
use parquet::column::writer::ColumnCloseResult;
use parquet::errors::Result;
use parquet::file::metadata::{ColumnChunkMetaData, OffsetIndexBuilder, PageEncodingStats};
use parquet::file::writer::{SerializedFileWriter, SerializedPageWriter, TrackedWrite};
use parquet::schema::types::ColumnDescPtr;
use std::io::Write;

/// zstd level: on these small pages of small integers level 1 compresses as well as level 3
/// (20,000 random-bot games: 151 KB against 163 KB) for less of the drain thread's time.
pub const ZSTD_LEVEL: i32 = 1;

/// Rows per data page (arrow-rs's default limit): small enough for a reader to skip pages,
/// large enough that compression and page headers cost little.
pub const PAGE_ROWS: usize = 20_000;

/// How many rows go in a data page and in a row group.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub page_rows: usize,
    pub group_rows: usize,
}

/// A column's page buffer, of the kind its type and encoding call for.
enum Buffer {
    PlainU32(PlainInts<u32>),
    PlainU64(PlainInts<u64>),
    DictU32(DictInts<u32>),
    DictU64(DictInts<u64>),
    Bools(Bools),
    Strs(Strs),
}

impl Buffer {
    /// The buffer for a column (UInt8 and UInt16 values are stored as 32-bit integers).
    fn of(def: &ColumnDef) -> Buffer {
        match (def.ty, def.encoding) {
            (U8 | U16 | U32, Plain) => Buffer::PlainU32(Default::default()),
            (U8 | U16 | U32, Dictionary) => Buffer::DictU32(Default::default()),
            (U64, Plain) => Buffer::PlainU64(Default::default()),
            (U64, Dictionary) => Buffer::DictU64(Default::default()),
            (Bool, Plain) => Buffer::Bools(Default::default()),
            (Str, Dictionary) => Buffer::Strs(Strs::new(def.nullable)),
            (Bool | Str, _) => unreachable!("{}: {:?} has no {:?} encoding here", def.name, def.ty, def.encoding),
        }
    }

    fn column(&mut self) -> &mut dyn Column {
        match self {
            Buffer::PlainU32(c) => c,
            Buffer::PlainU64(c) => c,
            Buffer::DictU32(c) => c,
            Buffer::DictU64(c) => c,
            Buffer::Bools(c) => c,
            Buffer::Strs(c) => c,
        }
    }

    fn ints32(&mut self, values: impl Iterator<Item = u32>) {
        match self {
            Buffer::PlainU32(c) => c.page.extend(values),
            Buffer::DictU32(c) => c.page.extend(values),
            _ => unreachable!("not a 32-bit integer column"),
        }
    }

    fn ints64(&mut self, values: impl Iterator<Item = u64>) {
        match self {
            Buffer::PlainU64(c) => c.page.extend(values),
            Buffer::DictU64(c) => c.page.extend(values),
            _ => unreachable!("not a 64-bit integer column"),
        }
    }

    fn strs(&mut self) -> &mut Strs {
        match self {
            Buffer::Strs(c) => c,
            _ => unreachable!("not a string column"),
        }
    }
}

/// The column buffers of a table, in its order.
struct Columns {
    defs: &'static [ColumnDef],
    buffers: Vec<Buffer>,
}

impl Columns {
    fn new(defs: &'static [ColumnDef]) -> Columns {
        Columns { defs, buffers: defs.iter().map(Buffer::of).collect() }
    }

    /// Every column, in file order.
    fn all(&mut self) -> impl Iterator<Item = &mut dyn Column> {
        self.buffers.iter_mut().map(Buffer::column)
    }

    /// Appends rows that fit in the current page: a copy per column, the run constants
    /// looked up in the dictionaries once per call.
    // Out of line, so profiles show the per-row cost apart from the per-page one.
    #[inline(never)]
    fn push_rows<T: ResultsTable>(&mut self, rows: &[T::Row], c: &T) {
        let mut pusher = Pusher { defs: self.defs, buffers: &mut self.buffers, at: 0 };
        c.write_rows(rows, &mut pusher);
        debug_assert_eq!(pusher.at, self.defs.len(), "every column written");
    }
}

/// The encoder's [`Sink`]: each call appends to the next column's buffer.
struct Pusher<'a> {
    defs: &'static [ColumnDef],
    buffers: &'a mut [Buffer],
    at: usize,
}

impl Pusher<'_> {
    /// The next column's buffer, which must be the column named, of type `ty`.
    fn next(&mut self, name: &str, ty: ColumnType) -> &mut Buffer {
        let def = &self.defs[self.at];
        debug_assert!(def.name == name && def.ty == ty, "column {}: {name} {ty:?} written as {def:?}", self.at);
        self.at += 1;
        &mut self.buffers[self.at - 1]
    }
}

impl Sink for Pusher<'_> {
    fn u8s(&mut self, name: &str, values: impl Iterator<Item = u8>) {
        self.next(name, U8).ints32(values.map(u32::from));
    }
    fn u16s(&mut self, name: &str, values: impl Iterator<Item = u16>) {
        self.next(name, U16).ints32(values.map(u32::from));
    }
    fn u32s(&mut self, name: &str, values: impl Iterator<Item = u32>) {
        self.next(name, U32).ints32(values);
    }
    fn u64s(&mut self, name: &str, values: impl Iterator<Item = u64>) {
        self.next(name, U64).ints64(values);
    }
    fn bools(&mut self, name: &str, values: impl Iterator<Item = bool>) {
        match self.next(name, Bool) {
            Buffer::Bools(c) => c.page.extend(values),
            _ => unreachable!("{name} is not a boolean column"),
        }
    }
    fn keyed_strs<'a, K: Copy>(
        &mut self,
        name: &str,
        keys: impl Iterator<Item = Option<K>>,
        slot: impl Fn(K) -> u8,
        text: impl Fn(K) -> &'a str,
    ) {
        self.next(name, Str).strs().push_keyed(keys, slot, text);
    }
    fn same_str(&mut self, name: &str, value: &str, n: usize) {
        let strs = self.next(name, Str).strs();
        let id = strs.intern(value);
        strs.page.extend(std::iter::repeat_n(id, n));
    }
}

/// The data pages of one column chunk, compressed, waiting for the chunk's dictionary page
/// (which must come first but is complete only at the end of the chunk).
#[derive(Default)]
struct Pending {
    pages: Vec<CompressedPage>,
    /// Rows of each page, for the offset index.
    rows: Vec<usize>,
}

/// Encodes rows into column chunks and hands full row groups to the file writer.
pub struct Encoder {
    columns: Columns,
    pending: Vec<Pending>,
    descr: Vec<ColumnDescPtr>,
    zstd: zstd::bulk::Compressor<'static>,
    /// Uncompressed page body being built.
    body: Vec<u8>,
    limits: Limits,
    page_rows: usize,
    group_rows: usize,
}

impl Encoder {
    /// An encoder for the table `defs`, whose columns are `descr` (the file writer's schema
    /// leaves).
    pub fn new(defs: &'static [ColumnDef], descr: Vec<ColumnDescPtr>, limits: Limits) -> std::io::Result<Encoder> {
        debug_assert_eq!(defs.len(), descr.len());
        Ok(Encoder {
            columns: Columns::new(defs),
            pending: descr.iter().map(|_| Pending::default()).collect(),
            descr,
            zstd: zstd::bulk::Compressor::new(ZSTD_LEVEL)?,
            body: Vec::new(),
            limits,
            page_rows: 0,
            group_rows: 0,
        })
    }

    /// Rows that fit before the page or the row group is full.
    fn room(&self) -> usize {
        (self.limits.page_rows - self.page_rows).min(self.limits.group_rows - self.group_rows)
    }

    /// Appends rows of the table `c` (the encoder's), writing each row group to `file` once
    /// full.
    pub fn write<T: ResultsTable, W: Write + Send>(
        &mut self,
        mut rows: &[T::Row],
        c: &T,
        file: &mut SerializedFileWriter<W>,
    ) -> Result<()> {
        while !rows.is_empty() {
            let (now, rest) = rows.split_at(rows.len().min(self.room()));
            self.columns.push_rows(now, c);
            rows = rest;
            self.added(now.len(), file)?;
        }
        Ok(())
    }

    /// Appends a batch of the table's columns (already checked against the schema).
    pub fn write_batch<W: Write + Send>(
        &mut self,
        batch: &RecordBatch,
        file: &mut SerializedFileWriter<W>,
    ) -> Result<()> {
        let mut at = 0;
        while at < batch.num_rows() {
            let n = (batch.num_rows() - at).min(self.room());
            for (col, a) in self.columns.all().zip(batch.columns()) {
                col.push_array(&a.slice(at, n));
            }
            at += n;
            self.added(n, file)?;
        }
        Ok(())
    }

    /// Writes what is buffered: the last page and row group.
    pub fn finish<W: Write + Send>(&mut self, file: &mut SerializedFileWriter<W>) -> Result<()> {
        if self.page_rows > 0 {
            self.flush_page()?;
        }
        if self.group_rows > 0 {
            self.flush_group(file)?;
        }
        Ok(())
    }

    /// Counts `n` rows just pushed; closes the page and the row group when full.
    fn added<W: Write + Send>(&mut self, n: usize, file: &mut SerializedFileWriter<W>) -> Result<()> {
        self.page_rows += n;
        self.group_rows += n;
        if self.page_rows == self.limits.page_rows || self.group_rows == self.limits.group_rows {
            self.flush_page()?;
        }
        if self.group_rows == self.limits.group_rows {
            self.flush_group(file)?;
        }
        Ok(())
    }

    /// Encodes and compresses a data page of every column.
    fn flush_page(&mut self) -> Result<()> {
        let rows = self.page_rows;
        for (col, pending) in self.columns.all().zip(&mut self.pending) {
            self.body.clear();
            let encoding = col.encode_page(&mut self.body);
            let page = Page::DataPage {
                buf: Bytes::from(self.zstd.compress(&self.body)?),
                num_values: rows as u32,
                encoding,
                def_level_encoding: Encoding::RLE,
                rep_level_encoding: Encoding::RLE,
                statistics: None,
            };
            pending.pages.push(CompressedPage::new(page, self.body.len()));
            pending.rows.push(rows);
        }
        self.page_rows = 0;
        Ok(())
    }

    /// Writes the row group: per column, the dictionary page then the data pages into a
    /// buffer, spliced into the file with the chunk's metadata.
    fn flush_group<W: Write + Send>(&mut self, file: &mut SerializedFileWriter<W>) -> Result<()> {
        let rows = self.group_rows;
        let mut group = file.next_row_group()?;
        let columns = self.columns.all();
        for ((col, pending), descr) in columns.zip(&mut self.pending).zip(&self.descr) {
            let mut sink = TrackedWrite::new(Vec::new());
            let mut pages = SerializedPageWriter::new(&mut sink);
            let (mut compressed, mut uncompressed) = (0, 0);
            let mut stats = Vec::new();
            self.body.clear();
            let dictionary = match col.dictionary(&mut self.body) {
                Some(entries) => {
                    let page = Page::DictionaryPage {
                        buf: Bytes::from(self.zstd.compress(&self.body)?),
                        num_values: entries,
                        encoding: Encoding::PLAIN,
                        is_sorted: false,
                    };
                    let spec = pages.write_page(CompressedPage::new(page, self.body.len()))?;
                    compressed += spec.compressed_size;
                    uncompressed += spec.uncompressed_size;
                    stats.push(PageEncodingStats {
                        page_type: PageType::DICTIONARY_PAGE,
                        encoding: Encoding::PLAIN,
                        count: 1,
                    });
                    Some(spec.offset as i64)
                }
                None => None,
            };
            let mut offsets = OffsetIndexBuilder::new();
            let mut first_data = None;
            let encoding = pending.pages.first().map_or(Encoding::PLAIN, |p| p.encoding());
            stats.push(PageEncodingStats {
                page_type: PageType::DATA_PAGE,
                encoding,
                count: pending.pages.len() as i32,
            });
            for (page, rows) in pending.pages.drain(..).zip(pending.rows.drain(..)) {
                let spec = pages.write_page(page)?;
                first_data.get_or_insert(spec.offset as i64);
                compressed += spec.compressed_size;
                uncompressed += spec.uncompressed_size;
                offsets.append_offset_and_size(spec.offset as i64, spec.compressed_size as i32);
                offsets.append_row_count(rows as i64);
            }
            pages.close()?;
            let mut encodings = vec![Encoding::PLAIN, Encoding::RLE];
            if dictionary.is_some() {
                encodings.push(Encoding::RLE_DICTIONARY);
            }
            let metadata = ColumnChunkMetaData::builder(descr.clone())
                .set_compression(Compression::ZSTD(ZstdLevel::try_new(ZSTD_LEVEL)?))
                .set_encodings(encodings)
                .set_page_encoding_stats(stats)
                .set_total_compressed_size(compressed as i64)
                .set_total_uncompressed_size(uncompressed as i64)
                .set_num_values(rows as i64)
                .set_dictionary_page_offset(dictionary)
                .set_data_page_offset(first_data.unwrap_or(0))
                .set_statistics(col.finish_chunk())
                .build()?;
            let bytes = Bytes::from(sink.into_inner()?);
            let close = ColumnCloseResult {
                bytes_written: bytes.len() as u64,
                rows_written: rows as u64,
                metadata,
                bloom_filter: None,
                column_index: None,
                offset_index: Some(offsets.build()),
            };
            group.append_column(&bytes, close)?;
        }
        group.close()?;
        self.group_rows = 0;
        Ok(())
    }
}
