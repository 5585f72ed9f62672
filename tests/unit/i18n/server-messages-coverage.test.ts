import path from 'node:path';
import { LANGUAGES, createI18nProvider, loadServerMessages, type Language } from '../../../i18n';
import { fieldOwners, serverMessageTranslator } from '../../../i18n/server-messages';
import { en } from '../../../i18n';
import { descriptors } from '../../../resources';
import Ajv from 'ajv';
import { errorCodes } from 'fastify';
import { scanServerMessages, SAMPLE, type Sample } from './serverMessageScan';

const root = path.resolve(__dirname, '../../..');
const { samples, passThroughs } = scanServerMessages(root, ['server', 'resources/rules.ts']);

/**
 * Texts the scan cannot see by reading one expression: the value comes from elsewhere at run
 * time. Each pass-through the scan reports must be named here with where its texts come from;
 * those texts are among the scanned ones or in RUN_TIME_TEXTS below, and are checked alike.
 */
const JOINED = "the field messages, each scanned where it is set, joined by '; ' (JOINED_SAMPLES)";
const PASS_THROUGHS: Record<string, string> = {
  "server/auth/no-escalation.ts: slugs.join(', ')": 'the permission slugs themselves: data, not words',
  "server/crud/body.ts: e.message ?? 'Malformed multipart body'": "@fastify/multipart's refusals (PLUGIN_TEXTS)",
  "server/crud/service.ts: Object.values(errors).join('; ')": JOINED,
  "server/crud/service.ts: Object.values(rebased.errors).join('; ')": JOINED,
  "server/crud/save-many.ts: Object.values(errors).join('; ')": JOINED,
  'server/crud/values.ts: r.error': "coerce()'s messages: the fail(...) calls of resources/rules.ts",
  'server/crud/values.ts: `${name} ${msg}`': 'a field name before its message (FIELD_SAMPLES)',
  "server/http/validation.ts: `${path.join('/')} ${missing === undefined ? (e.message ?? 'is invalid') : 'is required'}`":
    "Ajv's messages after a field's path (AJV_TEXTS)",
  'server/http/validation.ts: message': `the route's own (refuseInvalid's \`message\`, scanned at each call), ${JOINED}, or Fastify's validation message (AJV_TEXTS)`,
  "server/modules/access/permission-read.ts: Object.values(errors).join('; ')": JOINED,
  'server/modules/access/routes.ts: err.message': 'an ApiError of the write (a stale save), scanned where it is thrown',
  'server/crud/links.ts: change': "changeOf()'s returns, scanned",
  'server/modules/accounts/forgot-routes.ts: problem': "passwordProblem()'s returns, scanned",
  'server/modules/accounts/profile-routes.ts: problem': "passwordProblem()'s returns, scanned",
  'server/modules/users/rules.ts: problem': "passwordProblem()'s returns, scanned",
  'server/modules/bulk/routes.ts: err.message': 'an ApiError of the row, scanned where it is thrown',
  "server/modules/notifications/payload.ts: Object.values(errors).join('; ')": JOINED,
  "server/modules/notifications/policy.ts: Object.values(errors).join('; ')": JOINED,
  "server/modules/users/policy.ts: Object.values(errors).join('; ')": JOINED,
  "server/routes/crud.ts: Object.values(errors).join('; ')": JOINED,
  'server/plugins/errors.ts: err.message': 'an ApiError, scanned where it is thrown',
  "server/plugins/errors.ts: err.message || 'Bad request'": "Fastify's own refusals (PLUGIN_TEXTS)",
  'resources/rules.ts: field.pattern.message': "a descriptor's pattern message (PATTERN_TEXTS)",
  'server/http/envelope.ts: message': "success()'s own parameter: its callers' texts, scanned at each call",
  'server/routes/crud.ts: done.message':
    "a declared record action's answer (the approvals' approve, reject, rebase), scanned where the action returns it",
};

const at = (where: string, texts: readonly string[]): Sample[] => texts.map((text) => ({ where, text }));

/** Ajv's own wording, from Ajv itself, for the keywords the route schemas use. */
const ajv = new Ajv({ allErrors: true, allowUnionTypes: true });
const ajvCases: [object, unknown][] = [
  ...['integer', 'number', 'string', 'boolean', 'object', 'array', 'null'].map((type): [object, unknown] => [
    { type },
    type === 'string' ? 1 : 'x',
  ]),
  ...[
    ['integer', 'string'],
    ['array', 'null'],
    ['string', 'number', 'null'],
    ['integer', 'string', 'null'],
    ['number', 'string', 'null'],
  ].map((type): [object, unknown] => [{ type }, {}]),
  [{ minimum: 1 }, 0],
  [{ maximum: 1 }, 2],
  [{ exclusiveMinimum: 1 }, 1],
  [{ exclusiveMaximum: 1 }, 1],
  [{ maxLength: 2 }, 'abc'],
  [{ minLength: 2 }, 'a'],
  [{ maxItems: 1 }, [1, 2]],
  [{ minItems: 1 }, []],
  [{ pattern: '^a$' }, 'b'],
  [{ enum: ['a'] }, 'b'],
  [{ const: 'a' }, 'b'],
  [{ type: 'object', additionalProperties: false }, { a: 1 }],
  [{ anyOf: [{ type: 'string' }, { type: 'integer' }] }, true],
  [{ type: 'object', required: ['user_id'] }, {}],
];
const ajvMessages = ajvCases.flatMap(([schema, value]) => {
  const validate = ajv.compile(schema);
  validate(value);
  return (validate.errors ?? []).map((e) => e.message ?? '');
});
const AJV_TEXTS = at('Ajv', [
  ...ajvMessages,
  // As the one translator (server/http/validation.ts) words them: the field's path first.
  ...ajvMessages.map((m) => `group_id ${m}`),
  ...ajvMessages.map((m) => `permission_data/0/menu_id ${m}; group_id is required`),
  ...ajvMessages.map((m) => `Invalid request: body ${m}`),
]);

