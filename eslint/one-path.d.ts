// Types of one-path.js for the test that plants violations (tests/unit/lint/one-path.test.ts).
import type { Linter } from 'eslint';

export function declaredTables(root?: string): string[];
export function entityWriteRules(tables?: string[]): { selector: string; message: string }[];
export const branchRules: { selector: string; message: string }[];
export function onePathConfig(tables?: string[]): Linter.Config[];
