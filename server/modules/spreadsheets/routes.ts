import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { registry as shipped, type ResourceDescriptor } from '../../../resources';
import {
  exportable,
  exportPath,
  exportSlug,
  importable,
  importErrorsPath,
  importPath,
  importSlug,
  importTemplatePath,
  MAX_IMPORT_BYTES,
  UNDO_IMPORT_PATH,
  defaultExportColumns,
  sheetFields,
  type ImportMode,
  type SpreadsheetFormat,
} from '../../../resources/spreadsheets';
import { requireAnyPermission, requirePermission, signedIn } from '../../plugins/auth';
import { ApiError, success } from '../../http/envelope';
import { parseIdParam } from '../../http/ids';
import { refuseInvalid } from '../../http/validation';
import { parseListQuery } from '../../crud/list-query';
import { visibleColumns } from '../../crud/record-rules';
import { registerMenus } from '../access';
import { trailOf } from '../audit/trail';
import { spreadsheetMenus } from './menus';
import { ExportCancelled, filterOf, sheetWriter, SHEET_TYPES, writeRows, type ExportPlan } from './export';
import { listRows } from './rows';
import { languageOf } from './labels';
import { readSheet } from './read-file';
import { importer } from './import';
import { templateOf } from './template';
import { errorFile } from './error-file';
import { zoneOf } from './zones';
import { exportQuery, importQuery, templateQuery, undoSchema } from './schemas';

registerMenus(spreadsheetMenus(shipped));

type Query = Record<string, string | undefined>;

const formatOf = (raw: string | undefined): SpreadsheetFormat => (raw === 'xlsx' ? 'xlsx' : 'csv');
const stamp = () => new Date().toISOString().slice(0, 10);
const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]+/g, '-')}"`;

/** The columns asked for (the list's visible ones), each a field the sheet can carry. */
function columnsOf(d: ResourceDescriptor, raw: string | undefined) {
  if (!raw) return defaultExportColumns(d);
  const fields = sheetFields(d);
  return raw.split(',').map((name) => {
    const f = fields.find((x) => x.name === name.trim());
    if (!f) throw new ApiError(400, `columns: ${d.name} has no column ${name.trim()} to export`);
    return f;
  });
}

/**
 * Spreadsheet export and import for every catalogue resource: the export streams exactly the rows
 * of the list (its filter, search, sort and columns, the actor's branch) as CSV or XLSX; an import
 * reads a CSV or XLSX file, answers a dry run, and writes through the generic write path as one
 * batch that can be undone. Files are sent as the request body (their own content type).
 */
