/**
 * The audit log's names of spreadsheet actions in Bangla: with the shell (the audit log can
 * show them before the spreadsheet tools were ever opened), apart from spreadsheets.bn.ts.
 */
export default {
  // The list's Export and Import buttons: shown before the spreadsheet tools' own words load.
  spreadsheets: { export: 'রপ্তানি', import: 'আমদানি' },
  audit: { actions: { export: 'রপ্তানি', import: 'আমদানি', 'import-undo': 'আমদানি ফিরিয়ে নেওয়া' } },
};
