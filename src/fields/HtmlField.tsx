import DOMPurify from 'dompurify';
import Box from '@mui/material/Box';
import { useRecordContext } from 'react-admin';

/**
 * Rich text rendered as HTML in a list cell (chamber description). The server sanitises on save;
 * the browser sanitises again so a row written by any other means cannot run script here.
 */
export function HtmlField({ source }: { source: string }) {
  const record = useRecordContext();
  const html = DOMPurify.sanitize(String(record?.[source] ?? ''), { USE_PROFILES: { html: true } });
  return <Box className="html-cell" sx={{ '& p': { m: 0 }, maxWidth: 480 }} dangerouslySetInnerHTML={{ __html: html }} />;
}
