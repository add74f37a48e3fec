import { zipSync } from 'fflate';

/**
 * A zip archive whose headers lie: every entry declares it unpacks to `declared` bytes (local
 * headers and central directory alike), whatever it really holds. What a zip bomb aimed at a
 * size check looks like.
 */
export function lyingZip(entries: Record<string, Uint8Array>, declared = 100): Buffer {
  const zip = Buffer.from(zipSync(entries, { level: 9 }));
  // The end of central directory record: its last 22 bytes (no comment), the directory's size and offset.
  const end = zip.length - 22;
  if (zip.readUInt32LE(end) !== 0x06054b50) throw new Error('unexpected zip layout');
  const entryCount = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < entryCount; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('unexpected central directory entry');
    zip.writeUInt32LE(declared, at + 24);
    const local = zip.readUInt32LE(at + 42);
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error('unexpected local header');
    zip.writeUInt32LE(declared, local + 22);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return zip;
}

/** A worksheet's XML of about `bytes` bytes: the same row again and again (it compresses about a thousandfold). */
export function repetitiveSheetXml(bytes: number): Uint8Array<ArrayBuffer> {
  const head =
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  const row = '<row><c t="inlineStr"><is><t>VES-001</t></is></c></row>';
  const tail = '</sheetData></worksheet>';
  return new TextEncoder().encode(head + row.repeat(Math.ceil(bytes / row.length)) + tail);
}
