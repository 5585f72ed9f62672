import { useCallback, useId, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import Delete from '@mui/icons-material/Delete';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { FieldTitle, InputHelperText, useInput, useTranslate, type Validator } from 'react-admin';
import type { Size } from '../../resources';
import { uploadUrl } from '../config';

/**
 * One row per picture: a stored one is its relative path, a new one the {rawFile, title} object
 * react-admin's ImageInput would make, so the data provider sends kept paths as `<name>_json` and
 * new files as `<name>` (see dataProvider/records.ts).
 */
type Item = string | { rawFile: File; title: string };

const isItem = (v: unknown): v is Item =>
  (typeof v === 'string' && v !== '') || (typeof v === 'object' && v !== null && 'rawFile' in v && v.rawFile instanceof File);

const wrap = (file: File): Item => ({ rawFile: file, title: file.name });

/** A preview of a chosen file, its object URL released when the row goes away. */
function Preview({ item, size }: { item: Item; size: Size }) {
  // A stored picture's URL is known at once; a chosen file gets an object URL while its <img>
  // is mounted (a React 19 ref callback with cleanup), released when the row goes away.
  const file = typeof item === 'string' ? undefined : item.rawFile;
  const attach = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img || !file || typeof URL.createObjectURL !== 'function') return; // jsdom has no object URLs
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => {
        URL.revokeObjectURL(url);
      };
    },
    [file],
  );
  const src = typeof item === 'string' ? uploadUrl(item) : undefined;
  return (
    <Box
      component="img"
      ref={attach}
      src={src}
      alt={typeof item === 'string' ? item : item.title}
      sx={{ width: size[0], height: size[1], objectFit: 'contain', borderRadius: 1, bgcolor: 'action.hover' }}
    />
  );
}

/** A button that opens the file chooser; the input itself stays hidden but labelled. */
function FileButton(props: { label: string; multiple?: boolean; onFiles: (files: File[]) => void; icon: 'add' | 'replace' }) {
  const id = useId();
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])].filter((f) => f.type.startsWith('image/'));
    e.target.value = ''; // choosing the same file again still fires a change
    if (files.length) props.onFiles(files);
  };
  const input = <input id={id} hidden type="file" accept="image/*" multiple={props.multiple} aria-label={props.label} onChange={choose} />;
  if (props.icon === 'add') {
    return (
      <Button component="label" htmlFor={id} variant="outlined" size="small" startIcon={<AddPhotoAlternate />}>
        {props.label}
        {input}
      </Button>
    );
  }
  // describeChild: the tooltip describes the button instead of naming it, so only the file input
  // carries the "Replace image N" name.
  return (
    <Tooltip title={props.label} describeChild>
      <IconButton component="label" htmlFor={id} size="small">
        <SwapHoriz fontSize="small" />
        {input}
      </IconButton>
    </Tooltip>
  );
}

interface Props {
  source: string;
  resource: string;
  required?: boolean;
  validate?: Validator[];
  preview?: Size;
  /** Shown without its add, replace and remove buttons (read-only for the user). */
  disabled?: boolean;
}

/** Several pictures for one record (optics): each row can be added, replaced or removed. */
export function ImageListInput({ source, resource, validate, required, preview = [96, 72], disabled = false }: Props) {
  const translate = useTranslate();
  const { field, fieldState, isRequired } = useInput({
    source,
    resource,
    validate,
    disabled,
    format: (v: unknown) => (Array.isArray(v) ? v.filter(isItem) : []),
  });
  const items: Item[] = Array.isArray(field.value) ? field.value.filter(isItem) : [];
  const set = (next: Item[]) => field.onChange(next);
  const rowLabel = (i: number) => translate('app.image_number', { number: i + 1 });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }} aria-label={translate(`resources.${resource}.fields.${source}`)}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        <FieldTitle source={source} resource={resource} isRequired={required ?? isRequired} />
      </Typography>
      {items.length === 0 && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {translate('app.no_image')}
        </Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {items.map((item, i) => (
          <Box
            component="li"
            key={typeof item === 'string' ? item : `${item.title}-${i}`}
            aria-label={rowLabel(i)}
            sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
          >
            <Preview item={item} size={preview} />
            <Typography variant="body2" sx={{ flex: 1, wordBreak: 'break-all' }}>
              {typeof item === 'string' ? item.split('/').pop() : item.title}
            </Typography>
            {!disabled && (
              <>
                <FileButton
                  icon="replace"
                  label={translate('app.replace_image', { number: i + 1 })}
                  onFiles={([file]) => {
                    if (file) set(items.map((x, j) => (j === i ? wrap(file) : x)));
                  }}
                />
                <Tooltip title={translate('app.remove_image', { number: i + 1 })}>
                  <IconButton
                    size="small"
                    aria-label={translate('app.remove_image', { number: i + 1 })}
                    onClick={() => set(items.filter((_, j) => j !== i))}
                  >
                    <Delete fontSize="small" />
                  </IconButton>
                </Tooltip>
              </>
            )}
          </Box>
        ))}
      </Box>
      {!disabled && (
        <Box sx={{ mt: 1 }}>
          <FileButton icon="add" multiple label={translate('app.add_images')} onFiles={(files) => set([...items, ...files.map(wrap)])} />
        </Box>
      )}
      {fieldState.invalid && (
        <FormHelperText error>
          <InputHelperText error={fieldState.error?.message} />
        </FormHelperText>
      )}
    </Box>
  );
}
