/**
 * The audit log's names of spreadsheet actions in Burmese: with the shell (the audit log can
 * show them before the spreadsheet tools were ever opened), apart from spreadsheets.my.ts.
 */
export default {
  // The list's Export and Import buttons: shown before the spreadsheet tools' own words load.
  spreadsheets: { export: 'ထုတ်ယူရန်', import: 'တင်သွင်းရန်' },
  audit: { actions: { export: 'ထုတ်ယူမှု', import: 'တင်သွင်းမှု', 'import-undo': 'တင်သွင်းမှု ပြန်ဖျက်ခြင်း' } },
};
