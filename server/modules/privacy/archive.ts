import JSZip from 'jszip';
import type { Row } from '../../db/database';
import type { Subject } from './subject';

/**
 * The subject access export as one ZIP: each section as JSON (exact values) and CSV (for a
 * spreadsheet), the pictures as stored, and a README saying what each file is. JSZip (already
 * in node_modules through exceljs, now a dependency of ours) builds it in memory: one person's
 * data is small, and the audit entry is written before the answer, never after a cut stream.
 */

/** A CSV cell: quoted when it holds a quote, comma or line break; a leading =, +, - or @ is escaped against formula injection. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  // Numbers and booleans are written as JSON writes them; lists and objects as their JSON.
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly Row[]): string {
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  const lines = [columns.map(cell).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export interface ArchiveMeta {
  at: string;
  by: string;
}

export async function archiveOf(subject: Subject, meta: ArchiveMeta): Promise<{ zip: Buffer; files: string[] }> {
  const zip = new JSZip();
  const readme: string[] = [
    `Subject access export: everything the console holds about ${subject.resource.name} #${subject.id}.`,
    `Made ${meta.at} by ${meta.by}; the export itself is recorded in the audit trail.`,
    '',
    'Each table is given twice: as JSON (the exact values) and as CSV (to open in a spreadsheet).',
    '',
  ];
  const files: string[] = [];
  for (const s of subject.sections) {
    zip.file(`${s.file}.json`, `${JSON.stringify(s.rows, null, 2)}\n`);
    zip.file(`${s.file}.csv`, toCsv(s.rows));
    files.push(`${s.file}.json`, `${s.file}.csv`);
    readme.push(`${s.file}.json, ${s.file}.csv (${s.rows.length} ${s.rows.length === 1 ? 'row' : 'rows'}): ${s.what}`);
  }
  for (const p of subject.pictures) {
    zip.file(p.file, p.bytes);
    files.push(p.file);
    readme.push(`${p.file}: the picture stored in ${p.what}.`);
  }
  zip.file('README.txt', `${readme.join('\n')}\n`);
  files.unshift('README.txt');
  const out = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
  return { zip: out, files };
}
