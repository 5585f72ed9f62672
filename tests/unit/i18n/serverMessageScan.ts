import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Finds the texts the server can answer with by reading its source: a small evaluator over the
 * TypeScript syntax tree, not a regular expression, so a message split over lines, built from a
 * template, a conditional or a helper (`notFound(`menu ${id}`)`) is still found.
 *
 * Where a message is written:
 * - `new ApiError(status, message, { field: message })`;
 * - `fail(message)` (the descriptor rules) and `errors[field] = message` (or `??=`) / `errors.field = message`;
 * - `success(message, ...)` and any object literal with both `status` and `message`;
 * - `refuseInvalid(request, { message })`: a route's own message for a request its schema refused;
 * - `return message` in a function named `...Problem` (password rules).
 *
 * How a message expression becomes sample texts: literals as written; a template's `${...}` as a
 * sample value, or the values the enclosing function's callers pass when it is one of its
 * parameters (so `checkLastSuperAdmin(id, 'deleted')` gives the whole sentence); both branches of
 * `a ? b : c`, `a ?? b`, `a || b`; a `const` of the same file; any value of a constant table
 * `TABLE[key]`; a call of a same-file arrow function with an expression body, evaluated. What
 * cannot be seen (a variable from elsewhere, `Object.values(errors).join('; ')`, a plugin's
 * `err.message`) is reported as a pass-through, for the test to account for.
 */

/** Stands for a value the scan cannot know (a record's name, an id, a count). */
export const SAMPLE = 'x7';
const OPAQUE = '\u0000';
const MAX_SAMPLES = 64;
const MAX_DEPTH = 5;

export interface Sample {
  /** `server/crud/body.ts:38` */
  where: string;
  text: string;
}

export interface PassThrough {
  where: string;
  /** `server/crud/body.ts: e.message ?? 'Malformed multipart body'`: how the test names it. */
  id: string;
}

type Env = ReadonlyMap<string, readonly string[]>;

/**
 * Method names that Maps, Sets, Fastify and the services all use: a call of `x.get(...)` says
 * nothing about which `get` it is, so such a function's parameters stay unknown. Elsewhere a
 * function's callers are those of its file, and any file's when no other function has its name.
 */
const COMMON_NAMES = new Set([
  'get',
  'set',
  'has',
  'add',
  'delete',
  'remove',
  'update',
  'create',
  'list',
  'find',
  'emit',
  'send',
  'on',
  'one',
]);
type FunctionNode = ts.FunctionLikeDeclaration;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

const product = (a: readonly string[], b: readonly string[]) => a.flatMap((x) => b.map((y) => x + y)).slice(0, MAX_SAMPLES);
const union = (...lists: (readonly string[])[]) => [...new Set(lists.flat())].slice(0, MAX_SAMPLES);

function nameOf(fn: ts.Node): string | undefined {
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
  const parent = fn.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name)) return parent.name.text;
  return undefined;
}

const isFunction = (n: ts.Node): n is FunctionNode =>
  ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n);

function enclosingFunctions(node: ts.Node): FunctionNode[] {
  const out: FunctionNode[] = [];
  for (let n = node.parent; n as ts.Node | undefined; n = n.parent) if (isFunction(n)) out.push(n);
  return out;
}

function identifiersIn(node: ts.Node, out = new Set<string>()): Set<string> {
  if (ts.isIdentifier(node)) out.add(node.text);
  node.forEachChild((c) => {
    identifiersIn(c, out);
  });
  return out;
}

const paramNames = (fn: FunctionNode) => fn.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : undefined));

/**
 * A function is called by its name (`notFound(...)`), a method through its object
 * (`escalation.assertHolds(...)`): `function:notFound`, `method:assertHolds`.
 */
const calleeKey = (call: ts.CallExpression) =>
  ts.isIdentifier(call.expression)
    ? `function:${call.expression.text}`
    : ts.isPropertyAccessExpression(call.expression)
      ? `method:${call.expression.name.text}`
      : undefined;

function declarationKey(fn: FunctionNode): string | undefined {
  const name = nameOf(fn);
  if (!name) return undefined;
  return ts.isMethodDeclaration(fn) || ts.isPropertyAssignment(fn.parent) ? `method:${name}` : `function:${name}`;
}

