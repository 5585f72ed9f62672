/**
 * Writes tests/durations.json (seconds per test file, for tests/sequencer.ts) from a vitest JSON
 * report: `npx vitest run --reporter=json --outputFile.json=report.json`, then
 * `npm run test:durations -- report.json`.
 */
import fs from 'node:fs';
import path from 'node:path';

interface Report {
  testResults: { name: string; startTime: number; endTime: number }[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: npm run test:durations -- <vitest JSON report>');
const report = JSON.parse(fs.readFileSync(file, 'utf8')) as Report;
const root = path.resolve(import.meta.dirname, '..');
const seconds = Object.fromEntries(
  report.testResults
    .map((r) => [path.relative(root, r.name), Math.max(1, Math.round((r.endTime - r.startTime) / 1000))] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
fs.writeFileSync(path.join(root, 'tests/durations.json'), `${JSON.stringify(seconds, null, 2)}\n`);
console.log(`tests/durations.json: ${Object.keys(seconds).length} files`);
