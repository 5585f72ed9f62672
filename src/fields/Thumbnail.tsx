import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Size } from '../../resources';
import { uploadUrl } from '../config';

interface Props {
  source: string;
  size?: Size;
  /** Field holding a URL the thumbnail opens in a new tab (blog videos). */
  linkTo?: string;
}

const isWebUrl = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\//i.test(v);

/** List thumbnail(s) of an image or image-list field; "No Image" when there is none. */
export function Thumbnail({ source, size = [50, 50], linkTo }: Props) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value: unknown = record?.[source];
  const paths = (Array.isArray(value) ? value : [value]).filter((p): p is string => typeof p === 'string' && p !== '');
  const images =
    paths.length === 0 ? (
      <Typography variant="caption" color="text.secondary">
        {translate('app.no_image')}
      </Typography>
    ) : (
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        {paths.map((p) => (
          <Box
            key={p}
            component="img"
            src={uploadUrl(p)}
            alt=""
            loading="lazy"
            sx={{ width: size[0], height: size[1], objectFit: 'cover', borderRadius: 1, display: 'block' }}
          />
        ))}
      </Box>
    );
  const href: unknown = linkTo ? record?.[linkTo] : undefined;
  if (!isWebUrl(href)) return images;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" aria-label={translate('app.open_link', { url: href })}>
      {images}
    </Link>
  );
}
