import { IMPORT_MODES, SPREADSHEET_FORMATS } from '../../../resources/spreadsheets';
import { LANGUAGES } from '../../../i18n/languages';

const lang = { type: 'string', enum: [...LANGUAGES], description: 'the language of headers, words and messages (default en)' } as const;
const format = { type: 'string', enum: [...SPREADSHEET_FORMATS], description: 'csv (UTF-8 with BOM, the default) or xlsx' } as const;

/** The list's own parameters (filter, search, sort) pass through to the list's parser. */
export const exportQuery = {
  type: 'object',
  properties: {
    format,
    lang,
    columns: { type: 'string', description: 'the visible columns, comma separated, in order (default: the list columns)' },
    tz: {
      type: 'string',
      maxLength: 64,
      description: "the user's time zone (Area/City): dates with a time are written in it; plain dates as they are",
    },
  },
} as const;

export const templateQuery = { type: 'object', properties: { format, lang } } as const;

export const importQuery = {
  type: 'object',
  properties: {
    mode: {
      type: 'string',
      enum: [...IMPORT_MODES],
      description: 'dry-run (default) writes nothing; all writes every row or none; valid writes the rows without errors',
    },
    lang,
    file: { type: 'string', maxLength: 200, description: "the file's name, for the audit trail" },
  },
} as const;

export const undoSchema = {
  params: { type: 'object', required: ['batchId'], properties: { batchId: { type: 'string' } } },
  querystring: { type: 'object', properties: { lang } },
} as const;