/** What Fastify and @fastify/multipart answer by themselves, passed on by the error handler. */
const PLUGIN_TEXTS = at('Fastify', [
  new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE().message,
  new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE('text/plain').message,
  new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH().message,
  new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY().message,
  new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY().message,
  // @fastify/multipart's 4xx refusals that body.ts does not word itself (its limits it does).
  'the request is not multipart',
  'prototype property is not allowed as field name',
  'a request field is not a valid JSON as declared by its Content-Type',
  'the request was closed before the multipart data was fully parsed',
  `Malformed JSON body: Unexpected token 'x', "x" is not valid JSON`,
]);

/** A descriptor's own pattern message (`pattern: { regex, message }`), read by coerce(). */
const PATTERN_TEXTS: Sample[] = descriptors.flatMap((d) =>
  d.fields.flatMap((f) => ('pattern' in f && f.pattern ? [{ where: `resources: ${d.name}.${f.name}`, text: f.pattern.message }] : [])),
);

/** Every message of the rules after a field's name, as planWrite() words a refused field. */
const FIELD_SAMPLES: Sample[] = samples
  .filter((s) => s.where.startsWith('resources/rules.ts'))
  .map((s) => ({ where: s.where, text: `designation_code ${s.text}` }));

const JOINED_SAMPLES = at('joined field messages', [
  'designation_code must be at most 50 characters; designation_name is required',
  'This password is too common; choose another; c_password is required',
  'Title is required; Type must be one of: Global, Group, User; Date is required',
  'main_menu refers to an unknown menu (id 9); permission_group Unknown group id(s): 7, 8',
]);

const RUN_TIME_TEXTS: Sample[] = [...AJV_TEXTS, ...PLUGIN_TEXTS, ...PATTERN_TEXTS, ...FIELD_SAMPLES, ...JOINED_SAMPLES];

const all = [...samples, ...RUN_TIME_TEXTS];
// The server's wording loads after the first screen; the console builds its recogniser from it then.
const english = (await loadServerMessages()) as unknown as { server: Record<string, unknown> };
const recognise = serverMessageTranslator(english.server);
const others = LANGUAGES.filter((l): l is Exclude<Language, 'en'> => l !== 'en');

describe('every message the server can answer is in the catalogues', () => {
  it('the scan finds the messages (sanity: it reads templates, helpers and conditionals)', () => {
    const texts = new Set(samples.map((s) => s.text));
    expect(samples.length).toBeGreaterThan(150);
    expect(texts).toContain('You cannot deactivate your own account');
    expect(texts).toContain('The last active Super Admin cannot be moved out of Super Admin');
    expect(texts).toContain(`menu ${SAMPLE} not found`);
    expect(texts).toContain(`must be at most ${SAMPLE} characters`);
    // A route's own message for a body its schema refused (refuseInvalid's `message`).
    expect(texts).toContain('Enter the code');
    expect(texts).toContain(`${SAMPLE} is required`);
  });

  it('each one is recognised, and English shows it as the server wrote it, a field by its label', () => {
    const provider = createI18nProvider();
    const owners = fieldOwners(en.resources);
    /** The text with the field each message begins with (or a row's sub-field) named by its English label. */
    const labelled = (text: string): string => text.split('; ').map(labelledPart).join('; ');
    const labelledPart = (text: string) =>
      text.replace(/^([a-z_]\w*)( row \S+: | )(?:([a-z_]\w*) )?/, (whole, field: string, gap: string, sub: string | undefined) => {
        const label = (name: string) => {
          const owner = owners.get(name)?.[0];
          return owner ? provider.translate(`resources.${owner}.fields.${name}`) : name;
        };
        return `${label(field)}${gap}${sub !== undefined ? `${gap.startsWith(' row') ? label(sub) : sub} ` : ''}`;
      });
    const problems = all.flatMap(({ where, text }) => {
      if (!recognise(text)) return [`${where}: not in the catalogue: ${JSON.stringify(text)}`];
      const shown = provider.translate(text);
      return shown === text || shown === labelled(text)
        ? []
        : [`${where}: English catalogue differs: ${JSON.stringify(text)} shown as ${JSON.stringify(shown)}`];
    });
    expect(problems).toEqual([]);
  });

  it.each(others)('each one is shown in %s', async (language) => {
    const provider = createI18nProvider();
    await provider.changeLocale(language);
    const problems = all.flatMap(({ where, text }) => {
      const shown = provider.translate(text);
      // Bengali and Burmese have their own scripts: three English words in a row are an untranslated part.
      const english = language !== 'es' && /[A-Za-z]{3,} [a-z]{3,} [a-z]{3,}/.test(shown);
      return shown === text || english ? [`${where}: ${JSON.stringify(text)} shown as ${JSON.stringify(shown)}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('every pass-through the scan cannot read is accounted for, and every named one still exists', () => {
    const found = new Set(passThroughs.map((p) => p.id));
    expect(passThroughs.filter((p) => !(p.id in PASS_THROUGHS)).map((p) => `${p.where}: ${p.id}`)).toEqual([]);
    expect(Object.keys(PASS_THROUGHS).filter((id) => !found.has(id))).toEqual([]);
  });
});
