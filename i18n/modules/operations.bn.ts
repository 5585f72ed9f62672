/** What the console says while the server cannot serve (503: its database is down, or a proxy's own page). */
export default {
  server: {
    database_unavailable: 'ডেটাবেস এখন পাওয়া যাচ্ছে না; একটু পরে আবার চেষ্টা করুন',
    server_unavailable: 'সার্ভার এখন পাওয়া যাচ্ছে না; একটু পরে আবার চেষ্টা করুন',
  },
};
