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
use super::Consts;
use crate::outcome::Row;
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

/// The column buffers, in [`super::COLUMNS`] order.
struct Columns {
    game_index: PlainInts<u64>,
    seat: DictInts<u32>,
    hero: Strs,
    bot: Strs,
    edition: Strs,
    rules: Strs,
    players: DictInts<u32>,
    survived: Bools,
    exited: Bools,
    winner: Bools,
    gold: PlainInts<u32>,
    loot_cards: DictInts<u32>,
    treasure_cards: DictInts<u32>,
    death_cause: Strs,
    wounds: DictInts<u32>,
    turns: DictInts<u32>,
    end_round: DictInts<u32>,
    treasure_chamber_turns: DictInts<u32>,
    dragon_draws: DictInts<u32>,
    dragon_rage: Bools,
    monsters_met: DictInts<u32>,
    monsters_killed: DictInts<u32>,
    escapes: DictInts<u32>,
    catacomb_entries: DictInts<u32>,
    chambers_explored: DictInts<u32>,
    searches: DictInts<u32>,
    wounds_taken: DictInts<u32>,
    deaths: DictInts<u32>,
    first_player: Bools,
    monster_policy: Strs,
    seed: DictInts<u64>,
}

impl Columns {
    fn new() -> Columns {
        Columns {
            game_index: Default::default(),
            seat: Default::default(),
            hero: Strs::new(false),
            bot: Strs::new(false),
            edition: Strs::new(false),
            rules: Strs::new(false),
            players: Default::default(),
            survived: Default::default(),
            exited: Default::default(),
            winner: Default::default(),
            gold: Default::default(),
            loot_cards: Default::default(),
            treasure_cards: Default::default(),
            death_cause: Strs::new(true),
            wounds: Default::default(),
            turns: Default::default(),
            end_round: Default::default(),
            treasure_chamber_turns: Default::default(),
            dragon_draws: Default::default(),
            dragon_rage: Default::default(),
            monsters_met: Default::default(),
            monsters_killed: Default::default(),
            escapes: Default::default(),
            catacomb_entries: Default::default(),
            chambers_explored: Default::default(),
            searches: Default::default(),
            wounds_taken: Default::default(),
            deaths: Default::default(),
            first_player: Default::default(),
            monster_policy: Strs::new(false),
            seed: Default::default(),
        }
    }

    /// Every column, in file order.
    fn all(&mut self) -> [&mut dyn Column; 31] {
        [
            &mut self.game_index,
            &mut self.seat,
            &mut self.hero,
            &mut self.bot,
            &mut self.edition,
            &mut self.rules,
            &mut self.players,
            &mut self.survived,
            &mut self.exited,
            &mut self.winner,
            &mut self.gold,
            &mut self.loot_cards,
            &mut self.treasure_cards,
            &mut self.death_cause,
            &mut self.wounds,
            &mut self.turns,
            &mut self.end_round,
            &mut self.treasure_chamber_turns,
            &mut self.dragon_draws,
            &mut self.dragon_rage,
            &mut self.monsters_met,
            &mut self.monsters_killed,
            &mut self.escapes,
            &mut self.catacomb_entries,
            &mut self.chambers_explored,
            &mut self.searches,
            &mut self.wounds_taken,
            &mut self.deaths,
            &mut self.first_player,
            &mut self.monster_policy,
            &mut self.seed,
        ]
    }

