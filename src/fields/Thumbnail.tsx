import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import { uploadUrl } from '../config';

interface Props {
  source: string;
  size?: readonly [number, number];
}

/** List thumbnail(s) of an image or image-list field; "No Image" when there is none. */
export function Thumbnail({ source, size = [50, 50] }: Props) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value: unknown = record?.[source];
  const paths = (Array.isArray(value) ? value : [value]).filter((p): p is string => typeof p === 'string' && p !== '');
  if (paths.length === 0) {
    return (
      <Typography variant="caption" color="text.secondary">
        {translate('app.no_image')}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      {paths.map((p) => (
        <Box
          key={p}
          component="img"
          src={uploadUrl(p)}
          alt=""
          loading="lazy"
          sx={{ width: size[0], height: size[1], objectFit: 'cover', borderRadius: 1 }}
        />
      ))}
    </Box>
  );
}