export function scanServerMessages(root: string, roots: readonly string[]): { samples: Sample[]; passThroughs: PassThrough[] } {
  const files = roots.flatMap((r) => {
    const full = path.join(root, r);
    return r.endsWith('.ts') ? [full] : filesUnder(full);
  });
  const sources = files.map((f) =>
    ts.createSourceFile(path.relative(root, f).split(path.sep).join('/'), readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true),
  );

  const all: ts.Node[] = [];
  const visit = (n: ts.Node) => {
    all.push(n);
    n.forEachChild(visit);
  };
  for (const s of sources) visit(s);

  const calls = new Map<string, ts.CallExpression[]>();
  const consts = new Map<string, ts.Expression[]>(); // `${file}#${name}`
  const exported = new Map<string, ts.Expression[]>(); // top-level constants by name, for imports
  const declared = new Map<string, number>(); // declaration key -> how many functions bear it
  for (const n of all) {
    if (isFunction(n)) {
      const key = declarationKey(n);
      if (key) declared.set(key, (declared.get(key) ?? 0) + 1);
    }
    if (ts.isCallExpression(n)) {
      const key = calleeKey(n);
      if (key) calls.set(key, [...(calls.get(key) ?? []), n]);
    }
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
      const key = `${n.getSourceFile().fileName}#${n.name.text}`;
      consts.set(key, [...(consts.get(key) ?? []), n.initializer]);
      if (ts.isSourceFile(n.parent.parent.parent)) exported.set(n.name.text, [...(exported.get(n.name.text) ?? []), n.initializer]);
    }
  }

  const where = (n: ts.Node) => {
    const sf = n.getSourceFile();
    return `${sf.fileName}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  };

  /** The parameter values a function is called with, one environment per call (unknown: none). */
  function environments(fn: FunctionNode, depth: number): Env[] {
    const name = nameOf(fn);
    const key = declarationKey(fn);
    const params = paramNames(fn);
    const file = fn.getSourceFile().fileName;
    const sites =
      name && key && !COMMON_NAMES.has(name)
        ? (calls.get(key) ?? []).filter((c) => c.getSourceFile().fileName === file || declared.get(key) === 1)
        : [];
    if (!sites.length || depth > MAX_DEPTH) return [new Map()];
    // One environment per distinct set of values: many callers pass the same unknowns.
    const envs = new Map<string, Env>();
    for (const call of sites) {
      for (const outer of outerEnvironments(call, depth + 1)) {
        const env = new Map<string, readonly string[]>();
        params.forEach((p, i) => {
          const arg = call.arguments[i];
          if (p && arg) env.set(p, evaluate(arg, outer, depth + 1));
        });
        envs.set(JSON.stringify([...env]), env);
      }
    }
    return [...envs.values()].slice(0, MAX_SAMPLES);
  }

  /** The environments a node is evaluated in: those of the nearest function whose parameters it reads. */
  function outerEnvironments(node: ts.Node, depth: number): Env[] {
    const used = identifiersIn(node);
    const fn = enclosingFunctions(node).find((f) => paramNames(f).some((p) => p && used.has(p)));
    return fn ? environments(fn, depth) : [new Map()];
  }

  /** A constant by name: of the same file, else the one top-level constant of that name (an import). */
  function constant(from: ts.Node, name: string): ts.Expression[] | undefined {
    const global = exported.get(name);
    return consts.get(`${from.getSourceFile().fileName}#${name}`) ?? (global?.length === 1 ? global : undefined);
  }

  function evaluate(e: ts.Expression, env: Env, depth: number): string[] {
    if (depth > MAX_DEPTH * 3) return [OPAQUE];
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
    if (ts.isNumericLiteral(e)) return [e.text];
    if (ts.isTemplateExpression(e)) {
      let out = [e.head.text];
      for (const span of e.templateSpans) out = product(product(out, evaluate(span.expression, env, depth + 1)), [span.literal.text]);
      return out;
    }
    if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e) || ts.isSatisfiesExpression(e))
      return evaluate(e.expression, env, depth);
    if (ts.isConditionalExpression(e)) return union(evaluate(e.whenTrue, env, depth + 1), evaluate(e.whenFalse, env, depth + 1));
    if (ts.isBinaryExpression(e)) {
      const op = e.operatorToken.kind;
      if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken)
        return union(evaluate(e.left, env, depth + 1), evaluate(e.right, env, depth + 1));
      if (op === ts.SyntaxKind.PlusToken) return product(evaluate(e.left, env, depth + 1), evaluate(e.right, env, depth + 1));
      return [OPAQUE];
    }
    if (ts.isIdentifier(e)) {
      const bound = env.get(e.text);
      if (bound) return [...bound];
      const known = constant(e, e.text);
      return known ? union(...known.map((x) => evaluate(x, env, depth + 1))) : [OPAQUE];
    }
    if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression)) {
      // A constant table's entry.
      const table = constant(e, e.expression.text)?.[0];
      const entry =
        table && ts.isObjectLiteralExpression(table)
          ? table.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === e.name.text)
          : undefined;
      return entry && ts.isPropertyAssignment(entry) ? evaluate(entry.initializer, env, depth + 1) : [OPAQUE];
    }
    if (ts.isElementAccessExpression(e) && ts.isIdentifier(e.expression)) {
      // A constant table looked up by a key: any of its texts.
      const table = constant(e, e.expression.text)?.[0];
      if (table && ts.isObjectLiteralExpression(table)) {
        const values = table.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? evaluate(p.initializer, env, depth + 1) : []));
        if (values.every((v) => !v.includes(OPAQUE))) return values;
      }
      return [OPAQUE];
    }
    if (ts.isCallExpression(e) && ts.isIdentifier(e.expression)) {
      // A same-file arrow function with an expression body: its text for these arguments.
      const fn = constant(e, e.expression.text)?.[0];
      if (fn && ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) {
        const inner = new Map(env);
        paramNames(fn).forEach((p, i) => {
          const arg = e.arguments[i];
          if (p) inner.set(p, arg ? evaluate(arg, env, depth + 1) : [OPAQUE]);
        });
        return evaluate(fn.body, inner, depth + 1);
      }
    }
    return [OPAQUE];
  }

  /** The message expressions of one node, if it is a place a message is written. */
  function messagesAt(n: ts.Node): ts.Expression[] {
    if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'ApiError') {
      const [, message, errors] = n.arguments ?? [];
      const fields =
        errors && ts.isObjectLiteralExpression(errors)
          ? errors.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? [p.initializer] : []))
          : [];
      return [...(message ? [message] : []), ...fields];
    }
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && ['fail', 'success'].includes(n.expression.text)) {
      const first = n.arguments[0];
      return first && !ts.isNewExpression(first) ? [first] : [];
    }
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'refuseInvalid') {
      const options = n.arguments[1];
      const message =
        options && ts.isObjectLiteralExpression(options)
          ? options.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === 'message')
          : undefined;
      return message && ts.isPropertyAssignment(message) ? [message.initializer] : [];
    }
    if (
      ts.isBinaryExpression(n) &&
      (n.operatorToken.kind === ts.SyntaxKind.EqualsToken || n.operatorToken.kind === ts.SyntaxKind.QuestionQuestionEqualsToken)
    ) {
      const target = n.left;
      const object = ts.isElementAccessExpression(target) || ts.isPropertyAccessExpression(target) ? target.expression : undefined;
      return object && ts.isIdentifier(object) && object.text === 'errors' ? [n.right] : [];
    }
    if (ts.isObjectLiteralExpression(n)) {
      const named = (name: string) =>
        n.properties.find((p) => (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && p.name.getText() === name);
      const message = named('message');
      if (!message || !named('status')) return [];
      const value = ts.isPropertyAssignment(message) ? message.initializer : (message as ts.ShorthandPropertyAssignment).name;
      return ts.isObjectLiteralExpression(value) ? [] : [value]; // a JSON schema's `message: { type: 'string' }`
    }
    if (ts.isReturnStatement(n) && n.expression) {
      const fn = enclosingFunctions(n)[0];
      const name = fn && nameOf(fn);
      return name && name.endsWith('Problem') && !ts.isObjectLiteralExpression(n.expression) && !ts.isIdentifier(n.expression)
        ? [n.expression]
        : [];
    }
    return [];
  }

  const samples: Sample[] = [];
  const passThroughs: PassThrough[] = [];
  for (const n of all) {
    for (const expr of messagesAt(n)) {
      const texts = union(...outerEnvironments(expr, 0).map((env) => evaluate(expr, env, 0)));
      for (const text of texts) {
        // Made of values alone (`${name} ${msg}`): nothing of its own to translate; its values are.
        if (!/\p{L}/u.test(text.replaceAll(OPAQUE, '')))
          passThroughs.push({ where: where(expr), id: `${expr.getSourceFile().fileName}: ${expr.getText()}` });
        else samples.push({ where: where(expr), text: text.split(OPAQUE).join(SAMPLE) });
      }
    }
  }
  return { samples, passThroughs };
}
