/**
 * The audit log's names of spreadsheet actions in Spanish: with the shell (the audit log can
 * show them before the spreadsheet tools were ever opened), apart from spreadsheets.es.ts.
 */
export default {
  audit: { actions: { export: 'Exportación', import: 'Importación', 'import-undo': 'Importación deshecha' } },
};