    /// Appends rows that fit in the current page: a copy per column, the run constants
    /// looked up in the dictionaries once per call.
    // Out of line, so profiles show the per-row cost apart from the per-page one.
    #[inline(never)]
    fn push_rows(&mut self, rows: &[Row], c: &Consts) {
        let n = rows.len();
        self.game_index.page.extend(rows.iter().map(|r| r.game_index));
        self.seat.page.extend(rows.iter().map(|r| u32::from(r.seat)));
        let heroes = &c.hero_ids;
        self.hero.push_keyed(rows.iter().map(|r| Some(r.hero)), |h| h, |h| heroes[usize::from(h)].as_str());
        let bots = &c.bots;
        self.bot.push_keyed(rows.iter().map(|r| Some(r.seat)), |s| s, |s| bots[usize::from(s)].as_str());
        let edition = self.edition.intern(&c.edition);
        self.edition.page.extend(std::iter::repeat_n(edition, n));
        let rules = self.rules.intern(&c.rules);
        self.rules.page.extend(std::iter::repeat_n(rules, n));
        self.players.page.extend(rows.iter().map(|r| u32::from(r.players)));
        self.survived.page.extend(rows.iter().map(|r| r.survived));
        self.exited.page.extend(rows.iter().map(|r| r.exited));
        self.winner.page.extend(rows.iter().map(|r| r.winner));
        self.gold.page.extend(rows.iter().map(|r| r.gold));
        self.loot_cards.page.extend(rows.iter().map(|r| u32::from(r.loot_cards)));
        self.treasure_cards.page.extend(rows.iter().map(|r| u32::from(r.treasure_cards)));
        self.death_cause.push_keyed(rows.iter().map(|r| r.death_cause), |d| d as u8, |d| d.name());
        self.wounds.page.extend(rows.iter().map(|r| u32::from(r.wounds)));
        self.turns.page.extend(rows.iter().map(|r| u32::from(r.stats.turns)));
        self.end_round.page.extend(rows.iter().map(|r| u32::from(r.stats.end_round)));
        self.treasure_chamber_turns.page.extend(rows.iter().map(|r| u32::from(r.stats.treasure_chamber_turns)));
        self.dragon_draws.page.extend(rows.iter().map(|r| u32::from(r.stats.dragon_draws)));
        self.dragon_rage.page.extend(rows.iter().map(|r| r.stats.dragon_rage));
        self.monsters_met.page.extend(rows.iter().map(|r| u32::from(r.stats.monsters_met)));
        self.monsters_killed.page.extend(rows.iter().map(|r| u32::from(r.stats.monsters_killed)));
        self.escapes.page.extend(rows.iter().map(|r| u32::from(r.stats.escapes)));
        self.catacomb_entries.page.extend(rows.iter().map(|r| u32::from(r.stats.catacomb_entries)));
        self.chambers_explored.page.extend(rows.iter().map(|r| u32::from(r.stats.chambers_explored)));
        self.searches.page.extend(rows.iter().map(|r| u32::from(r.stats.searches)));
        self.wounds_taken.page.extend(rows.iter().map(|r| u32::from(r.stats.wounds_taken)));
        self.deaths.page.extend(rows.iter().map(|r| u32::from(r.stats.deaths)));
        self.first_player.page.extend(rows.iter().map(|r| r.first_player));
        let policy = self.monster_policy.intern(&c.monster_policy);
        self.monster_policy.page.extend(std::iter::repeat_n(policy, n));
        self.seed.page.extend(std::iter::repeat_n(c.seed, n));
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
    /// An encoder for the columns `descr` (the file writer's schema leaves).
    pub fn new(descr: Vec<ColumnDescPtr>, limits: Limits) -> std::io::Result<Encoder> {
        Ok(Encoder {
            columns: Columns::new(),
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

    /// Appends rows, writing each row group to `file` once full.
    pub fn write<W: Write + Send>(
        &mut self,
        mut rows: &[Row],
        c: &Consts,
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

    /// Appends a batch of [`super::COLUMNS`] (already checked against the schema).
    pub fn write_batch<W: Write + Send>(
        &mut self,
        batch: &RecordBatch,
        file: &mut SerializedFileWriter<W>,
    ) -> Result<()> {
        let mut at = 0;
        while at < batch.num_rows() {
            let n = (batch.num_rows() - at).min(self.room());
            for (col, a) in self.columns.all().into_iter().zip(batch.columns()) {
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
        for (col, pending) in self.columns.all().into_iter().zip(&mut self.pending) {
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
        for ((col, pending), descr) in columns.into_iter().zip(&mut self.pending).zip(&self.descr) {
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
