import type { ReactNode } from 'react';
import DOMPurify from 'dompurify';
import { diffWords } from 'diff';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { FieldKind } from '../../../resources';
import { useRegistry } from '../../registry-context';
import { uploadUrl } from '../../config';
import { picturePaths, plainText, type FieldChange } from './changes';
import { ReferenceName } from './ReferenceName';

/** Past this many characters a word diff costs more than it tells: both texts are shown whole. */
const DIFF_LIMIT = 20_000;
const TEXT_KINDS: ReadonlySet<FieldKind> = new Set<FieldKind>(['text', 'longText', 'email', 'phone', 'url']);
const looksLikeHtml = (v: unknown) => typeof v === 'string' && /<\/?[a-z][^>]*>/i.test(v);

/** Removed words in the old value, added words in the new one, each marked (and named for screen readers by the element). */
const REMOVED_SX = { bgcolor: 'rgba(211, 47, 47, 0.16)', color: 'text.primary', textDecoration: 'line-through' } as const;
const ADDED_SX = { bgcolor: 'rgba(46, 125, 50, 0.18)', color: 'text.primary', textDecoration: 'none' } as const;

function WordDiff({ before, after, side }: { before: string; after: string; side: 'before' | 'after' }) {
  if (before.length + after.length > DIFF_LIMIT) return <>{side === 'before' ? before : after}</>;
  const parts = diffWords(before, after);
  return (
    <>
      {parts.map((p, i) => {
        if (side === 'before' && p.added) return null;
        if (side === 'after' && p.removed) return null;
        if (p.removed)
          return (
            <Box key={i} component="del" sx={REMOVED_SX}>
              {p.value}
            </Box>
          );
        if (p.added)
          return (
            <Box key={i} component="ins" sx={ADDED_SX}>
              {p.value}
            </Box>
          );
        return <span key={i}>{p.value}</span>;
      })}
    </>
  );
}

function Pictures({ value }: { value: unknown }) {
  const translate = useTranslate();
  const paths = picturePaths(value);
  if (!paths.length) return <Empty />;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {paths.map((p) => (
        <Box
          key={p}
          component="img"
          src={uploadUrl(p)}
          alt={translate('audit.history.picture', { name: p.split('/').pop() ?? p })}
          loading="lazy"
          sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1, display: 'block' }}
        />
      ))}
    </Box>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      {translate('audit.history.empty_value')}
    </Typography>
  );
}

/** Rich text rendered, sanitised in the browser too (an entry holds the text as it was written). */
function RichText({ value }: { value: unknown }) {
  const html = DOMPurify.sanitize(plainText(value), { USE_PROFILES: { html: true } });
  return (
    <Box className="audit-rich-text" sx={{ '& p': { my: 0.5 }, '& img': { maxWidth: 200 } }} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

function useValueOf(resource: string, name: string) {
  const registry = useRegistry();
  const translate = useTranslate();
  const field = registry.find(resource)?.fields.find((f) => f.name === name);
  const kind = field?.kind;
  return (change: FieldChange, side: 'before' | 'after'): ReactNode => {
    const value = change[side];
    if (kind === 'image' || kind === 'imageList') return <Pictures value={value} />;
    if (value === null || value === undefined || value === '') return <Empty />;
    if (kind === 'richText' || (!field && looksLikeHtml(value))) return <RichText value={value} />;
    if (kind === 'status') return translate(Number(value) === 1 ? 'app.active' : 'app.inactive');
    if (field?.kind === 'reference') return <ReferenceName reference={field.reference} id={value} />;
    const other = change[side === 'before' ? 'after' : 'before'];
    if ((kind === undefined || TEXT_KINDS.has(kind)) && typeof value === 'string' && typeof other === 'string')
      return <WordDiff before={plainText(change.before)} after={plainText(change.after)} side={side} />;
    return plainText(value);
  };
}

/** The old and the new value of one changed field, as two table cells side by side. */
export function ChangeCells({ resource, change }: { resource: string; change: FieldChange }) {
  const translate = useTranslate();
  const valueOf = useValueOf(resource, change.name);
  if (change.secret)
    return (
      <TableCell colSpan={2}>
        <Typography component="span" variant="body2" color="text.secondary">
          {translate('audit.history.secret_changed')}
        </Typography>
      </TableCell>
    );
  return (
    <>
      <TableCell sx={{ verticalAlign: 'top', wordBreak: 'break-word' }}>{valueOf(change, 'before')}</TableCell>
      <TableCell sx={{ verticalAlign: 'top', wordBreak: 'break-word' }}>{valueOf(change, 'after')}</TableCell>
    </>
  );
}

/** A field's label in the viewer's language (its name when the catalogue has none). */
export function useFieldLabel(resource: string) {
  const translate = useTranslate();
  return (name: string) => translate(`resources.${resource}.fields.${name}`, { _: name });
}
