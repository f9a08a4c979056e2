// CSV as RFC 4180 has it: fields separated by commas, records by CRLF (LF alone is accepted too), a field with
// a comma, quote or line break is quoted and its quotes doubled. Each record keeps the line it starts on, so
// errors name the line a person sees in their editor (the header is line 1). Cells a spreadsheet would run as
// a formula are written with a leading apostrophe, and read back without it (spreadsheetSafe / fromSpreadsheet).

export interface CsvRecord {
  /** The 1-based line the record starts on. */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** Parses CSV text into records. Blank lines are skipped; a byte-order mark is ignored. */
export function parseCsv(text: string): CsvRecord[] {
  return [...readCsv(text)];
}

/** The records of CSV text one at a time (a caller may pause between them). */
export function* readCsv(text: string): Generator<CsvRecord> {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let line = 1;
  let i = 0;
  while (i < src.length) {
    const start = line;
    const fields: string[] = [];
    // One record: fields until an unquoted line break or the end.
    for (;;) {
      let value = '';
      if (src[i] === '"') {
        const quoteLine = line;
        i++;
        for (;;) {
          if (i >= src.length) throw new CsvSyntaxError(quoteLine, 'A quoted field is never closed (a " is missing)');
          const ch = src[i]!;
          if (ch === '"') {
            if (src[i + 1] === '"') {
              value += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (ch === '\n') line++;
          value += ch;
          i++;
        }
        if (i < src.length && src[i] !== ',' && src[i] !== '\n' && src[i] !== '\r') {
          throw new CsvSyntaxError(line, 'Text after a closing quote: quote the whole field and double the quotes inside it ("")');
        }
      } else {
        while (i < src.length && src[i] !== ',' && src[i] !== '\n' && src[i] !== '\r') {
          if (src[i] === '"') throw new CsvSyntaxError(line, 'A quote inside an unquoted field: quote the whole field and double the quotes inside it ("")');
          value += src[i];
          i++;
        }
      }
      fields.push(value);
      if (src[i] === ',') {
        i++;
        continue;
      }
      break;
    }
    // The record's end: CRLF, LF, a lone CR, or the end of the text.
    if (src[i] === '\r') i++;
    if (src[i] === '\n') i++;
    line++;
    if (!(fields.length === 1 && fields[0] === '')) yield { line: start, fields };
  }
}

/**
 * A cell a spreadsheet would run as a formula (OWASP's CSV injection rule: it starts with =, +, -, @, a tab or
 * a carriage return) gets a leading apostrophe, which spreadsheets show as text and never evaluate. Plain
 * numbers ('-81.3089') stay numbers. A cell that already starts with apostrophes before such a character gets
 * one more, so fromSpreadsheet gives back exactly what was written.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
export function spreadsheetSafe(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The cell as it was before spreadsheetSafe (one leading apostrophe before a formula character removed). */
export function fromSpreadsheet(cell: string): string {
  return /^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** One field, quoted when it must be (a comma, quote or line break inside, or spaces at either end). */
export function csvField(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Records to CSV text with CRLF line ends (RFC 4180), ending with a line break. */
export function formatCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
