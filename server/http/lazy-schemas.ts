import { AjvCompiler, type BuildCompilerFromPool, type ValidatorFactory } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

/** What Ajv compiles: a check that leaves its errors on itself, where Fastify reads them. */
type Validate = ((data: unknown) => boolean) & { errors?: unknown };
/**
 * The compilers as Fastify calls them at run time: with a route's definition ({schema, method,
 * url, httpPart or httpStatus}). @fastify/ajv-compiler's declared types give the compile function
 * Ajv's own (schema, meta) signature instead, hence the casts where they are handed over.
 */
type CompileValidator = (route: unknown) => Validate;
type CompileSerializer = (route: unknown) => (doc: unknown) => string;

export interface LazySchemaCompilers {
  buildValidator: ValidatorFactory;
  buildSerializer: SerializerFactory;
  /** Compiles every route's schemas now (once the app is ready); throws the first compile error. */
  compileAll: () => number;
}

/**
 * Fastify's own compilers (Ajv for what comes in, fast-json-stringify for what goes out, with the
 * options the server gives them), but each route's schemas are compiled when the route is first
 * asked for instead of all of them while the server gets ready.
 *
 * Compiling every route's schemas took most of the time between the routes being registered and
 * the port being open: a PostgreSQL server at 1,000,000 medicines listened after 1.50 s, and now
 * after 1.08 s (the aim is the first answer within 1.5 s of starting). A route pays its own compile,
 * a few milliseconds, on its first request. The test suite calls `compileAll`, so a schema that cannot
 * compile still fails there rather than on its route's first request.
 */
export function lazySchemaCompilers(): LazySchemaCompilers {
  const buildValidator = AjvCompiler();
  const buildSerializer = SerializerSelector();
  const pending = new Set<() => unknown>();
  return {
    buildValidator: ((externalSchemas: Parameters<BuildCompilerFromPool>[0], options: Parameters<BuildCompilerFromPool>[1]) => {
      const compile = buildValidator(externalSchemas, options) as unknown as CompileValidator;
      return (route: unknown) => {
        let validate: Validate | undefined;
        const compiled = () => (validate ??= compile(route));
        pending.add(compiled);
        const lazy: Validate = (data) => {
          const check = compiled();
          const valid = check(data);
          lazy.errors = check.errors;
          return valid;
        };
        return lazy;
      };
    }) as unknown as ValidatorFactory,
    buildSerializer: (externalSchemas, options) => {
      const compile = buildSerializer(externalSchemas, options) as CompileSerializer;
      return (route) => {
        let serialize: ((doc: unknown) => string) | undefined;
        const compiled = () => (serialize ??= compile(route));
        pending.add(compiled);
        return (doc: unknown) => compiled()(doc);
      };
    },
    compileAll: () => {
      for (const compiled of pending) compiled();
      return pending.size;
    },
  };
}
