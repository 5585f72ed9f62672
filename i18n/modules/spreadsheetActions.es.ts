/**
 * The audit log's names of spreadsheet actions in Spanish: with the shell (the audit log can
 * show them before the spreadsheet tools were ever opened), apart from spreadsheets.es.ts.
 */
export default {
  // The list's Export and Import buttons: shown before the spreadsheet tools' own words load.
  spreadsheets: { export: 'Exportar', import: 'Importar' },
  audit: { actions: { export: 'Exportación', import: 'Importación', 'import-undo': 'Importación deshecha' } },
};
