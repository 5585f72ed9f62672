/**
 * The audit log's names of spreadsheet actions in English: with the shell (the audit log can
 * show them before the spreadsheet tools were ever opened), apart from spreadsheets.en.ts.
 */
export default {
  // The list's Export and Import buttons: shown before the spreadsheet tools' own words load.
  spreadsheets: { export: 'Export', import: 'Import' },
  audit: { actions: { export: 'Export', import: 'Import', 'import-undo': 'Import undone' } },
};