export const spreadsheetRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const trail = trailOf(ctx.conn);
  const imports = importer(ctx, trail);

  // The file is the body: read whole, up to the limit, whatever its type (checked by its bytes).
  app.addContentTypeParser('*', (_request, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    payload.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > MAX_IMPORT_BYTES) {
        refused = true;
        done(new ApiError(413, `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`));
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (!refused) done(null, Buffer.concat(chunks));
    });
    payload.on('error', (err) => {
      if (!refused) done(err);
    });
  });

  const fileName = (q: Query, format: string) => (q.file ?? '').slice(0, 200) || `upload.${format}`;

  for (const d of ctx.registry.all) {
    if (exportable(d)) {
      app.get<{ Querystring: Query }>(
        exportPath(d),
        {
          schema: {
            tags: ['spreadsheets'],
            summary: `The ${d.name} list as CSV or XLSX: its filter, search, sort and columns`,
            querystring: exportQuery,
          },
          attachValidation: true,
          preHandler: requirePermission(exportSlug(d)),
        },
        async (request, reply) => {
          refuseInvalid(request, { status: 400 });
          const actor = signedIn(request);
          const { format: rawFormat, lang: rawLang, columns: rawColumns, tz, ...listParams } = request.query;
          const zone = zoneOf(tz);
          const format = formatOf(rawFormat);
          const q = parseListQuery(d, listParams);
          // The list's own check first: a branch-scoped actor asking for another branch is refused there.
          const { total } = await ctx.crud.list(d, { ...q, page: 1, limit: 1 }, actor);
          // The rows the list walks: the actor's branch and row rules; no column hidden from them.
          const rules = await ctx.crud.rulesFor(d, actor);
          const plan: ExportPlan = {
            d,
            q: await ctx.crud.listQuery(d, q, actor),
            columns: visibleColumns(columnsOf(d, rawColumns), rules, rawColumns !== undefined && rawColumns !== ''),
            format,
            lang: languageOf(rawLang),
            ...(zone && { zone: { from: ctx.timeZone, to: zone } }),
          };
          // Money keeps its two decimals in a workbook (12.50, not 12.5), as the list shows it.
          const money = plan.columns.flatMap((f, i) => (f.kind === 'money' ? [i] : []));
          const writer = sheetWriter(format, d.name, money);
          // The answer ends only once the export's audit entry is written: a client that has the
          // whole file finds the export in the trail, and nothing is written after the answer.
          const body = new PassThrough();
          writer.stream.pipe(body, { end: false });
          const state = { cancelled: false, finished: false };
          request.raw.on('close', () => {
            if (state.finished) return;
            state.cancelled = true;
            writer.stream.destroy();
            body.destroy();
          });
          const rows = listRows(ctx.conn.db, ctx.conn.dialect, ctx.registry, d, plan.q, () => state.cancelled);
          void (async () => {
            let written = 0;
            let failed: Error | undefined;
            try {
              const drained = once(writer.stream, 'end');
              // Awaited below only when the rows were all written; a cancelled export's never settles or fails unheard.
              drained.catch(() => undefined);
              written = await writeRows(plan, writer, rows, (n) => (written = n));
              // Every byte of the file has passed on to the answer.
              await drained;
            } catch (err) {
              if (!(err instanceof ExportCancelled)) {
                request.log.error({ err }, `export of ${d.name} failed`);
                failed = err instanceof Error ? err : new Error(String(err));
                writer.stream.destroy(failed);
              }
            } finally {
              state.finished = true;
              try {
                await trail.record(ctx.conn.db, {
                  action: 'export',
                  resource: d.name,
                  actor,
                  changes: {
                    format,
                    filter: filterOf(q),
                    columns: plan.columns.map((f) => f.name),
                    rows: written,
                    ...(state.cancelled ? { cancelled: true } : {}),
                  },
                });
              } catch (err) {
                request.log.error({ err }, `export of ${d.name}: the audit entry could not be written`);
              }
              if (failed) body.destroy(failed);
              else body.end();
            }
          })();
          return reply
            .header('content-type', SHEET_TYPES[format])
            .header('content-disposition', attachment(`${d.name}-${stamp()}.${format}`))
            .header('x-export-rows', String(total))
            .send(body);
        },
      );
    }
    if (!importable(d)) continue;
    const slug = importSlug(d);

    app.get<{ Querystring: Query }>(
      importTemplatePath(d),
      {
        schema: {
          tags: ['spreadsheets'],
          summary: `An empty ${d.name} import file: the columns and their rules`,
          querystring: templateQuery,
        },
        attachValidation: true,
        preHandler: requirePermission(slug),
      },
      async (request, reply) => {
        refuseInvalid(request, { status: 400 });
        const format = formatOf(request.query.format);
        const file = await templateOf(d, format, languageOf(request.query.lang));
        return reply
          .header('content-type', SHEET_TYPES[format])
          .header('content-disposition', attachment(`${d.name}-template.${format}`))
          .send(file);
      },
    );

    app.post<{ Querystring: Query; Body: unknown }>(
      importPath(d),
      {
        schema: {
          tags: ['spreadsheets'],
          summary: `Import ${d.name} records from a CSV or XLSX file (the body): a dry run, or a commit of every row or only the valid ones`,
          querystring: importQuery,
        },
        attachValidation: true,
        preHandler: requirePermission(slug),
      },
      async (request) => {
        refuseInvalid(request);
        const actor = signedIn(request);
        const lang = languageOf(request.query.lang);
        const mode = (request.query.mode ?? 'dry-run') as ImportMode;
        const sheet = await readSheet(request.body);
        if (mode === 'dry-run') return success('Import Checked', await imports.dryRun(d, sheet, lang, actor));
        const answer = await imports.commit(d, sheet, mode, fileName(request.query, sheet.format), actor, lang);
        return success('Import Done', answer);
      },
    );

    app.post<{ Querystring: Query; Body: unknown }>(
      importErrorsPath(d),
      {
        schema: {
          tags: ['spreadsheets'],
          summary: `The ${d.name} file sent (the body) with an Errors column, to fix and import again`,
          querystring: templateQuery,
        },
        attachValidation: true,
        preHandler: requirePermission(slug),
      },
      async (request, reply) => {
        refuseInvalid(request);
        const lang = languageOf(request.query.lang);
        const sheet = await readSheet(request.body);
        const rows = await imports.plan(d, sheet, lang, signedIn(request));
        return reply
          .header('content-type', SHEET_TYPES[sheet.format])
          .header('content-disposition', attachment(`${d.name}-errors.${sheet.format}`))
          .send(await errorFile(d, sheet, rows, lang));
      },
    );
  }

  const importSlugs = ctx.registry.all.filter(importable).map(importSlug);
  app.post<{ Params: { batchId: string }; Querystring: Query }>(
    `${UNDO_IMPORT_PATH}/:batchId`,
    {
      schema: {
        tags: ['spreadsheets'],
        summary: 'Undo an import: each record back to how it was before, but those changed since',
        ...undoSchema,
      },
      attachValidation: true,
      preHandler: requireAnyPermission(importSlugs),
    },
    async (request: FastifyRequest<{ Params: { batchId: string }; Querystring: Query }>) => {
      refuseInvalid(request);
      const batch = parseIdParam(request.params.batchId, 'import');
      const answer = await imports.undo(batch, signedIn(request), languageOf(request.query.lang));
      return success('Import Undone', answer);
    },
  );
};
