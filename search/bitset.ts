/**
 * Fixed-size bitsets over document indexes (Uint32Array words), the static engine's filter
 * currency. Bits past the document count are always zero.
 */

/** Words needed for `n` bits. */
export function wordsFor(n: number): number {
  return (n + 31) >>> 5;
}

/** Set bit `i`. */
export function setBit(bits: Uint32Array, i: number): void {
  bits[i >>> 5] |= 1 << (i & 31);
}

/** Is bit `i` set? */
export function hasBit(bits: Uint32Array, i: number): boolean {
  return (bits[i >>> 5] & (1 << (i & 31))) !== 0;
}

/** Set bits in a 32-bit word (SWAR popcount). */
function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Number of set bits. */
export function popcount(bits: Uint32Array): number {
  let c = 0;
  for (let i = 0; i < bits.length; i++) if (bits[i] !== 0) c += popcount32(bits[i]);
  return c;
}

/**
 * AND of the given bitsets; `null` stands for "everything" so unconstrained queries allocate
 * nothing. Returns null when every input is null.
 */
export function intersect({ sets, words }: { sets: (Uint32Array | null)[]; words: number }): Uint32Array | null {
  const real = sets.filter((s): s is Uint32Array => s !== null);
  if (real.length === 0) return null;
  if (real.length === 1) return real[0];
  const out = new Uint32Array(words);
  out.set(real[0]);
  for (let k = 1; k < real.length; k++) {
    const s = real[k];
    for (let i = 0; i < words; i++) out[i] &= s[i];
  }
  return out;
}

/** Indexes of set bits, ascending; with a null set, 0..n-1. */
export function setIndexes({ bits, n }: { bits: Uint32Array | null; n: number }): Int32Array {
  if (bits === null) {
    const all = new Int32Array(n);
    for (let i = 0; i < n; i++) all[i] = i;
    return all;
  }
  const out = new Int32Array(popcount(bits));
  let k = 0;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w];
    while (word !== 0) {
      const low = word & -word;
      out[k++] = (w << 5) + (31 - Math.clz32(low));
      word ^= low;
    }
  }
  return out;
}
