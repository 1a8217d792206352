/** What an upload is, decided by its bytes; the name and the browser's type are ignored. */
export type Sniffed =
  { readonly ok: true; readonly ext: UploadExt; readonly mime: string; readonly image: boolean } | { readonly ok: false; readonly message: string };

export type UploadExt = 'jpg' | 'png' | 'gif' | 'webp' | 'pdf' | 'doc' | 'docx';

export const MIME: Record<UploadExt, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export const IMAGE_EXTS: readonly UploadExt[] = ['jpg', 'png', 'gif', 'webp'];
export const DOCUMENT_EXTS: readonly UploadExt[] = ['pdf', 'doc', 'docx'];

const starts = (b: Buffer, sig: number[] | string, at = 0) =>
  (typeof sig === 'string' ? Buffer.from(sig, 'latin1') : Buffer.from(sig)).equals(b.subarray(at, at + sig.length));

function kindOf(b: Buffer): UploadExt | null {
  if (starts(b, [0xff, 0xd8, 0xff])) return 'jpg';
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(b, 'GIF87a') || starts(b, 'GIF89a')) return 'gif';
  if (starts(b, 'RIFF') && starts(b, 'WEBP', 8)) return 'webp';
  if (starts(b, '%PDF-')) return 'pdf';
  if (starts(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  if (starts(b, [0x50, 0x4b, 0x03, 0x04])) return 'docx';
  return null;
}

// Markers of content a browser or another reader would run; long enough not to occur by chance in compressed data.
const ACTIVE = ['<script', '<html', '<!doctype', '<svg ', '<svg\n', '<?php', '<iframe', '<body', 'javascript:', '<?xml-stylesheet'];
const PDF_ACTIVE = ['/javascript', '/launch', '/embeddedfile', '/richmedia'];

/**
 * Accepts JPEG, PNG, GIF, WebP, PDF, Word (.doc) and Word (.docx) files, and refuses polyglots:
 * a file that is also a web page or script, a ZIP archive hidden in an image or PDF (GIFAR and
 * the like), a PDF that runs code, or a Word file with macros.
 */
export function sniff(b: Buffer): Sniffed {
  const ext = kindOf(b);
  if (!ext) return { ok: false, message: 'Only JPEG, PNG, GIF or WebP photos and PDF or Word documents can be uploaded' };
  const text = b.toString('latin1').toLowerCase();
  if (ACTIVE.some((m) => text.includes(m))) return { ok: false, message: 'This file also holds web page or script content, so it was refused' };
  if (ext === 'docx') {
    if (!text.includes('[content_types].xml') || !text.includes('word/')) return { ok: false, message: 'This archive is not a Word document' };
    if (text.includes('vbaproject.bin')) return { ok: false, message: 'Word documents with macros are refused' };
  } else {
    if (text.includes('pk\u0003\u0004') || text.includes('pk\u0005\u0006'))
      return { ok: false, message: 'This file hides an archive inside it, so it was refused' };
    if (ext !== 'pdf' && text.includes('%pdf-')) return { ok: false, message: 'This file is both an image and a PDF, so it was refused' };
  }
  if (ext === 'pdf' && PDF_ACTIVE.some((m) => text.includes(m))) return { ok: false, message: 'PDF files that run scripts or embed files are refused' };
  return { ok: true, ext, mime: MIME[ext], image: IMAGE_EXTS.includes(ext) };
}
