//! Parquet's RLE / bit-packing hybrid encoding, for dictionary indices and definition levels.
//!
//! The stream is a sequence of runs, each behind a ULEB128 header: `count << 1` then the
//! value in whole bytes for a repeated run, or `groups << 1 | 1` then `groups * 8` values
//! packed LSB first at `width` bits each for a literal run. Only the last literal run may be
//! padded (readers stop at the page's value count), so literals are kept in groups of eight.

/// Most values in one literal run: 63 groups keep its header to one byte, the limit most
/// writers keep to.
const MAX_LITERALS: usize = 63 * 8;

/// Bits needed for values up to `max` (0 for 0: a one-entry dictionary needs no bits).
pub fn bit_width(max: u32) -> u8 {
    (32 - max.leading_zeros()) as u8
}

/// Appends `values` (each below `1 << width`) to `out`, without a length prefix.
///
/// Values are taken eight at a time: a group of eight equal values starts a repeated run
/// (as long as the value lasts), any other group is packed. Runs that start inside a group
/// are packed rather than found: cheaper, and zstd takes care of what that leaves.
pub fn encode(values: &[u32], width: u8, out: &mut Vec<u8>) {
    let n = values.len();
    // Room for the worst case up front, so the pushes below never reallocate.
    out.reserve((n / 8 + 2) * (usize::from(width) + 10) + 16);
    // Values from `lit` up to `i` (whole groups) wait to be packed.
    let (mut lit, mut i) = (0, 0);
    while i + 8 <= n {
        let v = values[i];
        if values[i..i + 8].iter().all(|&x| x == v) {
            let mut j = i + 8;
            while j < n && values[j] == v {
                j += 1;
            }
            pack(&values[lit..i], width, out);
            repeat(v, j - i, width, out);
            (lit, i) = (j, j);
        } else {
            i += 8;
        }
    }
    let rest = &values[lit..];
    match rest.first() {
        Some(&v) if lit == i && rest.iter().all(|&x| x == v) => repeat(v, rest.len(), width, out),
        _ => pack(rest, width, out),
    }
}

/// A repeated run: `count` times `value`.
fn repeat(value: u32, count: usize, width: u8, out: &mut Vec<u8>) {
    uleb128((count as u64) << 1, out);
    out.extend_from_slice(&value.to_le_bytes()[..usize::from(width).div_ceil(8)]);
}

/// Literal runs for `values`, the last padded with zeros to a whole group.
fn pack(values: &[u32], width: u8, out: &mut Vec<u8>) {
    for run in values.chunks(MAX_LITERALS) {
        // At most 63 groups: a one-byte header.
        out.push(((run.len().div_ceil(8) << 1) | 1) as u8);
        for group in run.chunks(8) {
            pack_group(group, width, out);
        }
    }
}

/// Eight values (fewer at the very end: the rest are zeros) in exactly `width` bytes.
fn pack_group(group: &[u32], width: u8, out: &mut Vec<u8>) {
    let w = u32::from(width);
    if w <= 8 {
        // Eight values of up to eight bits fill at most one u64: stored whole (one store
        // rather than a copy of `w` bytes), then cut to `w` bytes.
        let mut full = [0u32; 8];
        let group: &[u32; 8] = match group.try_into() {
            Ok(g) => g,
            Err(_) => {
                full[..group.len()].copy_from_slice(group);
                &full
            }
        };
        let mut acc = 0u64;
        for (k, &v) in group.iter().enumerate() {
            acc |= u64::from(v) << (k as u32 * w);
        }
        out.extend_from_slice(&acc.to_le_bytes());
        out.truncate(out.len() - 8 + w as usize);
    } else {
        let (mut acc, mut bits) = (0u64, 0u32);
        for k in 0..8 {
            acc |= u64::from(group.get(k).copied().unwrap_or(0)) << bits;
            bits += w;
            while bits >= 8 {
                out.push(acc as u8);
                acc >>= 8;
                bits -= 8;
            }
        }
    }
}

