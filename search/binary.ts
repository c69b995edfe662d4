/**
 * Byte-level helpers of the static index: LEB128 varints and a container of named sections
 * behind a JSON header. Browser-safe (no Buffer): the engine decoding this is bundled.
 */

/** Growable byte buffer with varint and fixed-width writers. */
export class ByteWriter {
  private bytes = new Uint8Array(1024);
  private length = 0;

  private ensure(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.bytes.subarray(0, this.length));
    this.bytes = next;
  }

  /** Unsigned LEB128; values must be non-negative safe integers. */
  varint(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`varint needs a non-negative integer, got ${value}`);
    this.ensure(8);
    let v = value;
    while (v >= 0x80) {
      this.bytes[this.length++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.bytes[this.length++] = v;
  }

  /** Little-endian unsigned integer of `width` bytes (1, 2 or 4). */
  fixed(value: number, width: 1 | 2 | 4): void {
    this.ensure(width);
    for (let i = 0; i < width; i++) this.bytes[this.length++] = (value >>> (8 * i)) & 0xff;
  }

  /** Raw IEEE-754 double, little-endian. */
  float64(value: number): void {
    this.ensure(8);
    new DataView(this.bytes.buffer).setFloat64(this.length, value, true);
    this.length += 8;
  }

  /** The bytes written so far (a copy). */
  finish(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

/** Sequential reader matching ByteWriter. */
export class ByteReader {
  private offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  /** Next unsigned LEB128. */
  varint(): number {
    let result = 0;
    let scale = 1;
    for (;;) {
      const b = this.bytes[this.offset++];
      if (b === undefined) throw new RangeError('varint past the end of the section');
      result += (b & 0x7f) * scale;
      if (b < 0x80) return result;
      scale *= 0x80;
    }
  }

  /** Next little-endian unsigned integer of `width` bytes. */
  fixed(width: 1 | 2 | 4): number {
    let v = 0;
    for (let i = 0; i < width; i++) v += this.bytes[this.offset++] * 2 ** (8 * i);
    return v;
  }

  /** Next little-endian double. */
  float64(): number {
    const v = new DataView(this.bytes.buffer, this.bytes.byteOffset + this.offset, 8).getFloat64(0, true);
    this.offset += 8;
    return v;
  }
}

const MAGIC = [0x46, 0x43, 0x53, 0x49]; // "FCSI"

/** Pack a JSON header and named byte sections into one file. */
export function packContainer({ header, sections }: { header: unknown; sections: Record<string, Uint8Array> }): Uint8Array {
  const layout: Record<string, [number, number]> = {};
  let offset = 0;
  for (const [name, bytes] of Object.entries(sections)) {
    layout[name] = [offset, bytes.length];
    offset += bytes.length;
  }
  const headerBytes = new TextEncoder().encode(JSON.stringify({ header, sections: layout }));
  const out = new Uint8Array(8 + headerBytes.length + offset);
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(4, headerBytes.length, true);
  out.set(headerBytes, 8);
  let at = 8 + headerBytes.length;
  for (const bytes of Object.values(sections)) {
    out.set(bytes, at);
    at += bytes.length;
  }
  return out;
}

/** Read a container written by packContainer; sections are views, not copies. */
export function unpackContainer<H>(bytes: Uint8Array): { header: H; sections: Record<string, Uint8Array> } {
  if (bytes.length < 8 || MAGIC.some((m, i) => bytes[i] !== m)) throw new Error('not a Forecourt search index (bad magic)');
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
  const parsed = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerLength))) as {
    header: H;
    sections: Record<string, [number, number]>;
  };
  const base = 8 + headerLength;
  const sections: Record<string, Uint8Array> = {};
  for (const [name, [offset, length]] of Object.entries(parsed.sections)) {
    sections[name] = bytes.subarray(base + offset, base + offset + length);
  }
  return { header: parsed.header, sections };
}
