/** The console's languages (spec 000 section 9), English first: it is the fallback. */
export const LANGUAGES = ['en', 'bn', 'es', 'my'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);