/// Unsigned LEB128: seven bits a byte, low bits first, high bit set on all but the last.
fn uleb128(mut v: u64, out: &mut Vec<u8>) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Booleans bit-packed LSB first, as PLAIN encodes them (the last byte padded with zeros).
pub fn pack_bools(values: &[bool], out: &mut Vec<u8>) {
    for chunk in values.chunks(8) {
        let mut byte = 0u8;
        for (k, &b) in chunk.iter().enumerate() {
            byte |= u8::from(b) << k;
        }
        out.push(byte);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plain reading of the format, independent of the encoder's choices.
    fn decode(mut bytes: &[u8], width: u8, n: usize) -> Vec<u32> {
        let mut out = Vec::new();
        while out.len() < n {
            let mut header = 0u64;
            let mut shift = 0;
            loop {
                let b = bytes[0];
                bytes = &bytes[1..];
                header |= u64::from(b & 0x7f) << shift;
                shift += 7;
                if b & 0x80 == 0 {
                    break;
                }
            }
            if header & 1 == 0 {
                let len = usize::from(width).div_ceil(8);
                let mut v = [0u8; 4];
                v[..len].copy_from_slice(&bytes[..len]);
                bytes = &bytes[len..];
                out.extend(std::iter::repeat_n(u32::from_le_bytes(v), (header >> 1) as usize));
            } else {
                let count = (header >> 1) as usize * 8;
                let len = count * usize::from(width) / 8;
                let (packed, rest) = bytes.split_at(len);
                bytes = rest;
                for k in 0..count {
                    let mut v = 0u32;
                    for b in 0..usize::from(width) {
                        let bit = k * usize::from(width) + b;
                        v |= u32::from(packed[bit / 8] >> (bit % 8) & 1) << b;
                    }
                    out.push(v);
                }
            }
        }
        assert!(bytes.is_empty(), "trailing bytes");
        out.truncate(n);
        out
    }

    #[test]
    fn round_trips_runs_literals_and_widths() {
        let mut cases: Vec<Vec<u32>> = vec![
            vec![],
            vec![0],
            vec![0; 5],
            vec![3; 1000],
            (0..1000).map(|i| i % 7).collect(),
            (0..37).map(|i| (i / 9) % 3).collect(),
        ];
        // Literals, then a repeat that must lend some values, then literals again.
        let mut mixed: Vec<u32> = (0..13).collect();
        mixed.extend(std::iter::repeat_n(5, 20));
        mixed.extend(0..3);
        mixed.extend(std::iter::repeat_n(1, 9));
        cases.push(mixed);
        let mut x = 12345u32;
        cases.push(
            (0..5000)
                .map(|_| {
                    x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                    if x >> 31 == 0 {
                        2
                    } else {
                        (x >> 16) % 300
                    }
                })
                .collect(),
        );
        for values in cases {
            let width = bit_width(values.iter().copied().max().unwrap_or(0));
            let mut out = Vec::new();
            encode(&values, width, &mut out);
            assert_eq!(decode(&out, width, values.len()), values, "width {width}");
        }
        for width in [0u8, 1, 5, 8, 9, 13, 17, 32] {
            let max = if width == 32 { u32::MAX } else { (1u32 << width) - 1 };
            let values: Vec<u32> = (0..100u32).map(|i| if i % 3 == 0 { max } else { i & max }).collect();
            let mut out = Vec::new();
            encode(&values, width, &mut out);
            assert_eq!(decode(&out, width, values.len()), values, "width {width}");
        }
    }

    #[test]
    fn one_value_is_one_run() {
        let mut out = Vec::new();
        encode(&[0; 3], 0, &mut out);
        assert_eq!(out, [3 << 1]);
        assert_eq!(bit_width(0), 0);
        assert_eq!(bit_width(1), 1);
        assert_eq!(bit_width(255), 8);
        assert_eq!(bit_width(256), 9);
        let mut b = Vec::new();
        pack_bools(&[true, false, true, true, false, false, false, false, true], &mut b);
        assert_eq!(b, [0b1101, 1]);
    }
}
