import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * Bulk-loads medicines straight into the app's SQLite file with one prepared statement in one
 * transaction. The FTS5 index (medicine_fts) follows through the table's triggers. Deterministic:
 * the same count always yields the same rows.
 */
export const DRUGS = [
  'Amlodipine',
  'Atorvastatin',
  'Azithromycin',
  'Amoxicillin',
  'Cetirizine',
  'Ciprofloxacin',
  'Clopidogrel',
  'Diclofenac',
  'Domperidone',
  'Esomeprazole',
  'Fexofenadine',
  'Fluconazole',
  'Gliclazide',
  'Ibuprofen',
  'Levofloxacin',
  'Losartan',
  'Metformin',
  'Metronidazole',
  'Montelukast',
  'Naproxen',
  'Omeprazole',
  'Pantoprazole',
  'Paracetamol',
  'Prednisolone',
  'Ranitidine',
  'Rosuvastatin',
  'Salbutamol',
  'Sertraline',
  'Simvastatin',
  'Tramadol',
  'Valsartan',
  'Warfarin',
  'Bisoprolol',
  'Carvedilol',
  'Doxycycline',
  'Escitalopram',
  'Furosemide',
  'Gabapentin',
  'Hydrochlorothiazide',
  'Insulin Glargine',
  'Ketorolac',
  'Lansoprazole',
  'Levothyroxine',
  'Loratadine',
  'Meloxicam',
  'Nifedipine',
  'Ondansetron',
  'Pregabalin',
  'Spironolactone',
  'Telmisartan',
];
export const STRENGTHS = ['5 mg', '10 mg', '20 mg', '25 mg', '40 mg', '50 mg', '100 mg', '250 mg', '500 mg'];
const FORMS = ['tablet', 'capsule', 'syrup', 'suspension', 'injection', 'cream'];

/** mulberry32: a tiny seeded PRNG, so every run builds the same data set. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One seeded medicine, in the column order of COLUMNS. */
export const COLUMNS = [
  'medicine_code',
  'medicine_name',
  'medicine_category',
  'medicine_purchase_price',
  'medicine_sales_price',
  'medicine_sales_profit',
  'medicine_description',
  'medicine_picture',
  'medicine_status',
  'created_at',
  'updated_at',
] as const;
export type SeedRow = [string, string, number, number, number, number, string, string, number, string, string];

/** The deterministic rows: the same count and categories always give the same rows. */
export function* medicineRows(count: number, categories: readonly number[]): Generator<SeedRow> {
  const rnd = prng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const base = Date.UTC(2024, 0, 1);
  for (let i = 1; i <= count; i++) {
    const purchase = Math.round((0.5 + rnd() * 50) * 100) / 100;
    const sales = Math.round(purchase * (1.1 + rnd() * 0.5) * 100) / 100;
    const at = new Date(base + i * 60_000).toISOString();
    yield [
      `MED-${String(i).padStart(6, '0')}`,
      `${pick(DRUGS)} ${pick(STRENGTHS)} ${pick(FORMS)}`,
      pick(categories),
      purchase,
      sales,
      Math.round((sales - purchase) * 100) / 100,
      '',
      '',
      rnd() < 0.95 ? 1 : 0,
      at,
      at,
    ];
  }
}

export function seedMedicines(file: string, count: number): { inserted: number; ms: number } {
  const started = performance.now();
  const db = new SQLite(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    const categories = (db.prepare('SELECT pharmacy_category_id AS id FROM pharmacy_category ORDER BY 1').all() as { id: number }[]).map(
      (r) => r.id,
    );
    if (!categories.length) throw new Error('no pharmacy_category rows: was the app built with seedSamples?');
    const insert = db.prepare(`INSERT INTO medicine (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`);
    db.transaction(() => {
      for (const row of medicineRows(count, categories)) insert.run(...row);
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    return { inserted: count, ms: performance.now() - started };
  } finally {
    db.close();
  }
}

/**
 * PostgreSQL: multi-row INSERTs of 1,000 rows (parameters, not string-built values) in one
 * transaction, with the pg_trgm search index dropped first and rebuilt once at the end (building a
 * GIN index in one go is far faster than maintaining it row by row).
 */
export async function seedMedicinesPg(databaseUrl: string, count: number): Promise<{ inserted: number; ms: number }> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const categories = (await client.query<{ id: number }>('SELECT pharmacy_category_id AS id FROM pharmacy_category ORDER BY 1')).rows.map(
      (r) => r.id,
    );
    if (!categories.length) throw new Error('no pharmacy_category rows: was the app built with seedSamples?');
    const indexes = (
      await client.query<{ indexname: string; indexdef: string }>(
        `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'medicine' AND indexname LIKE 'medicine_search_%'`,
      )
    ).rows;
    await client.query('BEGIN');
    for (const { indexname } of indexes) await client.query(`DROP INDEX ${JSON.stringify(indexname)}`);
    const BATCH = 1000;
    let batch: SeedRow[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const values = batch.map((_, r) => `(${COLUMNS.map((__, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`).join(', ');
      await client.query(`INSERT INTO medicine (${COLUMNS.join(', ')}) VALUES ${values}`, batch.flat());
      batch = [];
    };
    for (const row of medicineRows(count, categories)) {
      batch.push(row);
      if (batch.length === BATCH) await flush();
    }
    await flush();
    await client.query('COMMIT');
    await client.query("SET maintenance_work_mem = '256MB'");
    for (const { indexdef } of indexes) await client.query(indexdef);
    await client.query('VACUUM ANALYZE medicine');
    return { inserted: count, ms: performance.now() - started };
  } finally {
    await client.end();
  }
}
