import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { TestHttpClient } from './http-client.ts';

// Image files for the upload tests, made here rather than kept as binaries: what each
// is, and how it is broken, reads in the code.

/** A noisy picture (noise: it does not compress away, so a cut file is cut inside its pixels). */
const picture = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: 'black',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });

export const jpegFile = (width = 1600, height = 900) => picture(width, height).jpeg().toBuffer();
export const pngFile = (width = 800, height = 450) => picture(width, height).png().toBuffer();
export const webpFile = (width = 800, height = 450) => picture(width, height).webp().toBuffer();

/** A JPEG with EXIF text, GPS and an orientation (6: turn right), as a phone writes one. */
export const phoneJpegFile = () =>
  picture(900, 600)
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'secret-exif-copyright', Make: 'TestPhone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 40/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

export const gifFile = () => picture(200, 100).gif().toBuffer();

/** Plain text saved under an image's name: a name and a type prove nothing. */
export const textFile = () => Buffer.from('これは画像ではありません。 not an image\n'.repeat(20));

/** A real file cut short, as an interrupted copy leaves it. */
export const truncated = (file: Buffer) => file.subarray(0, Math.floor(file.length * 0.6));

/** An animated WebP of two frames. */
export const animatedWebpFile = async () =>
  sharp([await pngFile(200, 100), await pngFile(200, 100)], { join: { animated: true } })
    .webp()
    .toBuffer();

const crc32 = (() => {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  return (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
})();

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An animated PNG (APNG): a PNG whose `acTL` chunk, right after the header, announces 2 frames. */
export const animatedPngFile = async () => {
  const png = await pngFile(200, 100);
  const headerEnd = 8 + 4 + 4 + 13 + 4;
  const acTL = Buffer.alloc(8);
  acTL.writeUInt32BE(2, 0);
  return Buffer.concat([png.subarray(0, headerEnd), pngChunk('acTL', acTL), png.subarray(headerEnd)]);
};

/**
 * A decompression bomb: a genuine 20,000 × 20,000 black-and-white PNG (400 million pixels, gigabytes
 * once decoded), whose rows of zeros deflate to a few tens of kilobytes.
 */
export const pngBombFile = () => {
  const side = 20_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // 1 bit per pixel
  header.writeUInt8(0, 9); // greyscale
  const row = Buffer.alloc(1 + side / 8);
  const rows = Buffer.alloc(row.length * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

/** Over the 5 MB limit (its content does not matter: it is refused by its length). */
export const tooLargeFile = () => Buffer.alloc(5 * 1024 * 1024 + 1, 0xff);

/** PUT an ad's image as the web app sends it: the file's bytes. */
export async function uploadImage(
  client: TestHttpClient,
  adId: string,
  bytes: Uint8Array,
  contentType = 'application/octet-stream',
) {
  const response = await client.raw(`/api/advertiser/ads/${adId}/image`, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: bytes,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as unknown };
}
