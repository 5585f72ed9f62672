/** What the console says while the server cannot serve (503: its database is down, or a proxy's own page). */
export default {
  server: {
    database_unavailable: 'ဒေတာဘေ့စ်ကို ယခု အသုံးမပြုနိုင်ပါ။ ခဏနေမှ ထပ်ကြိုးစားပါ',
    server_unavailable: 'ဆာဗာကို ယခု အသုံးမပြုနိုင်ပါ။ ခဏနေမှ ထပ်ကြိုးစားပါ',
  },
};
